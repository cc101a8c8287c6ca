/*
 * Stand-ins for two imports of Mantine's AppShell parts (header, footer, navbar, aside), which every area's layout
 * draws on its first screen (see vite.config.ts, appShellShims). Neither import does anything for this portal, but
 * together they weighed ≈ 7 kB gzip on every first screen.
 */

/**
 * The two class names AppShell reads from react-remove-scroll (≈ 4 kB gzip with its helpers): the same strings as
 * react-remove-scroll-bar's constants, which the real package (loaded with the first modal or drawer) looks for to
 * keep fixed bars in place while it locks the page's scroll.
 */
export const RemoveScroll = {
  classNames: { zeroRight: 'right-scroll-bar-position', fullWidth: 'width-before-scroll-bar' },
};

/**
 * The drag handle of a resizable navbar or aside, which Mantine draws only when AppShell gets `resize`; the portal's
 * layouts never pass it (app-shell-shims.test.ts checks), so the handle is always nothing.
 */
export function AppShellResizeHandle(_props: { section: string; sectionId?: string }): null {
  return null;
}
