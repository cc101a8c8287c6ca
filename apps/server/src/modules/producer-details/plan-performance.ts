import { formatAmount, formatDate } from '../../render/decimal.js';
import type { DetailSection } from '../../render/detail-model.js';
import { getPerformance } from '../performance/index.js';
import type { DetailsContext, DetailsRequester } from './context.js';

const percent = (value: string | null) => (value === null ? null : `${(Number(value) * 100).toFixed(2)}%`);

/**
 * The plan's performance since inception in the client detail, from the one performance engine (the client sees the
 * same figures): nothing when the plan has no history to measure.
 */
export async function planPerformanceSection(
  ctx: DetailsContext,
  who: DetailsRequester,
  plan: { planNo: string; clientId: number },
): Promise<DetailSection[]> {
  const { t } = who;
  const answer = await getPerformance(
    { db: ctx.db, now: ctx.now },
    {
      kind: 'producer',
      producerId: who.caller.producerId,
      clientId: plan.clientId,
      siteCode: who.caller.siteCode,
    },
    { planNo: plan.planNo },
  );
  if (answer.series.length === 0) return [];
  const period = t(answer.annualised ? 'details.annualised' : 'details.cumulative');
  const money = (value: string) => `${answer.currency} ${formatAmount(value)}`;
  return [
    {
      kind: 'facts',
      heading: t('details.sectionPerformance'),
      facts: [
        {
          label: t('details.performancePeriod'),
          value: `${formatDate(answer.from)} – ${formatDate(answer.to)}`,
        },
        { label: t('details.twr'), value: `${percent(answer.twr) ?? '-'} (${period})` },
        { label: t('details.mwr'), value: `${percent(answer.mwr) ?? '-'} (${period})` },
        {
          label: t('details.benchmark'),
          value: answer.benchmark ? `${answer.benchmark.name}: ${percent(answer.benchmark.return)}` : null,
        },
        { label: t('details.startValue'), value: money(answer.startValue) },
        { label: t('details.netFlows'), value: money(answer.netFlows) },
        { label: t('details.endValue'), value: money(answer.endValue) },
      ],
    },
  ];
}
