import { sql } from 'drizzle-orm';
import {
  commissionClawbackRules,
  commissionImportTemplates,
  commissionSchedules,
  revenueClients,
  revenuePayinItems,
  revenuePayinSettlements,
  revenuePayoutRecords,
  revenuePayoutSettlements,
  revenuePayouts,
  revenues,
} from '../schema/index.js';
import { FX_TO_USD, PROVIDERS } from './catalog-data.js';
import type { DemoContext, DemoPolicy } from './demo-context.js';
import { DEMO_IMPORT_TEMPLATES } from './demo-import-templates.js';
import { addDays, monthStart, Random } from './random.js';

/** First-year commission rate of the firm's schedule by product category (protection pays most). */
const SCHEDULE_RATE: Record<string, string> = { IN: '0.45', IL: '0.30', GI: '0.15', MPF: '0.01' };
const DEFAULT_SCHEDULE_RATE = '0.03';

/** The default clawback rule: 100% in the first year after issue, 50% in the second. */
export const DEMO_CLAWBACK_RULES = [
  { monthFrom: 1, monthTo: 12, percent: '100' },
  { monthFrom: 13, monthTo: 24, percent: '50' },
] as const;

/** Pay-ins the insurers' sample statements settle (docs/samples/commission-statement-<insurer>.csv|xlsx). */
export const DEMO_STATEMENT_DATE = '2026-07-20';
const STATEMENT_ITEM_DUE = '2026-07-15';
const STATEMENT_PAYOUT_DUE = '2026-08-25';

/**
 * The commission ledger's demo (docs/producer/commission-ledger.md): a schedule rate for every product (so pending
 * applications are projected), the default clawback rules, one mapping template per insurer, and three kinds of
 * revenue the ledger triggers turn into lines:
 * - a first-year commission with its upline's override (team split) on two plans of partner1's team that lapsed
 *   inside their window, fully paid, then charged back (commission_ledger_charge_back);
 * - per insurer, two first-year commissions on in-force plans whose pay-in is still due: the lines the sample
 *   statements in docs/samples match (amounts fixed by the seeded generator, dates by the demo anchor).
 * The trail commissions of demo-commissions.ts give every other stage (expected, received, paid).
 */
export async function insertCommissionLedger(ctx: DemoContext): Promise<void> {
  const rng = new Random(5505);
  await ctx.tx.insert(commissionSchedules).values(
    ctx.catalog.products.map((product) => ({
      productId: product.id,
      firstYearRate: SCHEDULE_RATE[product.category] ?? DEFAULT_SCHEDULE_RATE,
    })),
  );
  await ctx.tx.insert(commissionClawbackRules).values([...DEMO_CLAWBACK_RULES]);
  for (const [code, mapping] of Object.entries(DEMO_IMPORT_TEMPLATES)) {
    const providerId = ctx.catalog.providerIds.get(code);
    if (providerId)
      await ctx.tx.insert(commissionImportTemplates).values({ providerId, version: 1, mapping });
  }
  const policies = ctx.clients.flatMap((client) => client.policies.map((policy) => ({ client, policy })));
  let refNo = 900;
  // Two lapses in partner1's team inside their clawback window, paid to the servicing producer and to A1001.
  for (const planNo of ['PPI1000004', 'NSL1000084']) {
    const found = policies.find(({ policy }) => policy.planNo === planNo);
    if (!found) continue;
    refNo += 1;
    const revenueId = await insertFirstYearRevenue(ctx, rng, found.policy, found.client.id, `RV${refNo}`, {
      settled: true,
      overrideCode: 'A1001',
    });
    const [lapsed] = (
      (await ctx.tx.execute(
        sql`select status_code, status_changed_on from policies where id = ${found.policy.id}`,
      )) as unknown as { rows: { status_code: string; status_changed_on: string }[] }
    ).rows;
    if (revenueId && lapsed)
      await ctx.tx.execute(
        sql`select commission_ledger_charge_back(${found.policy.id}, ${lapsed.status_code}, ${lapsed.status_changed_on}::date)`,
      );
  }
  // Per insurer, two in-force plans whose first-year pay-in the sample statement settles.
  for (const provider of PROVIDERS.filter((p) => p.kind === 'insurer')) {
    const chosen = policies
      .filter(({ policy }) => policy.providerCode === provider.code && policy.statusCode === 'INF')
      .filter(({ policy }) => ctx.org.producerIds.has(policy.producerCode))
      .slice(0, 2);
    for (const { policy, client } of chosen) {
      refNo += 1;
      await insertFirstYearRevenue(ctx, rng, policy, client.id, `RV${refNo}`, { settled: false });
    }
  }
}

