import { type Language, type SiteInfo, siteCapabilities } from '@portal/contract';
import type { ReactNode } from 'react';
import { LogoMark, logoLabel } from '../components/LogoMark';
import type { LegalKind } from '../components/legal/legal-types';
import { pathInLanguage } from '../lib/locale';
import { siteLinks } from '../lib/site';
import type { PageLocale, PageLocation } from './login-state';
import { useT } from './translator';

/**
 * The public frame the SPA draws around its login screen (PublicLayout): skip link, header with the site's logo and
 * language links, the `<main>` landmark (with the Japanese machine-translation remark), and the footer without its
 * copyright (the login card has its own). Same landmarks, names and order, in plain elements.
 */
export function LoginFrame({
  site,
  where,
  locale,
  onOpenLegal,
  children,
}: {
  site: SiteInfo;
  where: PageLocation;
  locale: PageLocale;
  onOpenLegal: (kind: LegalKind) => void;
  children: ReactNode;
}) {
  const { t } = useT();
  const links = siteLinks(site);
  return (
    <>
      <a className="skip-link" href="#main-content">
        {t('app.skipToContent')}
      </a>
      <header className="login-header">
        <div className="login-container login-header-row">
          <SiteLogo site={site} href={`${where.basePath}${locale.prefix}/`} />
          <LanguageLinks site={site} where={where} language={locale.language} />
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="login-main">
        <div className="login-container login-main-inner">
          {locale.language === 'ja' && (
            <div className="alert alert-gray machine-note" data-testid="machine-translation-note">
              {t('app.autoTranslationRemark')}
            </div>
          )}
          {children}
        </div>
      </main>
      <footer className="app-footer">
        <div className="login-container">
          <nav aria-label={t('footer.label')} className="footer-nav" data-no-print>
            <a className="anchor" href={links.contactUs} target="_blank" rel="noopener noreferrer">
              {t('footer.contactUs')}
            </a>
            <button type="button" className="footer-link" onClick={() => onOpenLegal('privacy')}>
              {t('footer.privacy')}
            </button>
            <button type="button" className="footer-link" onClick={() => onOpenLegal('disclaimer')}>
              {t('footer.disclaimer')}
            </button>
          </nav>
        </div>
      </footer>
    </>
  );
}

/** The site's logo (components/LogoMark.tsx, as the SPA's SiteLogo draws it) as a link to the login page. */
function SiteLogo({ site, href }: { site: SiteInfo; href: string }) {
  const { t } = useT();
  const label = logoLabel(site);
  return (
    <a href={href} style={{ display: 'inline-flex' }}>
      {/* The name starts with the logo's visible letters, so a voice user saying "click AFS" reaches it (WCAG 2.5.3). */}
      <span className="visually-hidden">
        {t('header.home', { logoText: label, siteName: site.siteName })}
      </span>
      <LogoMark site={site} />
    </a>
  );
}

/** The same page in the site's other languages: full page loads, as the language decides the catalogs loaded. */
function LanguageLinks({
  site,
  where,
  language,
}: {
  site: SiteInfo;
  where: PageLocation;
  language: Language;
}) {
  const { t } = useT();
  const { languages, hasLanguageBar } = siteCapabilities(site.siteCode);
  if (!hasLanguageBar) return null;
  return (
    <nav aria-label={t('languages.label')} className="language-links" data-no-print>
      {languages.map((code) => (
        <a
          key={code}
          className={code === language ? 'anchor language-current' : 'anchor'}
          href={`${where.basePath}${pathInLanguage(where.pathname, where.search, code)}`}
          lang={code === 'kr' ? 'ko' : code === 'zh' ? 'zh-Hant' : code}
          aria-current={code === language ? 'true' : undefined}
        >
          {t(`languages.${code}`)}
        </a>
      ))}
    </nav>
  );
}
