/**
 * Runs `task` when the browser has nothing else to do (after the first screen's work), at the latest after
 * `timeout` ms; returns a cancel. Browsers without requestIdleCallback (Safari) and jsdom use a short timer.
 */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 50);
  return () => window.clearTimeout(handle);
}
