import { lazy, Suspense, useState } from 'react';
import { ClientDocumentsModal, type ClientDocumentsModalProps } from './ClientDocumentsModal';
import type { DetailModalProps } from './DetailModal';
import type { DetailKind } from './details-api';

const DetailModal = lazy(() => import('./DetailModal').then((module) => ({ default: module.DetailModal })));

/**
 * A detail modal loads its code (the sanitiser, the detail styles) the first time a record is opened, not with the
 * list screen; once loaded it stays mounted so its closing transition plays.
 */
function DeferredDetailModal(props: DetailModalProps & { kind: DetailKind }) {
  const [wanted, setWanted] = useState(false);
  if (!wanted && props.id !== null) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <DetailModal {...props} />
    </Suspense>
  );
}

/*
 * The producer area's detail modals (spec 1 §2 "Modals"), opened by the list screens with a record id (or an
 * account number for documents); access is checked on the server, so the id is all they send.
 */

export type { ClientDocumentsModalProps, DetailModalProps };
export { ClientDocumentsModal };

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
