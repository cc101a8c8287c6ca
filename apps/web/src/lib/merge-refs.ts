import { type Ref, type RefCallback, useCallback, useMemo, useRef } from 'react';

/**
 * `useMergeRefs` of @floating-ui/react 0.27 (MIT), for Mantine's ScrollArea only (see vite.config.ts,
 * scrollAreaMergeRefs). ScrollArea imports nothing else from that package, but through it every screen with a
 * Mantine table downloaded the whole positioning library (≈20 kB gzip), which only popovers and tooltips use.
 * Same behaviour: one ref callback that sets every given ref, and React 19 ref cleanups are honoured.
 */
export function useMergeRefs<Instance>(refs: Array<Ref<Instance> | undefined>): RefCallback<Instance> | null {
  const cleanupRef = useRef<(() => void) | undefined>(undefined);
  const refEffect = useCallback((instance: Instance) => {
    const cleanups = refs.map((ref) => {
      if (ref == null) return undefined;
      if (typeof ref === 'function') {
        const refCallback = ref;
        const refCleanup = refCallback(instance);
        return typeof refCleanup === 'function' ? refCleanup : () => refCallback(null);
      }
      (ref as { current: Instance | null }).current = instance;
      return () => {
        (ref as { current: Instance | null }).current = null;
      };
    });
    return () => {
      for (const cleanup of cleanups) cleanup?.();
    };
    // biome-ignore lint/correctness/useExhaustiveDependencies: the refs themselves are the dependencies (as upstream)
  }, refs);
  return useMemo(() => {
    if (refs.every((ref) => ref == null)) return null;
    return (value: Instance | null) => {
      if (cleanupRef.current) {
        cleanupRef.current();
        cleanupRef.current = undefined;
      }
      if (value != null) cleanupRef.current = refEffect(value);
    };
    // biome-ignore lint/correctness/useExhaustiveDependencies: as above
  }, refs);
}
