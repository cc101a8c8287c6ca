import type { MeResponse, SiteInfo } from '@portal/contract';
import type { ReactNode } from 'react';
import { applyFavicon } from '../lib/favicon';
import { HTML_LANG } from '../lib/locale';
import { BootFailure } from './BootFailure';
import { LoginApp } from './LoginApp';
import { createLoginApi } from './login-api';
import { destinationAfterSignIn, pageLocale, pageLocation } from './login-state';
import { type Catalogs, createTranslator, loadCatalogs, TranslatorContext } from './translator';

/**
 * Starts the login page: the session, the site and the language's catalogs download side by side; someone already
 * signed in goes on to their area at once (the form never shows), anyone else gets the form. A failed session or
 * site request shows "Fail fetching data" with a retry, as the SPA's session gate does.
 */
export async function bootLogin(options: {
  /** Draws the page (main.tsx: into #root, in StrictMode). */
  render: (page: ReactNode) => void;
  basePath: string;
  location: { pathname: string; search: string };
  navigate: (url: string) => void;
}): Promise<void> {
  const where = pageLocation(options.basePath, options.location);
  const urlLocale = pageLocale(where.pathname);
  document.documentElement.lang = HTML_LANG[urlLocale.language];
  const api = createLoginApi(options.basePath, urlLocale.language);
  const catalogs = loadCatalogs(urlLocale.language).catch((): Catalogs => ({ common: {}, public: {} }));
  const translator = createTranslator(urlLocale.language, await catalogs);

  const start = async () => {
    let me: MeResponse;
    let site: SiteInfo;
    try {
      [me, site] = await Promise.all([api.me(), api.siteInfo()]);
    } catch (error) {
      options.render(
        <TranslatorContext.Provider value={translator}>
          <BootFailure error={error} onRetry={() => void start()} />
        </TranslatorContext.Provider>,
      );
      return;
    }
    applyFavicon(site.siteCode);
    const locale = pageLocale(where.pathname, site);
    const destination = destinationAfterSignIn(me, where, locale);
    if (destination) {
      options.navigate(destination);
      return;
    }
    options.render(
      <TranslatorContext.Provider value={translator}>
        <LoginApp api={api} site={site} me={me} where={where} locale={locale} navigate={options.navigate} />
      </TranslatorContext.Provider>,
    );
  };
  await start();
}
