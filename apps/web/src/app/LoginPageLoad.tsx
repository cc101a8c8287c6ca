import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LoadingState } from '../components/LoadingState';
import { getBasePath } from '../lib/api-client';
import { externalNavigation } from '../lib/external-navigation';

/**
 * The SPA's login route: the login page is its own light document (src/login-entry, docs/performance/login-entry.md),
 * so reaching it from inside the SPA (a "go to login" link) is a full page load of the same URL, which the server
 * answers with login.html. There is one login screen, not two. `to` (a path under the base path, with its query)
 * loads the login page from anywhere else — the sign-in redirect of a guard, logout — without first moving the
 * SPA's own URL there, so the address bar changes only when the login page arrives.
 */
export function LoginPageLoad({ to }: { to?: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const url = `${getBasePath()}${to ?? `${pathname}${search}`}`;
  // Only if the server sent the SPA itself for this very URL (a build without login.html, a proxy that knows one
  // page): loading it again would loop, so the page stays on "Redirecting...".
  const servedHere = initialDocumentUrl === url;
  useEffect(() => {
    if (!servedHere) externalNavigation.replace(url);
  }, [url, servedHere]);
  return <LoadingState fullPage label={t('app.redirecting')} />;
}

/** The path and query this document was loaded for. */
const initialDocumentUrl =
  typeof window === 'undefined' ? '' : `${window.location.pathname}${window.location.search}`;
