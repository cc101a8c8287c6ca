import { SITE_ACCENT } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../lib/locale';
import { useSiteInfo } from '../lib/session';

/** Text logo drawn inline: no image request, crisp at any size, and it prints. */
export function SiteLogo({ to = '/', height = 36 }: { to?: string; height?: number }) {
  const site = useSiteInfo();
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const accent = SITE_ACCENT[site.siteCode];
  const label = site.siteShortName || site.siteCode.toUpperCase();
  // Room for wide capitals (ABSG): a bold 22 px capital is up to ~16 px wide.
  const width = 48 + label.length * 17;
  return (
    <Link
      to={localePath(to)}
      // The name starts with the logo's visible letters, so a voice user saying "click AFS" reaches it (WCAG 2.5.3).
      aria-label={t('header.home', { logoText: label, siteName: site.siteName })}
      style={{ display: 'inline-flex' }}
    >
      <svg height={height} viewBox={`0 0 ${width} 40`} role="img" aria-hidden="true" focusable="false">
        <rect x="2" y="4" width="32" height="32" rx="7" fill={accent} />
        <path
          d="M10 28l8-16 8 16M13 22h10"
          stroke="#fff"
          strokeWidth="2.6"
          fill="none"
          strokeLinecap="round"
        />
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
    </Link>
  );
}
