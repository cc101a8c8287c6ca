import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FetchError } from '../../../components/FetchError';
import { LoadingState } from '../../../components/LoadingState';
import { PerformanceView, type RangeChoice } from '../../../components/performance/PerformanceView';
import { useLocale } from '../../../lib/locale';
import { performanceQuery } from '../api/client-area-api';
import { SectionCard } from './SectionCard';

/** Plan detail's returns over time: the same answer as the Performance screen, for this plan in its currency. */
export function PlanReturnsSection({ planNo }: { planNo: string }) {
  const { t } = useTranslation('performance');
  const { language } = useLocale();
  const [range, setRange] = useState<RangeChoice>({ preset: 'inception' });
  const query = useQuery(performanceQuery(language, { ...range, planNo }));
  return (
    <SectionCard title={t('title')} order={3}>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <FetchError error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <PerformanceView data={query.data} range={range} onRange={setRange} headingLevel={3} />
      )}
    </SectionCard>
  );
}
