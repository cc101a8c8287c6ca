import { type CSSProperties, useEffect, useRef } from 'react';

/** Which edge a pinned cell sticks to while its table scrolls sideways. */
export type PinEdge = 'start' | 'end';

/**
 * Attributes of a pinned cell (header or body): it sticks to its edge at the offset its slot is given, the widths of
 * the pinned cells between it and that edge. `edge` marks the pinned cell next to the scrolling ones (a rule shows
 * where they pass under it).
 */
export function pinnedCellProps(pin: PinEdge | undefined, slot: number, edge: boolean) {
  if (!pin) return {};
  const offset = `var(--pin-offset-${slot}, 0px)`;
  return {
    'data-pin': pin,
    'data-pin-edge': edge || undefined,
    style: (pin === 'start' ? { insetInlineStart: offset } : { insetInlineEnd: offset }) as CSSProperties,
  };
}

/**
 * Measures the pinned header cells of a table and sets each slot's sticky offset on the table (--pin-offset-N): a
 * start-pinned cell sits after the start-pinned cells before it, an end-pinned one before the end-pinned cells after
 * it. Measured whenever a pinned cell changes size (new rows, another language, a wider window) and after a render
 * that changed the pinned cells; the offsets change no width, so measuring never loops.
 *
 * Measured only from a ResizeObserver's callbacks (the first comes when a cell is first observed): they run after
 * the browser's own layout, so reading widths costs nothing. Reading them in a layout effect forced a layout of the
 * page for every table and every render; on My Plan at phone size that was most of Lighthouse's blocking time. The
 * offsets matter only once the table is scrolled sideways, which cannot happen before that first callback.
 */
export function usePinnedColumns<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const table = ref.current;
    if (!table || typeof ResizeObserver === 'undefined') return;
    const pinned = table.querySelectorAll(':scope > thead > tr > th[data-pin]');
    if (pinned.length === 0) return;
    const measure = () => {
      const headers = [...table.querySelectorAll<HTMLElement>(':scope > thead > tr > th')];
      let start = 0;
      headers.forEach((th, slot) => {
        if (th.dataset.pin !== 'start') return;
        table.style.setProperty(`--pin-offset-${slot}`, `${start}px`);
        start += th.getBoundingClientRect().width;
      });
      let end = 0;
      for (let slot = headers.length - 1; slot >= 0; slot--) {
        const th = headers[slot];
        if (th?.dataset.pin !== 'end') continue;
        table.style.setProperty(`--pin-offset-${slot}`, `${end}px`);
        end += th.getBoundingClientRect().width;
      }
    };
    const observer = new ResizeObserver(measure);
    for (const th of pinned) observer.observe(th);
    return () => observer.disconnect();
  });
  return ref;
}
