import { Alert, Button, Progress, Stack, Text } from '@mantine/core';
import {
  API_ROUTES,
  BACKGROUND_EXPORT_THRESHOLD,
  type ReportDefinition,
  type ReportExportJob,
} from '@portal/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../components/download/DownloadButton';
import { ExportButton } from '../../../components/search-list/ExportButton';
import type { SearchList } from '../../../components/search-list/useSearchList';
import type { QueryParams } from '../../../lib/api-client';
import { formatInteger } from '../../../lib/format';
import { reportExportFilePath, reportExportQuery } from '../api/reports-api';
import type { ReportRow } from './ReportPreview';
import { FINISHED, useExportJob } from './useExportJob';

/**
 * Whether the report that was run exports in the background: more rows than BACKGROUND_EXPORT_THRESHOLD, or a count
 * the server stopped short of (it may be anything up to the export limit).
 */
export function exportsInBackground(
  page: { totalSize: number; totalIsLowerBound: boolean } | undefined,
): boolean {
  return page !== undefined && (page.totalIsLowerBound || page.totalSize > BACKGROUND_EXPORT_THRESHOLD);
}

function progressText(job: ReportExportJob, t: TFunction): string {
  const written = formatInteger(job.rowsWritten);
  const total = formatInteger(job.totalRows);
  switch (job.state) {
    case 'queued':
      return t('export.queued');
    case 'running':
      return t('export.running', { written, total });
    case 'done':
      return t('export.done', { written });
    case 'failed':
      return t('export.failed');
  }
}

/** An export written on the server while the producer waits: progress, then the file to download, or why not. */
function BackgroundExport({ form, disabled }: { form: QueryParams; disabled: boolean }) {
  const { t } = useTranslation(['reports', 'lists']);
  const { job, start, starting, error } = useExportJob();
  const working = starting || (job !== undefined && !FINISHED.has(job.state));
  const percent =
    job === undefined
      ? 0
      : job.state === 'done'
        ? 100
        : job.totalRows > 0
          ? Math.min(100, Math.floor((job.rowsWritten / job.totalRows) * 100))
          : 0;
  return (
    <Stack gap={4} align="stretch" miw={220} maw={360}>
      <Button
        variant="light"
        loading={working}
        aria-busy={working}
        disabled={disabled}
        onClick={() => start(form)}
      >
        {t('lists:export')}
      </Button>
      <Text size="xs" c="dimmed">
        {t('export.backgroundHint', { threshold: formatInteger(BACKGROUND_EXPORT_THRESHOLD) })}
      </Text>
      {job && job.state !== 'failed' && (
        <Progress value={percent} aria-label={t('export.progressLabel')} animated={job.state !== 'done'} />
      )}
      <Text size="xs" role="status" aria-live="polite" data-export-state={job?.state ?? 'idle'}>
        {job ? progressText(job, t) : ''}
      </Text>
      {job?.state === 'done' && (
        <DownloadButton path={reportExportFilePath(job.jobId)} fallbackName={job.fileName} variant="filled">
          {t('export.download', { fileName: job.fileName })}
        </DownloadButton>
      )}
      {(job?.state === 'failed' || error) && (
        <Alert color="red" variant="light" role="alert" title={t('export.failed')}>
          {job?.state === 'failed' ? (job.error ?? t('export.failedNoReason')) : (error?.message ?? '')}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * Export of the report that was run (docs/producer/reports-screen.md): up to BACKGROUND_EXPORT_THRESHOLD counted rows,
 * the file comes at once from `GET /b2b/report_export` with the form as its query; beyond, it is written in the
 * background with progress and then downloaded.
 */
export function ReportExport({
  list,
  definition,
  disabled,
}: {
  list: SearchList<Record<string, unknown>, ReportRow>;
  /** The report that was run; none yet: a disabled button. */
  definition: ReportDefinition | undefined;
  /** The form shows another report than the one run. */
  disabled: boolean;
}) {
  const { t } = useTranslation('lists');
  const page = list.query.data;
  if (!definition) {
    return (
      <Button variant="light" disabled>
        {t('export')}
      </Button>
    );
  }
  if (exportsInBackground(page)) {
    return <BackgroundExport form={list.exportQuery} disabled={disabled || list.query.isPlaceholderData} />;
  }
  return (
    <ExportButton
      list={list}
      path={API_ROUTES.reports.export.path}
      fileName={definition.title}
      query={reportExportQuery(list.exportQuery)}
      disabled={disabled}
    />
  );
}