/** A first-year commission (type R) in the plan's currency, 300 to 2 500 USD worth. */
async function insertFirstYearRevenue(
  ctx: DemoContext,
  rng: Random,
  policy: DemoPolicy,
  clientId: number,
  refNo: string,
  options: { settled: boolean; overrideCode?: string },
): Promise<number | undefined> {
  const usd = Number(rng.decimal(300, 2500));
  const payin = Math.round((usd / (FX_TO_USD[policy.currency] ?? 1)) * 100) / 100;
  const producerId = ctx.org.producerIds.get(policy.producerCode);
  if (!producerId) return undefined;
  const overrideId = options.overrideCode ? ctx.org.producerIds.get(options.overrideCode) : undefined;
  const shares = overrideId && overrideId !== producerId ? [0.5, 0.1] : [0.6];
  const payouts = shares.map((share) => Math.round(payin * share * 100) / 100);
  const totalPayout = payouts.reduce((sum, amount) => sum + amount, 0);
  const first = options.settled ? monthStart(policy.commenceDate) : monthStart(STATEMENT_ITEM_DUE);
  const [revenue] = await ctx.tx
    .insert(revenues)
    .values({
      siteCode: policy.site,
      commissionType: 'R',
      receivedCurrency: policy.currency,
      providerExchangeRate: (FX_TO_USD[policy.currency] ?? 1).toFixed(8),
      serviceCompanyId: ctx.catalog.serviceCompanyIds.get('AFSL') ?? 0,
      totalPayinAmount: payin.toFixed(2),
      payinEffectiveDate: first,
      refNo,
      accountNo: policy.planNo,
      policyId: policy.id,
      premiumDate: first,
      payinMode: 'BANK_TRANSFER',
      totalPayoutAmount: totalPayout.toFixed(2),
      payoutEffectiveDate: first,
      cutoffOn: first,
      productRecordType: policy.category,
      productId: policy.productId,
      payMode: 'A',
      term: 1,
      description: `First-year commission on ${policy.planNo}`,
      totalInstallmentNo: 1,
    })
    .returning({ id: revenues.id });
  if (!revenue) return undefined;
  await ctx.tx.insert(revenueClients).values({ revenueId: revenue.id, clientId });
  const [item] = await ctx.tx
    .insert(revenuePayinItems)
    .values({
      revenueId: revenue.id,
      installmentNo: 1,
      projectedReceiveOn: options.settled ? addDays(first, 20) : STATEMENT_ITEM_DUE,
      groupPayinRate: '1.00000000',
      totalPayAmount: payin.toFixed(2),
    })
    .returning({ id: revenuePayinItems.id });
  if (item && options.settled)
    await ctx.tx.insert(revenuePayinSettlements).values({
      payinItemId: item.id,
      refNo: `PI${revenue.id}-1`,
      cutoffOn: first,
      actualReceiveOn: addDays(first, 22),
      settledAmount: payin.toFixed(2),
    });
  const recipients = overrideId && overrideId !== producerId ? [producerId, overrideId] : [producerId];
  for (const [n, recipient] of recipients.entries()) {
    const amount = (payouts[n] ?? 0).toFixed(2);
    const [payout] = await ctx.tx
      .insert(revenuePayouts)
      .values({
        revenueId: revenue.id,
        producerId: recipient,
        totalRate: (shares[n] ?? 0).toFixed(8),
        rateInfo: [{ label: n === 0 ? 'First-year rate' : 'Override', rate: (shares[n] ?? 0).toFixed(4) }],
        payoutEffectiveDate: first,
        payAmount: amount,
        revenueMonth: first,
      })
      .returning({ id: revenuePayouts.id });
    if (!payout) continue;
    const dueDate = options.settled ? addDays(first, 55) : STATEMENT_PAYOUT_DUE;
    await ctx.tx
      .insert(revenuePayoutRecords)
      .values({ payoutId: payout.id, dueDate, installmentNo: 1, payMode: 'BANK', payOutAmount: amount });
    if (options.settled)
      await ctx.tx.insert(revenuePayoutSettlements).values({
        payoutId: payout.id,
        refNo: `PO${payout.id}-1`,
        bankInOn: addDays(dueDate, 3),
        settledAmount: amount,
      });
  }
  return revenue.id;
}
