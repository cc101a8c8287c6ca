import { Card, Stack, Text, Title } from '@mantine/core';
import {
  type CommissionPdf,
  type CommissionStatementMonth,
  commissionDownloadQuery,
  monthLabel,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/data-table/DataTable';
import { DownloadButton } from '../../../components/download/DownloadButton';
import { FetchError } from '../../../components/FetchError';
import { LoadingState } from '../../../components/LoadingState';
import { usePageTitle } from '../../../components/usePageTitle';
import { useCurrentProducer } from '../../../lib/session';
import { CommissionLedger } from '../commissions/CommissionLedger';
import { COMMISSION_DOWNLOAD_PATH, commissionStatementsQuery } from '../commissions/commissions-api';
import { useSelectedProducer } from '../team/selected-producer';

/** One month and region's statements: the company and period of each, its PDF as the row's button. */
function MonthCard({ producerId, entry }: { producerId: number; entry: CommissionStatementMonth }) {
  const { t } = useTranslation('commissions');
  const heading = t('monthHeading', {
    month: monthLabel(entry.month),
    region: t(`region.${entry.regionCode}`, { defaultValue: entry.regionCode }),
  });
  const id = `commissions-${entry.month}-${entry.regionCode}`;
  const columns: DataColumn<CommissionPdf>[] = [
    { key: 'company', header: t('company'), cell: (pdf) => pdf.companyName, pin: 'start' },
    { key: 'period', header: t('period.label'), cell: (pdf) => t(`period.${pdf.period}`) },
  ];
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {heading}
      </Title>
      <DataTable
        columns={columns}
        rows={entry.pdfList}
        rowKey={(pdf) => pdf.fileName}
        caption={heading}
        minWidth={480}
        rowActions={{
          header: t('statement'),
          render: (pdf) => (
            <DownloadButton
              path={COMMISSION_DOWNLOAD_PATH}
              query={commissionDownloadQuery(producerId, entry.month, entry.regionCode, pdf)}
              fallbackName={pdf.fileName}
              size="xs"
              variant="light"
              aria-label={t('downloadLabel', {
                fileName: pdf.fileName,
                company: pdf.companyName,
                month: monthLabel(entry.month),
              })}
            >
              {pdf.fileName}
            </DownloadButton>
          ),
        }}
      />
    </Card>
  );
}

/**
 * Commissions (/b2b/commissions, registered only with the commission permission): the commission statements issued
 * in the last six months to the producer being viewed (the one chosen from the team tree, else the signed-in
 * producer), by month and region, each a PDF the server renders from the pay-out records.
 */
export default function CommissionsScreen() {
  const { t, i18n } = useTranslation('commissions');
  const { t: tc } = useTranslation();
  usePageTitle(tc('producer.commissions'));
  const me = useCurrentProducer();
  const { selected } = useSelectedProducer();
  const producerId = selected?.producerId ?? me?.producerId ?? 0;
  const whose = selected && selected.producerId !== me?.producerId ? selected.producerFullName : me?.fullName;
  const statements = useQuery(commissionStatementsQuery(i18n.language, producerId));

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {tc('producer.commissions')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('intro', { name: whose ?? '' })}
        </Text>
      </div>
      {statements.isPending ? (
        <LoadingState label={t('loading')} />
      ) : statements.isError ? (
        <FetchError error={statements.error} onRetry={() => statements.refetch()} />
      ) : statements.data.length === 0 ? (
        <Text role="status">{t('empty')}</Text>
      ) : (
        statements.data.map((entry) => (
          <MonthCard key={`${entry.month}-${entry.regionCode}`} producerId={producerId} entry={entry} />
        ))
      )}
      <CommissionLedger producerId={producerId} />
    </Stack>
  );
}
