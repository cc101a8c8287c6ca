import { type ComponentType, lazy, Suspense, useState } from 'react';
import type { ClientDocumentsModalProps } from './ClientDocumentsModal';
import type { DetailModalProps } from './DetailModal';
import type { DetailKind } from './details-api';

const DetailModal = lazy(() => import('./DetailModal').then((module) => ({ default: module.DetailModal })));
const DocumentsModal = lazy(() =>
  import('./ClientDocumentsModal').then((module) => ({ default: module.ClientDocumentsModal })),
);

/**
 * A modal that loads its code (the sanitiser, the document tree, the detail styles) the first time it is opened, not
 * with the list screen; once loaded it stays mounted so its closing transition plays.
 */
function deferredUntilOpened<P extends object>(Modal: ComponentType<P>, isOpen: (props: P) => boolean) {
  return function DeferredModal(props: P) {
    const [wanted, setWanted] = useState(false);
    if (!wanted && isOpen(props)) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Modal {...props} />
      </Suspense>
    );
  };
}

const DeferredDetailModal = deferredUntilOpened<DetailModalProps & { kind: DetailKind }>(
  DetailModal,
  (props) => props.id !== null,
);

/*
 * The producer area's detail modals (docs/producer/details.md), opened by the list screens with a record id (or an
 * account number for documents); access is checked on the server, so the id is all they send.
 */

export type { ClientDocumentsModalProps, DetailModalProps };

/** The documents of a client's account (a tree of folders and files). */
export const ClientDocumentsModal = deferredUntilOpened<ClientDocumentsModalProps>(
  DocumentsModal,
  (props) => props.accountNo !== null,
);

/** New business: GET /b2b/policy_detail/{caaId}.html|.pdf. */
export const PolicyDetailModal = (props: DetailModalProps) => (
  <DeferredDetailModal kind="policy" {...props} />
);
/** GET /b2b/service_record_detail/{followupId}.html. */
export const ServiceRecordDetailModal = (props: DetailModalProps) => (
  <DeferredDetailModal kind="serviceRecord" {...props} />
);
/** GET /b2b/client_detail/{capId}.html|.pdf. */
export const ClientDetailModal = (props: DetailModalProps) => (
  <DeferredDetailModal kind="client" {...props} />
);
