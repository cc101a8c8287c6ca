import { type CommissionPeriod, isPeriodEndMonth } from '@portal/contract';
import {
  commissionStatements,
  revenueClients,
  revenuePayinItems,
  revenuePayinSettlements,
  revenuePayoutRecords,
  revenuePayoutSettlements,
  revenuePayouts,
  revenues,
} from '../schema/index.js';
import { FX_TO_USD } from './catalog-data.js';
import type { DemoContext, DemoPolicy } from './demo-context.js';
import { addDays, monthEnd, Random } from './random.js';

/** Who is paid commission in the demo, by which service companies, and how often their statements are issued. */
const RECIPIENTS: { code: string; companies: { code: string; period: CommissionPeriod }[] }[] = [
  {
    code: 'A1001',
    companies: [
      { code: 'AFSL', period: 'M' },
      { code: 'AWM', period: 'Q' },
    ],
  },
  { code: 'A1002', companies: [{ code: 'AFSL', period: 'M' }] },
  { code: 'A1005', companies: [{ code: 'AFSL', period: 'M' }] },
  { code: 'A2001', companies: [{ code: 'AFSL', period: 'M' }] },
  { code: 'I1001', companies: [{ code: 'IPCL', period: 'M' }] },
  { code: 'B1001', companies: [{ code: 'AFSL', period: 'M' }] },
];

const COMMISSION_TYPE: Record<string, string> = { FD: 'A', PB: 'A', MPF: 'T', GI: 'C', TU: 'C' };
const PAYOUT_SHARE = 0.6;

/** A monthly trail commission in the plan's currency: 40 to 650 USD worth, so JPY and HKD amounts look real. */
function monthlyAmount(rng: Random, currency: string): number {
  const usd = Number(rng.decimal(40, 650));
  return Math.round((usd / (FX_TO_USD[currency] ?? 1)) * 100) / 100;
}

/**
 * Commission for the producers with commission permission: per producer a few of their own plans earn a monthly
 * trail commission, paid out by instalment records due on the 25th of every statement month (the nine full months
 * before today, like client statements, since "the last six months" follows the clock). Records due before the last
 * month are settled. Then the statements are issued: one per company and statement month that ends the company's
 * period (M every month, Q at quarter ends). The PDFs are rendered from these records when downloaded.
 */
export async function insertCommissionRevenues(ctx: DemoContext): Promise<void> {
  const rng = new Random(2323);
  const lastMonth = ctx.months[ctx.months.length - 1]?.month ?? '';
  let refNo = 100;
  const issued: (typeof commissionStatements.$inferInsert)[] = [];
  for (const recipient of RECIPIENTS) {
    const producerId = ctx.org.producerIds.get(recipient.code);
    if (!producerId) continue;
    const owned = ctx.clients
      .filter((c) => c.producerCode === recipient.code)
      .flatMap((c) => c.policies.map((policy) => ({ client: c, policy })))
      .filter(({ policy }) => ['INF', 'OPN', 'ACT'].includes(policy.statusCode));
    const plans = owned.slice(0, recipient.companies.length * 2 + 1);
    for (const [n, { client, policy }] of plans.entries()) {
      const company = recipient.companies[n % recipient.companies.length];
      if (!company) continue;
      refNo += 1;
      await insertTrailRevenue(ctx, rng, {
        producerId,
        policy,
        clientId: client.id,
        companyId: ctx.catalog.serviceCompanyIds.get(company.code) ?? 0,
        refNo: `RV${String(refNo).padStart(6, '0')}`,
        lastMonth,
        editable: n === 0,
      });
    }
    const region = plans[0]?.policy.site === 'absg' ? 'SG' : 'HK';
    for (const company of recipient.companies) {
      for (const { month } of ctx.months) {
        if (!isPeriodEndMonth(company.period, month.slice(0, 7))) continue;
        issued.push({
          producerId,
          month,
          regionCode: region,
          serviceCompanyId: ctx.catalog.serviceCompanyIds.get(company.code) ?? 0,
          period: company.period,
          issuedAt: new Date(`${addDays(monthEnd(month), 5)}T09:00:00+08:00`),
        });
      }
    }
  }
  if (issued.length > 0) await ctx.tx.insert(commissionStatements).values(issued);
}

