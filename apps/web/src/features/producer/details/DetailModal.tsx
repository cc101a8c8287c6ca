import { Group, Modal } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../components/download/DownloadButton';
import { ErrorPopup } from '../../../components/ErrorPopup';
import { LoadingState } from '../../../components/LoadingState';
import { SanitizedHtml } from '../../../components/SanitizedHtml';
import { ApplicationChecklist } from './ApplicationChecklist';
import { DETAIL_PATHS, type DetailKind, detailHtmlQuery } from './details-api';
import { PlanPerformance } from './PlanPerformance';
import './details.css';

export interface DetailModalProps {
  /** The record to show; null = closed. */
  id: number | null;
  onClose(): void;
  /** More buttons beside "Download PDF" (the client detail opens the client's statements). */
  actions?: ReactNode;
  /** The client detail's plan: its performance chart is drawn under the detail (loaded with this modal's code). */
  plan?: { clientId: number; planNo: string } | null;
}

const PDF_NAMES: Record<DetailKind, string> = {
  policy: 'policy-detail.pdf',
  serviceRecord: 'service-record.pdf',
  client: 'client-detail.pdf',
};

/**
 * One producer detail modal (docs/producer/details.md): "Loading...", then the server's fragment sanitized, or — when
 * the server refuses or fails — only the error pop-up with a title and the server's `error` text (docs/product.md,
 * "Messages everyone sees"); closing it closes the modal. Records with a PDF get a "Download PDF" button that says how
 * the download goes.
 */
export function DetailModal({ kind, id, onClose, actions, plan }: DetailModalProps & { kind: DetailKind }) {
  const { t, i18n } = useTranslation('producer-details');
  const query = useQuery(detailHtmlQuery(kind, i18n.language, id));
  // Mantine notes the element to give focus back to when `opened` turns true after mounting. This modal mounts
  // already open the first time a record is opened (its code loads then), so it opens one render later: otherwise
  // closing that first detail left keyboard users on the page body instead of the row they opened it from.
  const mounted = useMounted();
  const opened = mounted && id !== null;
  const pdf = DETAIL_PATHS[kind].pdf;
  return (
    <>
      <Modal
        opened={opened && !query.isError}
        onClose={onClose}
        title={t(`${kind}.title`)}
        size="min(860px, 96vw)"
        closeButtonProps={{ 'aria-label': t('close') }}
        data-testid={`detail-modal-${kind}`}
      >
        {query.isPending || query.data === undefined ? (
          <LoadingState label={t('loading')} />
        ) : (
          <>
            {((pdf && id !== null) || actions) && (
              <Group justify="flex-end" align="flex-start" mb="sm" gap="sm">
                {actions}
                {pdf && id !== null && (
                  <DownloadButton path={pdf(id)} fallbackName={PDF_NAMES[kind]} variant="default" size="sm">
                    {t('downloadPdf')}
                  </DownloadButton>
                )}
              </Group>
            )}
            <SanitizedHtml html={query.data} className="producer-detail" />
            {plan && <PlanPerformance clientId={plan.clientId} planNo={plan.planNo} />}
            {kind === 'policy' && id !== null && <ApplicationChecklist applicationId={id} />}
          </>
        )}
      </Modal>
      <ErrorPopup
        opened={opened && query.isError}
        onClose={onClose}
        title={t(`${kind}.errorTitle`)}
        error={query.error}
      />
    </>
  );
}
