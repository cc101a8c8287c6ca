import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aClient, aProducer, aStaff, meWith, siteInfo } from '../../test/fixtures';
import { jsonResponse, renderApp } from '../../test/render-app';

const page = (unread: number, read = false) => ({
  data: [
    {
      id: 'n12',
      type: 'export_ready',
      at: '2026-11-28T01:02:00Z',
      read,
      title: 'your export is ready',
      link: '/b2b/reports',
    },
    {
      id: 'm3',
      type: 'firm_notice',
      at: '2026-11-27T01:00:00Z',
      read: true,
      title: 'Fund closure',
      link: null,
    },
  ],
  unread,
  more: false,
});
const preferences = {
  data: [
    { type: 'export_ready', inApp: true, email: true, sms: false, digest: false, locked: false },
    { type: 'password_changed', inApp: true, email: true, sms: true, digest: false, locked: true },
  ],
};

describe('notification centre', () => {
  it('shows the bell count, lists notifications with dates, and marks all read', async () => {
    let unread = 1;
    const marked: unknown[] = [];
    renderApp('/b2b/notifications', {
      me: meWith({ currentProducer: aProducer }),
      handlers: {
        '/notifications': () => page(unread, unread === 0),
        '/notifications/preferences': () => preferences,
        'POST /notifications/read': ({ body }) => {
          marked.push(body);
          unread = 0;
          return { unread: 0 };
        },
      },
    });
    expect(await screen.findByText('your export is ready')).toBeInTheDocument();
    expect(screen.getByText('Fund closure')).toBeInTheDocument();
    expect(screen.getAllByText(/^2026\/11\/2[78] \d\d:\d\d · /)).toHaveLength(2);
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(marked).toEqual([{ all: true }]));
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('keeps security notices locked on and saves the other preferences', async () => {
    const saved: unknown[] = [];
    renderApp('/b2c/notifications', {
      me: meWith({ currentClient: aClient }),
      handlers: {
        '/notifications': () => page(0, true),
        '/notifications/preferences': () => preferences,
        'PUT /notifications/preferences': ({ body }) => {
          saved.push(body);
          return preferences;
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Notification preferences' });
    const locked = within(table).getByRole('checkbox', { name: 'Password changed: E-mail' });
    expect(locked).toBeChecked();
    expect(locked).toBeDisabled();
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Export ready: E-mail' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    await waitFor(() =>
      expect(saved).toEqual([
        { data: [{ type: 'export_ready', inApp: true, email: false, sms: false, digest: false }] },
      ]),
    );
    expect(await screen.findByText('Preferences saved.')).toBeInTheDocument();
  });

  it('shows a retry when the list cannot be read', async () => {
    renderApp('/internal/notifications', {
      me: meWith({ currentStaff: aStaff }),
      site: siteInfo('afs', { feature: { external: 'false', internal: 'true' } }),
      handlers: {
        '/notifications': () => jsonResponse({ error: 'The portal is busy.' }, 503),
        '/notifications/preferences': () => preferences,
      },
    });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
