import type { SiteCode } from '@portal/contract';

/** The accents of the site logos (components/SiteLogo.tsx), so the browser tab shows the site's own mark. */
const FAVICON_ACCENT: Record<SiteCode, string> = { afs: '#0e689c', ipc: '#1d6b52', absg: '#6b3f8f' };

/** The logo's square mark as an SVG data URL: no extra request, and no 404 for /favicon.ico. */
export function faviconHref(siteCode: SiteCode): string {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
    `<rect width="32" height="32" rx="7" fill="${FAVICON_ACCENT[siteCode]}"/>` +
    '<path d="M8 25l8-17 8 17M11 19h10" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/>' +
    '</svg>';
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** Points the page's icon at the site's mark (index.html starts with an empty one, before the site is known). */
export function applyFavicon(siteCode: SiteCode, doc: Document = document): void {
  let link = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'icon';
    doc.head.appendChild(link);
  }
  link.type = 'image/svg+xml';
  link.href = faviconHref(siteCode);
}
