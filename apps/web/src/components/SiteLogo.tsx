import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../lib/locale';
import { useSiteInfo } from '../lib/session';
import { LogoMark, logoLabel } from './LogoMark';

/** The site's logo (LogoMark) as the link to the area's start page. */
export function SiteLogo({ to = '/', height = 36 }: { to?: string; height?: number }) {
  const site = useSiteInfo();
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const label = logoLabel(site);
  return (
    <Link
      to={localePath(to)}
      // The name starts with the logo's visible letters, so a voice user saying "click AFS" reaches it (WCAG 2.5.3).
      aria-label={t('header.home', { logoText: label, siteName: site.siteName })}
      style={{ display: 'inline-flex' }}
    >
      <LogoMark site={site} height={height} />
    </Link>
  );
}
