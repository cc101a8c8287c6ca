import type { Language, MeResponse } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { loadCatalogs } from '../lib/i18n';
import { splitLocale } from '../lib/locale';
import {
  ClientLayout,
  clientScreens,
  InternalLayout,
  internalScreens,
  ProducerLayout,
  producerScreens,
} from './screens';

type FirstScreen = {
  chunks: () => Promise<unknown>[];
  namespaces: string[];
  /**
   * The screen's first API answer, asked for as soon as `/me` says who is signed in rather than after the screen
   * has rendered (its code arrives with the screen's chunks, which are already downloading). Only for someone the
   * screen is for: anyone else gets the guards' redirect, not a 401 or 403 of a call they should never make.
   */
  data?: (queryClient: QueryClient, language: Language, me: MeResponse) => Promise<unknown> | undefined;
};

/**
 * The chunks and catalogs of the screen a URL opens on, fetched while the entry starts instead of one after the
 * other (entry → layout → screen → its catalog is three round trips before anything shows). They are
 * app/screens.ts' own loaders, so the browser fetches each chunk once and the screen then renders without
 * suspending. Only the screens the performance goals name are listed (the login page is its own document,
 * login.html); any other page loads as before.
 */
const FIRST_SCREENS: [RegExp, FirstScreen][] = [
  [
    /^\/b2c\/?$/,
    {
      chunks: () => [ClientLayout.preload(), clientScreens.MyPlan.preload()],
      namespaces: ['client'],
      data: (queryClient, language, me) =>
        me.currentClient
          ? import('../features/client/api/client-area-api').then(({ plansQuery }) =>
              queryClient.prefetchQuery(plansQuery(language)),
            )
          : undefined,
    },
  ],
  [
    /^\/b2b\/?$/,
    {
      chunks: () => [ProducerLayout.preload(), producerScreens.NewBusiness.preload()],
      namespaces: ['producer-team', 'producer-lists', 'lists'],
    },
  ],
  [
    /^\/internal\/(revenues\/?)?$/,
    {
      chunks: () => [InternalLayout.preload(), internalScreens.RevenueIndex.preload()],
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
 * The longest the first render waits for the first screen's data: a slow answer then shows as the screen's own
 * loading state inside the drawn frame rather than as a page that stays on "Loading...".
 */
export const FIRST_DATA_WAIT_MS = 2000;

/** `promise`, or undefined once `ms` have passed, whichever comes first. */
function atMost(promise: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Starts the downloads of the path's first screen and of its catalogs in the page's language, and once `me` (the
 * session's answer) is in, its first data. Resolves when all of them are in (or failed: a failure is left to the
 * screen's own loading, which asks again), so the first render can wait for them: the screen then draws whole,
 * without suspending and without a loading line that the content pushes the footer away from (layout shift).
 */
export function preloadFirstScreen(
  pathname: string,
  language: Language,
  session?: { queryClient: QueryClient; me: Promise<MeResponse> },
): Promise<void> {
  const screen = firstScreenOf(pathname);
  if (!screen) return Promise.resolve();
  const { data } = screen;
  const firstData =
    session && data
      ? atMost(
          session.me.then((me) => data(session.queryClient, language, me)),
          FIRST_DATA_WAIT_MS,
        )
      : undefined;
  return Promise.allSettled([...screen.chunks(), loadCatalogs(language, screen.namespaces), firstData]).then(
    () => undefined,
  );
}
