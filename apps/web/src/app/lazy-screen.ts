import { type ComponentType, createElement, type FunctionComponent, lazy } from 'react';

export type LazyScreen<P extends object> = FunctionComponent<P> & {
  /** Downloads the chunk; once it is in, the screen renders without suspending. */
  preload: () => Promise<void>;
};

/**
 * `React.lazy` that can be loaded ahead (app/first-screen.ts). React.lazy suspends on its first render even when
 * the chunk is already in the browser, and React 19 then holds the revealed content back for up to 300 ms after the
 * fallback (its Suspense throttle): the first screen painted a third of a second after it could have. A screen
 * whose module has arrived renders directly instead; one that has not falls back to React.lazy as before.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyScreen<P> {
  let loaded: ComponentType<P> | null = null;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(loadAndKeep);
  // Until the module is in, the lazy path (which suspended, so it never committed); then the module's own component.
  const Screen = (props: P) => (loaded ? createElement(loaded, props) : createElement(Lazy, props));
  return Object.assign(Screen, { preload: () => loadAndKeep().then(() => undefined) });
}
