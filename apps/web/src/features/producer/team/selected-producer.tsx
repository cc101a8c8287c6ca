import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/** A sub-partner chosen from the team tree (spec 1 §3 "selected producer"). */
export interface SelectedProducer {
  producerId: number;
  producerName: string;
  producerFullName: string;
}

interface SelectedProducerState {
  /** null while producers look at their own data. */
  selected: SelectedProducer | null;
  select(producer: SelectedProducer): void;
  clear(): void;
}

const STORAGE_KEY = 'portal.b2b.selectedProducer';
const SelectedProducerContext = createContext<SelectedProducerState | null>(null);

function readStored(): SelectedProducer | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<SelectedProducer>;
    return typeof value.producerId === 'number' ? (value as SelectedProducer) : null;
  } catch {
    return null;
  }
}

/**
 * Holds the sub-partner whose data every producer list, export and modal shows. Kept per tab (sessionStorage) so a
 * reload keeps the choice while another tab can look at another producer; the server checks every id again.
 */
export function SelectedProducerProvider({ children }: { children: ReactNode }) {
  const [selected, setSelected] = useState<SelectedProducer | null>(readStored);
  const select = useCallback((producer: SelectedProducer) => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(producer));
    setSelected(producer);
  }, []);
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
