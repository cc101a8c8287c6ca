import { SITE_ACCENT, type SiteInfo } from '@portal/contract';

/** What the logo of a site says: its short name, or its code. */
export function logoLabel(site: Pick<SiteInfo, 'siteShortName' | 'siteCode'>): string {
  return site.siteShortName || site.siteCode.toUpperCase();
}

/**
 * The site's text logo drawn inline: no image request, crisp at any size, and it prints. Decorative: the link
 * around it carries the name. Shared by the SPA (SiteLogo) and the light login page, so it imports nothing heavy.
 */
export function LogoMark({
  site,
  height = 36,
}: {
  site: Pick<SiteInfo, 'siteShortName' | 'siteCode'>;
  height?: number;
}) {
  const accent = SITE_ACCENT[site.siteCode];
  const label = logoLabel(site);
  // Room for wide capitals (ABSG): a bold 22 px capital is up to ~16 px wide.
  const width = 48 + label.length * 17;
  return (
    <svg height={height} viewBox={`0 0 ${width} 40`} role="img" aria-hidden="true" focusable="false">
      <rect x="2" y="4" width="32" height="32" rx="7" fill={accent} />
      <path d="M10 28l8-16 8 16M13 22h10" stroke="#fff" strokeWidth="2.6" fill="none" strokeLinecap="round" />
      <text
        x="42"
        y="28"
        fill={accent}
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
        fontSize="22"
        fontWeight="700"
        letterSpacing="0.5"
      >
        {label}
      </text>
    </svg>
  );
}
