import { useEffect, useRef, useState } from 'react';

/**
 * Whether the element is scrolled sideways (its content wider than its box), kept up to date as either resizes. Read
 * in the ResizeObserver's callbacks only (the first comes on observe, after the browser's layout): measuring in the
 * effect itself forced a layout of the page per table.
 */
export function useHorizontalOverflow<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { ref, overflowing };
}
