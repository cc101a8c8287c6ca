import { useEffect, useState } from 'react';

/**
 * The rows chosen on the current page. The choice is cleared whenever another page of rows arrives (the Clients
 * list's rule, docs/producer/web-lists.md "Search transitions"), so an action never applies to rows the
 * user can no longer see. `rows` must keep its identity while the page is the same (TanStack Query's data does).
 */
export function useRowSelection(rows: readonly unknown[] | undefined) {
  const [selectedKeys, setSelectedKeys] = useState<ReadonlySet<string | number>>(() => new Set());
  // biome-ignore lint/correctness/useExhaustiveDependencies: rows is the trigger, not a value read by the effect
  useEffect(() => {
    setSelectedKeys(new Set());
  }, [rows]);
  return { selectedKeys, setSelectedKeys, clear: () => setSelectedKeys(new Set()) };
}
