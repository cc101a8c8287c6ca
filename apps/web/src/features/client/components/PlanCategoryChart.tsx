import type { PlanListItem } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { DonutWithLegend } from '../../../components/charts/DonutWithLegend';
import { CATEGORY_COLORS, countPlansByCategory } from '../lib/plan-categories';

/** My Plan donut: how many plans the client holds in each product category. */
export function PlanCategoryChart({ plans }: { plans: readonly PlanListItem[] }) {
  const { t } = useTranslation('client');
  const { t: td } = useTranslation('domain');
  const counts = countPlansByCategory(plans);
  const segments = counts.map(({ category, count }) => ({
    key: category,
    label: td(`productCategory.${category}`),
    value: count,
    color: CATEGORY_COLORS[category],
  }));
  const summary = t('myPlan.chartSummary', {
    total: plans.length,
    parts: segments.map((segment) => `${segment.label}: ${segment.value}`).join(', '),
  });
  return (
    <DonutWithLegend
      segments={segments}
      title={t('myPlan.chartTitle')}
      summary={summary}
      centerLabel={t('myPlan.chartCenter', { count: plans.length })}
    />
  );
}
