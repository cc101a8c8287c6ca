import { DEFAULT_LANGUAGE } from '@portal/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { AppRoot } from './app/AppRoot';
import { preloadFirstScreen } from './app/first-screen';
import { createQueryClient } from './app/query-client';
import { getBasePath, setApiLanguage } from './lib/api-client';
import { switchLanguage } from './lib/i18n';
import { splitLocale } from './lib/locale';
import { meQueryOptions, siteInfoQueryOptions } from './lib/session';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// The URL's language, as AppRoot will read it (a prefix the site does not offer is corrected there).
const basePath = getBasePath();
const pathname = window.location.pathname.startsWith(basePath)
  ? window.location.pathname.slice(basePath.length)
  : window.location.pathname;
const language = splitLocale(pathname).urlLanguage;

// The session, the language's catalogs and the first screen's chunks download side by side; the first render waits
// only for the shared catalogs, so no text shows as a raw key (SessionGate then waits for the session as before).
const queryClient = createQueryClient();
if (language) setApiLanguage(language);
void queryClient.prefetchQuery(meQueryOptions);
void queryClient.prefetchQuery(siteInfoQueryOptions);
preloadFirstScreen(pathname, language ?? DEFAULT_LANGUAGE);

function render() {
  createRoot(container as HTMLElement).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        {/* Routes are written without the base path (/angel/face); the router adds it. */}
        <BrowserRouter basename={basePath || '/'}>
          <AppRoot />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}

// A failed catalog download still renders (keys rather than a blank page); AppRoot's switch asks again.
switchLanguage(language ?? DEFAULT_LANGUAGE).then(render, render);
