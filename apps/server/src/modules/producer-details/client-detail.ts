import { formatAmount, formatDate } from '../../render/decimal.js';
import type { DetailDocument } from '../../render/detail-model.js';
import { domainWords } from '../../render/domain-texts.js';
import { frequencyLabel, statementTexts } from '../../render/statement-texts.js';
import { admitRecordOf, type DetailsContext, type DetailsRequester } from './context.js';
import { hongKongDateOf } from './dates.js';
import { planPerformanceSection } from './plan-performance.js';
import { selectClientPlan } from './queries.js';

const lines = (values: string[]) => (values.length === 0 ? null : values.join('\n'));

/**
 * GET /b2b/client_detail/{capId}: a Clients row (capId = the plan's id) — the client with contacts and addresses,
 * and the plan with its parties — when the plan is serviced inside the caller's team. The PDF also prints the plan's
 * performance since inception; the HTML fragment leaves it out, because the modal that shows the fragment draws the
 * same figures (with the chart and a range) right under it, and the returns were shown twice.
 */
export async function loadClientDetail(
  ctx: DetailsContext,
  who: DetailsRequester,
  capId: number,
  { withPerformance }: { withPerformance: boolean },
): Promise<{ doc: DetailDocument; fileName: string }> {
  const plan = await selectClientPlan(ctx.db, capId, who.caller.siteCode);
  await admitRecordOf(ctx, who, plan, 'client_detail', { capId });
  if (!plan) throw new Error('unreachable: admitRecordOf refuses a missing record');
  const { t, language } = who;
  const words = domainWords(language);
  const doc: DetailDocument = {
    language,
    title: t('details.clientTitle'),
    subtitle: `${plan.clientName} (${plan.clientNo})`,
    sections: [
      {
        kind: 'facts',
        heading: t('details.sectionClient'),
        facts: [
          { label: t('details.name'), value: plan.clientName },
          { label: t('details.clientNo'), value: plan.clientNo },
          { label: t('details.phones'), value: lines(plan.phones) },
          { label: t('details.emails'), value: lines(plan.emails) },
          { label: t('details.residentialAddress'), value: lines(plan.residentialAddress) },
          { label: t('details.correspondenceAddress'), value: lines(plan.correspondenceAddress) },
        ],
      },
      {
        kind: 'facts',
        heading: t('details.sectionPlan'),
        facts: [
          { label: t('details.planNo'), value: plan.planNo },
          { label: t('details.productName'), value: plan.productName },
          { label: t('details.provider'), value: plan.providerName },
          { label: t('details.category'), value: words.productCategory(plan.category) },
          { label: t('details.policyStatus'), value: words.policyStatus(plan.statusCode, plan.statusCode) },
          { label: t('details.currency'), value: plan.currency },
          {
            label: t('details.premium'),
            value: plan.modalPremium === null ? null : formatAmount(plan.modalPremium),
          },
          {
            label: t('details.sumInsured'),
            value: plan.sumInsured === null ? null : formatAmount(plan.sumInsured),
          },
          { label: t('details.commenceDate'), value: formatDate(plan.commenceDate) },
          {
            label: t('details.paymentFrequency'),
            value: frequencyLabel(statementTexts(language), plan.paymentFrequency),
          },
          { label: t('details.policyTerm'), value: words.term(plan.policyTerm) },
          { label: t('details.payTerm'), value: words.term(plan.payTerm) },
          { label: t('details.owner'), value: plan.clientName },
          { label: t('details.jointOwner'), value: plan.jointOwnerName },
          { label: t('details.insured'), value: plan.insuredName },
          { label: t('details.beneficiary'), value: plan.beneficiaryName },
          { label: t('details.consultant'), value: `${plan.producerName} (${plan.producerCode})` },
        ],
      },
      ...(withPerformance ? await planPerformanceSection(ctx, who, plan) : []),
    ],
    printedOn: t('details.printedOn', { date: formatDate(hongKongDateOf(ctx.now())) }),
  };
  const safe = `${plan.clientNo}-${plan.planNo}`.replace(/[^A-Za-z0-9._-]+/g, '-');
  return { doc, fileName: `client-detail-${safe}.pdf` };
}
