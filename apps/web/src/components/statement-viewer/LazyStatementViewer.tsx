import { lazy, Suspense, useState } from 'react';
import type { StatementViewerProps } from './StatementViewer';

// The viewer (and its namespace) loads when first opened.
const StatementViewer = lazy(() => import('./StatementViewer').then((m) => ({ default: m.StatementViewer })));

/**
 * The statement viewer, loaded the first time it opens (client plan pages, producer Clients rows and client
 * details); mounted from then on, so closing animates and gives focus back to the control that opened it.
 */
export function LazyStatementViewer(
  props: Omit<StatementViewerProps, 'partyId'> & { partyId: number | null },
) {
  const [wanted, setWanted] = useState(false);
  if (!wanted && props.opened && props.partyId !== null) setWanted(true);
  if (!wanted || props.partyId === null) return null;
  return (
    <Suspense fallback={null}>
      <StatementViewer {...props} partyId={props.partyId} />
    </Suspense>
  );
}
