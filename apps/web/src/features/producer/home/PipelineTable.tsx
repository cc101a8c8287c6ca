import { Anchor } from '@mantine/core';
import { AGING_BUCKETS, type ProducerHome } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/DataTable';
import { formatInteger } from '../../../lib/format';
import { useLocalePath } from '../../../lib/locale';
import { useStageName } from '../components/stage-name';
import { newBusinessStagePath } from './home-api';

type PipelineRow = ProducerHome['pipeline'][number];

/**
 * The in-progress stages with their counts and how long their cases have waited: each count opens New Business
 * filtered to that stage, where the list's total is the same figure.
 */
export function PipelineTable({ pipeline }: { pipeline: ProducerHome['pipeline'] }) {
  const { t } = useTranslation('producer');
  const localePath = useLocalePath();
  const stageName = useStageName();
  const count = (row: PipelineRow) => `${formatInteger(row.count)}${row.countIsLowerBound ? '+' : ''}`;
  const columns: DataColumn<PipelineRow>[] = [
    {
      key: 'stage',
      header: t('home.pipeline.stage'),
      cell: (row) => stageName(row.stage),
      nowrap: true,
      pin: 'start',
    },
    {
      key: 'count',
      header: t('home.pipeline.count'),
      align: 'right',
      cell: (row) => (
        <Anchor
          component={Link}
          to={localePath(newBusinessStagePath(row.stage))}
          aria-label={t('home.pipeline.open', { stage: stageName(row.stage), count: count(row) })}
        >
          {count(row)}
        </Anchor>
      ),
    },
    // One column per aging bucket, in the contract's order (they add up to the count).
    ...AGING_BUCKETS.map(
      (bucket): DataColumn<PipelineRow> => ({
        key: bucket,
        header: t(`home.aging.${bucket}`),
        align: 'right',
        cell: (row) => formatInteger(row.aging[bucket]),
      }),
    ),
    {
      key: 'overdue',
      header: t('home.pipeline.overdue'),
      align: 'right',
      cell: (row) => formatInteger(row.overdue),
    },
    {
      key: 'target',
      header: t('home.pipeline.target'),
      align: 'right',
      nowrap: true,
      cell: (row) => (row.targetDays === null ? '–' : t('home.pipeline.days', { count: row.targetDays })),
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={pipeline}
      rowKey={(row) => row.stage}
      caption={t('home.pipeline.caption')}
      emptyText={t('home.pipeline.empty')}
      narrowLayout="scroll"
    />
  );
}