async function insertTrailRevenue(
  ctx: DemoContext,
  rng: Random,
  p: {
    producerId: number;
    policy: DemoPolicy;
    clientId: number;
    companyId: number;
    refNo: string;
    lastMonth: string;
    /** Staff may annotate it (decision 024); the figures are never editable. */
    editable: boolean;
  },
): Promise<void> {
  const { policy } = p;
  const records = ctx.months.map(({ month }, i) => ({
    dueDate: `${month.slice(0, 8)}25`,
    installmentNo: i + 1,
    payMode: i % 4 === 3 ? 'CHEQUE' : 'BANK',
    payOutAmount: monthlyAmount(rng, policy.currency).toFixed(2),
  }));
  const payoutCents = records.reduce((s, r) => s + Math.round(Number(r.payOutAmount) * 100), 0);
  const payout = payoutCents / 100;
  const payin = Math.round((payout / PAYOUT_SHARE) * 100) / 100;
  const first = ctx.months[0]?.month ?? p.lastMonth;
  const [revenue] = await ctx.tx
    .insert(revenues)
    .values({
      siteCode: policy.site,
      commissionType: COMMISSION_TYPE[policy.category] ?? 'R',
      receivedCurrency: policy.currency,
      providerExchangeRate: (FX_TO_USD[policy.currency] ?? 1).toFixed(8),
      serviceCompanyId: p.companyId,
      totalPayinAmount: payin.toFixed(2),
      payinEffectiveDate: first,
      refNo: p.refNo,
      accountNo: policy.planNo,
      policyId: policy.id,
      premiumDate: first,
      payinMode: 'BANK_TRANSFER',
      totalPayoutAmount: payout.toFixed(2),
      payoutEffectiveDate: first,
      cutoffOn: first,
      bankInOn: addDays(first, 14),
      grossProfit: (payin - payout).toFixed(2),
      grossProfitPercentage: (((payin - payout) / payin) * 100).toFixed(4),
      contributionAmount: policy.modalPremium,
      combinedContributionAmount: policy.modalPremium,
      originalContributionAmount: policy.modalPremium,
      productRecordType: policy.category,
      productId: policy.productId,
      payMode: 'M',
      term: 10,
      description: `Trail commission on ${policy.planNo}`,
      totalInstallmentNo: records.length,
      editable: p.editable,
      // Its records are lines of issued statements and mostly paid out: never deletable (decision 024).
      deletable: false,
    })
    .returning({ id: revenues.id });
  if (!revenue) return;
  await ctx.tx.insert(revenueClients).values({ revenueId: revenue.id, clientId: p.clientId });
  const [item] = await ctx.tx
    .insert(revenuePayinItems)
    .values({
      revenueId: revenue.id,
      installmentNo: 1,
      projectedReceiveOn: addDays(first, 10),
      groupPayinRate: '1.00000000',
      totalPayAmount: payin.toFixed(2),
    })
    .returning({ id: revenuePayinItems.id });
  if (item) {
    await ctx.tx.insert(revenuePayinSettlements).values({
      payinItemId: item.id,
      refNo: `PI${revenue.id}-1`,
      cutoffOn: first,
      actualReceiveOn: addDays(first, 12),
      settledAmount: payin.toFixed(2),
    });
  }
  const [payoutRow] = await ctx.tx
    .insert(revenuePayouts)
    .values({
      revenueId: revenue.id,
      producerId: p.producerId,
      totalRate: PAYOUT_SHARE.toFixed(8),
      rateInfo: [{ label: 'Trail rate', rate: PAYOUT_SHARE.toFixed(4) }],
      payoutEffectiveDate: first,
      payAmount: payout.toFixed(2),
      revenueMonth: first,
    })
    .returning({ id: revenuePayouts.id });
  if (!payoutRow) return;
  await ctx.tx.insert(revenuePayoutRecords).values(records.map((r) => ({ payoutId: payoutRow.id, ...r })));
  const settled = records.filter((r) => r.dueDate < p.lastMonth);
  if (settled.length > 0) {
    await ctx.tx.insert(revenuePayoutSettlements).values(
      settled.map((r) => ({
        payoutId: payoutRow.id,
        refNo: `PO${payoutRow.id}-${r.installmentNo}`,
        bankInOn: addDays(r.dueDate, 3),
        settledAmount: r.payOutAmount,
      })),
    );
  }
}
