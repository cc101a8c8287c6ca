import { describe, expect, it } from 'vitest';
import { applyFavicon, faviconHref } from './favicon';

describe('favicon', () => {
  it('gives each site its own mark, in the site colour', () => {
    expect(decodeURIComponent(faviconHref('afs'))).toContain('fill="#0e689c"');
    expect(decodeURIComponent(faviconHref('ipc'))).toContain('fill="#1d6b52"');
    expect(faviconHref('absg')).not.toBe(faviconHref('afs'));
  });

  it('replaces the empty icon of index.html', () => {
    document.head.innerHTML = '<link rel="icon" href="data:,">';
    applyFavicon('absg');
    const links = document.head.querySelectorAll('link[rel="icon"]');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe(faviconHref('absg'));
  });
});
