import { DEFAULT_LANGUAGE, siteCapabilities } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { LegalDialogHost } from '../components/legal/LegalDialogHost';
import { setApiLanguage } from '../lib/api-client';
import { applyFavicon } from '../lib/favicon';
import { switchLanguage } from '../lib/i18n';
import { HTML_LANG, LocaleContext, type LocaleState, localePrefix, splitLocale } from '../lib/locale';
import { siteInfoQueryOptions } from '../lib/session';
import { AppRoutes } from './AppRoutes';
import { RouteFocus } from './RouteFocus';
import { SessionGate } from './SessionGate';
import { SessionWatch } from './SessionWatch';

/**
 * The app inside a router: works out the language from the URL, loads the session, then renders the routes.
 * The URL's locale segment decides the UI language and the API prefix; a segment the site does not offer
 * (ja on ipc) falls back to English and the routes answer Page Not Found.
 */
export function AppRoot() {
  const { pathname } = useLocation();
  const { urlLanguage } = splitLocale(pathname);
  // Read without waiting: before site info arrives the URL's language is used for the first requests.
  const site = useQuery(siteInfoQueryOptions).data;

  const locale = useMemo<LocaleState>(() => {
    const unsupported =
      !!urlLanguage && !!site && !siteCapabilities(site.siteCode).acceptsLanguage(urlLanguage);
    return {
      language: unsupported ? DEFAULT_LANGUAGE : (urlLanguage ?? DEFAULT_LANGUAGE),
      prefix: unsupported ? '' : localePrefix(urlLanguage),
      unsupported,
    };
  }, [urlLanguage, site]);

  // A module variable, not React state: set during render so requests fired by children already use it.
  setApiLanguage(locale.language);

  const siteCode = site?.siteCode;
  useEffect(() => {
    if (siteCode) applyFavicon(siteCode);
  }, [siteCode]);

  useLayoutEffect(() => {
    // Until the new language's catalogs are here the page keeps the old one (a switch never shows raw keys).
    switchLanguage(locale.language).catch(() => undefined);
    document.documentElement.lang = HTML_LANG[locale.language];
  }, [locale.language]);

  return (
    <LocaleContext.Provider value={locale}>
      <ErrorBoundary resetKey={pathname}>
        <SessionGate>
          <RouteFocus />
          <SessionWatch />
          <AppRoutes />
          <LegalDialogHost />
        </SessionGate>
      </ErrorBoundary>
    </LocaleContext.Provider>
  );
}
