import {
  Alert,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import {
  type CommissionImportPreview,
  IMPORT_LINE_STATUSES,
  type ImportLine,
  type ImportLineStatus,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/data-table/DataTable';
import { FetchError } from '../../../components/FetchError';
import { isApiError } from '../../../lib/api-client';
import { formatAmount, formatDate, formatPercent } from '../../../lib/format';
import { importLinesQuery, useCreateImport, usePostImport } from '../api/reconciliation-api';

/** The demo insurers with a mapping template (the statement's layout is the template's business, not the screen's). */
const INSURERS = ['HLA', 'PPI', 'GCL', 'EVA', 'NSL', 'LTI', 'MRG', 'SAF', 'ISL', 'RVL'] as const;

type Line = ImportLine;

/** The preview of an upload: its counts and match rate, its lines by status, and the posting. */
function Preview({ preview }: { preview: CommissionImportPreview }) {
  const { t } = useTranslation('reconciliation');
  const [status, setStatus] = useState<ImportLineStatus | ''>('');
  const [page, setPage] = useState(1);
  const lines = useQuery(importLinesQuery(preview.id, status, page));
  const post = usePostImport();
  const columns: DataColumn<Line>[] = [
    { key: 'lineNo', header: t('import.column.line'), cell: (l) => l.lineNo, align: 'right' },
    { key: 'policyNo', header: t('import.column.policyNo'), cell: (l) => l.policyNo, pin: 'start' },
    { key: 'producer', header: t('import.column.producer'), cell: (l) => l.producerCode ?? '—' },
    { key: 'date', header: t('import.column.date'), cell: (l) => formatDate(l.statementDate), nowrap: true },
    {
      key: 'amount',
      header: t('import.column.amount'),
      cell: (l) => `${l.currency} ${formatAmount(l.amount)}`,
      align: 'right',
      nowrap: true,
    },
    {
      key: 'expected',
      header: t('import.column.expected'),
      cell: (l) => (l.expectedAmount ? formatAmount(l.expectedAmount) : '—'),
      align: 'right',
    },
    {
      key: 'status',
      header: t('import.column.status'),
      cell: (l) => (
        <Badge
          color={l.status === 'matched' ? 'teal' : l.status === 'duplicate' ? 'gray' : 'orange'}
          variant="light"
        >
          {t(`import.status.${l.status}`)}
          {l.reason ? ` · ${t(`import.reason.${l.reason}`)}` : ''}
        </Badge>
      ),
      pin: 'end',
    },
  ];
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="import-preview-heading">
      <Stack gap="md">
        <Text fw={600} id="import-preview-heading">
          {t('import.previewTitle', { file: preview.fileName, insurer: preview.insurer })}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Text data-testid="import-matched">{t('import.matched', { count: preview.matched })}</Text>
          <Text data-testid="import-unmatched">{t('import.unmatched', { count: preview.unmatched })}</Text>
          <Text data-testid="import-duplicates">{t('import.duplicates', { count: preview.duplicates })}</Text>
          <Text data-testid="import-rate">
            {t('import.matchRate', { rate: formatPercent(preview.matchRate * 100, 1) })}
          </Text>
        </SimpleGrid>
        <Select
          label={t('import.statusFilter')}
          data={[
            { value: '', label: t('import.allLines') },
            ...IMPORT_LINE_STATUSES.map((value) => ({ value, label: t(`import.status.${value}`) })),
          ]}
          value={status}
          onChange={(value) => {
            setStatus((value ?? '') as ImportLineStatus | '');
            setPage(1);
          }}
          allowDeselect={false}
          w={220}
        />
        {lines.isError ? (
          <FetchError error={lines.error} onRetry={() => lines.refetch()} />
        ) : (
          <DataTable
            columns={columns}
            rows={lines.data?.data ?? []}
            rowKey={(l) => l.lineNo}
            caption={t('import.linesCaption')}
            minWidth={760}
            loading={lines.isFetching}
          />
        )}
        {lines.data && lines.data.totalSize > 20 && (
          <Pagination total={Math.ceil(lines.data.totalSize / 20)} value={page} onChange={setPage} />
        )}
        {post.data ? (
          <Alert color="teal" role="status">
            {t('import.posted', { count: post.data.posted })}
          </Alert>
        ) : (
          <Group>
            <Button
              onClick={() => post.mutate(preview.id)}
              loading={post.isPending}
              disabled={preview.matched === 0}
            >
              {t('import.post', { count: preview.matched })}
            </Button>
          </Group>
        )}
        {post.isError && (
          <Alert color="red" role="alert">
            {isApiError(post.error) ? post.error.message : t('import.failed')}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

/** Upload an insurer's statement (CSV or XLSX) and see the preview before anything is posted. */
export function ImportPanel() {
  const { t } = useTranslation('reconciliation');
  const [insurer, setInsurer] = useState<string>('HLA');
  const [file, setFile] = useState<File | null>(null);
  const create = useCreateImport();
  const problems =
    create.error && isApiError(create.error) ? Object.values(create.error.fieldErrors).flat() : [];
  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('import.insurer')}
          data={INSURERS.map((code) => ({ value: code, label: code }))}
          value={insurer}
          onChange={(value) => value && setInsurer(value)}
          allowDeselect={false}
          w={140}
        />
        <FileInput
          label={t('import.file')}
          placeholder={t('import.choose')}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={setFile}
          clearable
          clearButtonProps={{ 'aria-label': t('import.clearFile') }}
          w={280}
        />
        <Button
          onClick={() => file && create.mutate({ insurer, file })}
          loading={create.isPending}
          disabled={!file}
        >
          {t('import.preview')}
        </Button>
      </Group>
      {create.isError && (
        <Alert color="red" role="alert" title={t('import.refused')}>
          {problems.length > 0 ? (
            <ul>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : isApiError(create.error) ? (
            create.error.message
          ) : (
            t('import.failed')
          )}
        </Alert>
      )}
      {create.data && <Preview key={create.data.id} preview={create.data} />}
    </Stack>
  );
}
