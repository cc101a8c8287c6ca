import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Noto Sans CJK TC', 'Noto Sans CJK JP', 'Noto Sans CJK KR', sans-serif",
  headings: { fontWeight: '600' },
  defaultRadius: 'sm',
  // Keyboard users always see where they are; mouse clicks do not leave rings behind.
  focusRing: 'auto',
  cursorType: 'pointer',
});
