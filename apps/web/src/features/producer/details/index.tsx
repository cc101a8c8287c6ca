import { Modal, Text } from '@mantine/core';

/*
 * The producer area's detail modals (spec 1 §2 "Modals"). TEMPORARY placeholders fixing the interface the list
 * screens open them with, while the modals are built in parallel; replaced by the real components.
 */

export interface DetailModalProps {
  /** The record to show; null = closed. */
  id: number | null;
  onClose(): void;
}

function Pending({ id, onClose, title }: DetailModalProps & { title: string }) {
  return (
    <Modal opened={id !== null} onClose={onClose} title={title}>
      <Text>{id}</Text>
    </Modal>
  );
}

/** New business: GET /b2b/policy_detail/{caaId}.html|.pdf. */
export const PolicyDetailModal = (props: DetailModalProps) => <Pending {...props} title="Policy detail" />;
/** GET /b2b/service_record_detail/{followupId}.html. */
export const ServiceRecordDetailModal = (props: DetailModalProps) => (
  <Pending {...props} title="Service record" />
);
/** GET /b2b/client_detail/{capId}.html|.pdf. */
export const ClientDetailModal = (props: DetailModalProps) => <Pending {...props} title="Client detail" />;

export interface ClientDocumentsModalProps {
  /** The statement account whose documents to list; null = closed. */
  accountNo: string | null;
  onClose(): void;
}
/** GET /b2b/clients/list_document?account_no=…, files via /b2b/clients/download_document. */
export function ClientDocumentsModal({ accountNo, onClose }: ClientDocumentsModalProps) {
  return (
    <Modal opened={accountNo !== null} onClose={onClose} title="Documents">
      <Text>{accountNo}</Text>
    </Modal>
  );
}
