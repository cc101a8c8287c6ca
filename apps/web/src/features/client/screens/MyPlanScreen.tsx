import '../client-area.css';
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FetchError } from '../../../components/FetchError';
import { LoadingState } from '../../../components/LoadingState';
import { useLocale } from '../../../lib/locale';
import { plansQuery } from '../api/client-area-api';
import { PlanCategoryChart } from '../components/PlanCategoryChart';
import { PlansTable } from '../components/PlansTable';
import { ScreenHeader } from '../components/ScreenHeader';
import { SectionCard } from '../components/SectionCard';

/** My Plan (/b2c): plan counts by category as a donut, and every plan in a sortable table. */
export default function MyPlanScreen() {
  const { t } = useTranslation('client');
  const { t: tc } = useTranslation();
  const { language } = useLocale();
  const plans = useQuery(plansQuery(language));

  return (
    <>
      <ScreenHeader title={tc('client.myPlan')} description={t('myPlan.intro')} />
      {plans.isPending ? (
        <LoadingState />
      ) : plans.isError ? (
        <FetchError error={plans.error} onRetry={() => plans.refetch()} />
      ) : (
        <Stack gap="lg">
          <SectionCard title={t('myPlan.overview')}>
            <PlanCategoryChart plans={plans.data} />
          </SectionCard>
          <SectionCard title={t('myPlan.plans')}>
            <PlansTable plans={plans.data} />
          </SectionCard>
        </Stack>
      )}
    </>
  );
}
