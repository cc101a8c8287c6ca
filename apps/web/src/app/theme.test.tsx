import { DEFAULT_THEME, MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './AppProviders';
import { ACCESSIBLE_TEXT, cssVariablesResolver, localizedTheme, theme } from './theme';

/** WCAG 2.x contrast ratio of two #rrggbb colours. */
function contrast(foreground: string, background: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const channel = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const brand = theme.colors?.brand ?? [];
const teal = theme.colors?.teal ?? [];
/** The surfaces text sits on: white, gray.0 (table heads, footer), brand.0 (unread rows, plan figures). */
const SURFACES = ['#ffffff', DEFAULT_THEME.colors.gray[0], brand[0] ?? ''];

describe('theme colours meet WCAG AA', () => {
  it('secondary (dimmed) and error text reach 4.5:1 on every surface', () => {
    const light = cssVariablesResolver(DEFAULT_THEME).light;
    for (const surface of SURFACES) {
      expect(contrast(light['--mantine-color-dimmed'] ?? '', surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(light['--mantine-color-error'] ?? '', surface)).toBeGreaterThanOrEqual(4.5);
    }
    // Mantine's own values, for the record: what the portal had before.
    expect(contrast(DEFAULT_THEME.colors.gray[6], '#ffffff')).toBeLessThan(4.5);
    expect(contrast(DEFAULT_THEME.colors.red[6], '#ffffff')).toBeLessThan(4.5);
  });

  it('error text also reads on a light red alert, and placeholders on a field', () => {
    expect(contrast(ACCESSIBLE_TEXT.error, DEFAULT_THEME.colors.red[1])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(ACCESSIBLE_TEXT.placeholder, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('the light teal variant (in-force badges, success alerts) reaches 4.5:1', () => {
    expect(contrast(teal[9] ?? '', teal[1] ?? '')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(DEFAULT_THEME.colors.teal[9], DEFAULT_THEME.colors.teal[1])).toBeLessThan(4.5);
  });

  it('white text on the primary filled colour reaches 4.5:1', () => {
    expect(contrast('#ffffff', brand[7] ?? '')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('close buttons of notifications are named in the page language', () => {
  it('a shown notification has a close button called "Close notification"', async () => {
    render(
      <AppProviders>
        <div />
      </AppProviders>,
    );
    act(() => {
      notifications.show({ title: 'Notification', message: 'A new code was sent.' });
    });
    expect(await screen.findByRole('button', { name: 'Close notification' })).toBeInTheDocument();
    act(() => notifications.clean());
  });

  it('without the localized theme the same button has no name (what axe reported)', async () => {
    render(
      <MantineProvider theme={theme}>
        <Notifications />
      </MantineProvider>,
    );
    act(() => {
      notifications.show({ title: 'Notification', message: 'Unnamed.' });
    });
    const button = (await screen.findByText('Unnamed.'))
      .closest('.mantine-Notification-root')
      ?.querySelector('button');
    expect(button?.getAttribute('aria-label') ?? '').toBe('');
    act(() => notifications.clean());
    expect(
      localizedTheme({ close: 'x', closeNotification: 'y' }).components?.Notification?.defaultProps,
    ).toEqual({
      closeButtonProps: { 'aria-label': 'y' },
    });
  });
});
