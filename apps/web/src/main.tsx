import { DEFAULT_LANGUAGE } from '@portal/contract';
import { StrictMode, startTransition } from 'react';
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

// The session, the language's catalogs and the first screen's chunks (and, once the session is known, its first
// data) download side by side; the first render waits for them (below), so the screen draws whole.
const queryClient = createQueryClient();
if (language) setApiLanguage(language);
const me = queryClient.fetchQuery(meQueryOptions);
// A failure shows through SessionGate's own query of the same key, which asks again.
me.catch(() => undefined);
void queryClient.prefetchQuery(siteInfoQueryOptions);
const firstScreen = preloadFirstScreen(pathname, language ?? DEFAULT_LANGUAGE, { queryClient, me });

function render() {
  const root = createRoot(container as HTMLElement);
  // A transition renders in slices that yield to the browser, so the first screen (drawn whole, see firstScreen)
  // is not one long task that keeps a slow phone from responding (Lighthouse's total blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          {/* Routes are written without the base path (/angel/face); the router adds it. */}
          <BrowserRouter basename={basePath || '/'}>
            <AppRoot />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );
}

// The first render waits for the shared catalogs and the first screen's code (index.html shows its own "Loading..."
// meanwhile), so it renders that screen without suspending. A failed download still renders (keys rather than a
// blank page; the screen's own loading asks again); AppRoot's switch asks for the catalogs again.
Promise.allSettled([switchLanguage(language ?? DEFAULT_LANGUAGE), firstScreen]).then(render);
