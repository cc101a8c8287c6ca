import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type DrawerProps,
  type MantineColorsTuple,
  type MantineThemeOverride,
  type MenuProps,
  type ModalProps,
  mergeThemeOverrides,
  type NotificationProps,
} from '@mantine/core';

/** One calm primary colour (deep blue-teal); shade 7 keeps white text above WCAG AA contrast. */
const brand: MantineColorsTuple = [
  '#e8f3f8',
  '#d3e4ee',
  '#a3c8dd',
  '#70aacc',
  '#4891bd',
  '#2f82b4',
  '#1f7ab1',
  '#0e689c',
  '#005c8c',
  '#00507c',
];

/**
 * Mantine's teal with deeper shades 8 and 9: teal is the portal's "success / in force" colour and its light variant
 * (shade 9 text on shade 1) measured 4.33:1; these give 5.25:1 and 6.04:1.
 */
const teal: MantineColorsTuple = [
  ...DEFAULT_THEME.colors.teal.slice(0, 8),
  '#0b7054',
  '#066649',
] as unknown as MantineColorsTuple;

/**
 * Red (danger), orange (warning) and green (success) with deeper shades 7–9: Mantine's measured 3.84:1 (white on the
 * filled red.7 and red.7 outline text), 3.62:1 (orange.9 on its light tint) and 3.81:1 (green.9 on its light tint).
 * These give at least 5.0:1 in each of those uses.
 */
const deepened = (name: 'red' | 'orange' | 'green', shades: [string, string, string]) =>
  [...DEFAULT_THEME.colors[name].slice(0, 7), ...shades] as unknown as MantineColorsTuple;
const red = deepened('red', ['#c92a2a', '#b02525', '#a51d1d']);
const orange = deepened('orange', ['#b23a0a', '#a33508', '#93300a']);
const green = deepened('green', ['#237032', '#1f6a2e', '#1a5c28']);

/**
 * Text colours that meet WCAG AA (4.5:1) on every surface the portal paints: white, gray.0 (footer, table heads),
 * brand.0 (unread rows, plan figures) and the light alert backgrounds. Mantine's defaults measured 3.32:1 (dimmed,
 * gray.6), 3.28:1 (error, red.6) and 2.07:1 (placeholder, gray.5).
 */
export const ACCESSIBLE_TEXT = {
  /** 6.09:1 on white, 5.40:1 on brand.0. */
  dimmed: '#5c636a',
  /** red.9: 5.46:1 on white, 4.51:1 on red.1. */
  error: '#c92a2a',
  /** 4.83:1 on white. */
  placeholder: '#6b7280',
} as const;

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': ACCESSIBLE_TEXT.dimmed,
    '--mantine-color-error': ACCESSIBLE_TEXT.error,
    '--mantine-color-placeholder': ACCESSIBLE_TEXT.placeholder,
  },
  dark: {},
});

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand, teal, red, orange, green },
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Noto Sans CJK TC', 'Noto Sans CJK JP', 'Noto Sans CJK KR', sans-serif",
  headings: { fontWeight: '600' },
  defaultRadius: 'sm',
  // Keyboard users always see where they are; mouse clicks do not leave rings behind (inputs: see global.css).
  focusRing: 'auto',
  cursorType: 'pointer',
  components: {
    // Mantine's focus placeholder is a tab stop without a role inside role="menu" (axe aria-required-children,
    // critical); without it, opening a menu focuses its first item, as the ARIA menu pattern expects.
    // Plain objects rather than Menu.extend(…) (which returns its argument): importing the component itself would
    // put Menu, Popover and floating-ui in the entry chunk of every page.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } satisfies Partial<MenuProps> },
    // Mantine draws a modal's and a drawer's title bar as <header>: portalled to the body, each open dialog added a
    // second banner landmark to the page. The title bar is a plain box; the dialog is named by its title.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
  },
});

/**
 * The theme with the accessible names of Mantine's own icon-only close buttons (notifications, modals, drawers) in
 * the page's language: without them a screen reader announces an unnamed "button". Screens that pass their own
 * closeButtonProps keep theirs.
 */
export function localizedTheme(labels: { close: string; closeNotification: string }): MantineThemeOverride {
  return mergeThemeOverrides(
    theme,
    createTheme({
      components: {
        Notification: {
          defaultProps: {
            closeButtonProps: { 'aria-label': labels.closeNotification },
          } satisfies Partial<NotificationProps>,
        },
        Modal: {
          defaultProps: { closeButtonProps: { 'aria-label': labels.close } } satisfies Partial<ModalProps>,
        },
        Drawer: {
          defaultProps: { closeButtonProps: { 'aria-label': labels.close } } satisfies Partial<DrawerProps>,
        },
      },
    }),
  );
}
