import { ClientDocumentsModal, type ClientDocumentsModalProps } from './ClientDocumentsModal';
import { DetailModal, type DetailModalProps } from './DetailModal';

/*
 * The producer area's detail modals (spec 1 §2 "Modals"), opened by the list screens with a record id (or an
 * account number for documents); access is checked on the server, so the id is all they send.
 */

export type { ClientDocumentsModalProps, DetailModalProps };
export { ClientDocumentsModal };

/** New business: GET /b2b/policy_detail/{caaId}.html|.pdf. */
export const PolicyDetailModal = (props: DetailModalProps) => <DetailModal kind="policy" {...props} />;
/** GET /b2b/service_record_detail/{followupId}.html. */
export const ServiceRecordDetailModal = (props: DetailModalProps) => (
  <DetailModal kind="serviceRecord" {...props} />
);
/** GET /b2b/client_detail/{capId}.html|.pdf. */
export const ClientDetailModal = (props: DetailModalProps) => <DetailModal kind="client" {...props} />;
