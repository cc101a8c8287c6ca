import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';
import { describe, expect, it } from 'vitest';
import { RemoveScroll } from './app-shell-shims';

describe('the AppShell shims (vite.config.ts, appShellShims)', () => {
  it('give the class names the real react-remove-scroll uses to keep fixed bars in place', () => {
    expect(RemoveScroll.classNames).toEqual({ zeroRight: zeroRightClassName, fullWidth: fullWidthClassName });
  });

  it('may drop the resize handle: no layout makes its AppShell resizable', () => {
    const sources = Object.values(
      import.meta.glob<string>('../app/layouts/*.tsx', { query: '?raw', import: 'default', eager: true }),
    );
    expect(sources.some((source) => source.includes('<AppShell'))).toBe(true);
    for (const source of sources) expect(source).not.toMatch(/<AppShell[^>]*\bresize[=\s]/s);
  });
});
