import { Box, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FetchError } from '../../../components/FetchError';
import { LoadingState } from '../../../components/LoadingState';
import { PerformanceView, type RangeChoice } from '../../../components/performance/PerformanceView';
import { planPerformanceQuery } from './details-api';

/**
 * The plan's performance in the producer's client detail: the shared PerformanceView (returns, chart, table, range)
 * over the answer the client gets for the same plan, read with the producer's team scope, worded about the client
 * rather than to them. A plan without a history to measure (term life) shows nothing.
 */
export function PlanPerformance({ clientId, planNo }: { clientId: number; planNo: string }) {
  const { t, i18n } = useTranslation('performance');
  const [range, setRange] = useState<RangeChoice>({ preset: 'inception' });
  const query = useQuery(planPerformanceQuery(i18n.language, clientId, planNo, range));
  if (query.isSuccess && query.data.series.length === 0 && range.preset === 'inception') return null;
  return (
    <Box component="section" mt="md" aria-labelledby="plan-performance-title" data-testid="plan-performance">
      <Title order={3} id="plan-performance-title" size="h4" mb="xs">
        {t('title')}
      </Title>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <FetchError error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <PerformanceView
          data={query.data}
          range={range}
          onRange={setRange}
          headingLevel={3}
          audience="producer"
        />
      )}
    </Box>
  );
}
