import type { Language } from '@portal/contract';
import { loadCatalogs } from '../lib/i18n';
import { splitLocale } from '../lib/locale';

type FirstScreen = { chunks: () => Promise<unknown>[]; namespaces: string[] };

/**
 * The chunks and catalogs of the screen a URL opens on, fetched while the entry starts instead of one after the
 * other (entry → layout → screen → its catalog is three round trips before anything shows). The imports are the
 * ones of app/screens.ts, so the browser fetches each chunk once. Only the screens the performance goals name are
 * listed (the login page is its own document, login.html); any other page loads as before.
 */
const FIRST_SCREENS: [RegExp, FirstScreen][] = [
  [
    /^\/b2c\/?$/,
    {
      chunks: () => [import('./layouts/ClientLayout'), import('../features/client/screens/MyPlanScreen')],
      namespaces: ['client'],
    },
  ],
  [
    /^\/b2b\/?$/,
    {
      chunks: () => [
        import('./layouts/ProducerLayout'),
        import('../features/producer/screens/NewBusinessScreen'),
      ],
      namespaces: ['producer-team', 'producer-lists', 'lists'],
    },
  ],
  [
    /^\/internal\/(revenues\/?)?$/,
    {
      chunks: () => [
        import('./layouts/InternalLayout'),
        import('../features/internal/screens/RevenueIndexScreen'),
      ],
      namespaces: ['internal', 'lists'],
    },
  ],
];

/** The first screen of a path under the base path ("/zh/b2c"), or undefined for a page not listed. */
export function firstScreenOf(pathname: string): FirstScreen | undefined {
  const { rest } = splitLocale(pathname);
  return FIRST_SCREENS.find(([pattern]) => pattern.test(rest))?.[1];
}

/**
 * Starts the downloads of the path's first screen and of its catalogs in the page's language; a failure is left to
 * the screen's own loading, which asks again.
 */
export function preloadFirstScreen(pathname: string, language: Language): void {
  const screen = firstScreenOf(pathname);
  if (!screen) return;
  for (const chunk of screen.chunks()) chunk.catch(() => undefined);
  loadCatalogs(language, screen.namespaces).catch(() => undefined);
}
