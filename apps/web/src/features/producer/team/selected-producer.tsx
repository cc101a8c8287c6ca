import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/** A producer chosen from the team tree (docs/product.md, "Who uses it": working "as" someone in the team). */
export interface SelectedProducer {
  producerId: number;
  producerName: string;
  producerFullName: string;
  /** Advisor Code, for the "viewing as" banner. */
  producerCode: string;
  /**
   * The tree's "with their team" (true) or "alone" (false): the default of every list's includedTeam criterion while
   * this producer is selected.
   */
  includedTeam: boolean;
}

interface SelectedProducerState {
  /** null while producers look at their own data (with their team). */
  selected: SelectedProducer | null;
  select(producer: SelectedProducer): void;
  clear(): void;
}

const STORAGE_KEY = 'portal.b2b.selectedProducer';
const SelectedProducerContext = createContext<SelectedProducerState | null>(null);

/** A choice stored by whoever was signed in; another producer signing in in this tab does not inherit it. */
function readStored(ownerId: number | undefined): SelectedProducer | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<SelectedProducer> & { ownerId?: number };
    if (typeof value.producerId !== 'number' || value.ownerId !== ownerId) return null;
    return {
      producerId: value.producerId,
      producerName: String(value.producerName ?? ''),
      producerFullName: String(value.producerFullName ?? ''),
      producerCode: String(value.producerCode ?? ''),
      includedTeam: value.includedTeam !== false,
    };
  } catch {
    return null;
  }
}

/**
 * Holds the producer whose data every producer list, export and modal shows. Kept per tab (sessionStorage) so a
 * reload keeps the choice while another tab can look at another producer; the server checks every id again.
 * `ownerId`: the signed-in producer, so a choice left in the tab by someone else is ignored.
 */
export function SelectedProducerProvider({ ownerId, children }: { ownerId?: number; children: ReactNode }) {
  const [selected, setSelected] = useState<SelectedProducer | null>(() => readStored(ownerId));
  const select = useCallback(
    (producer: SelectedProducer) => {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...producer, ownerId }));
      setSelected(producer);
    },
    [ownerId],
  );
  const clear = useCallback(() => {
    sessionStorage.removeItem(STORAGE_KEY);
    setSelected(null);
  }, []);
  const value = useMemo(() => ({ selected, select, clear }), [selected, select, clear]);
  return <SelectedProducerContext.Provider value={value}>{children}</SelectedProducerContext.Provider>;
}

export function useSelectedProducer(): SelectedProducerState {
  const state = useContext(SelectedProducerContext);
  if (!state) throw new Error('useSelectedProducer outside SelectedProducerProvider');
  return state;
}
