import { and, eq } from 'drizzle-orm';
import { fromScaled, MONEY_SCALE, mulDiv, RATE_SCALE, toScaled } from '../../render/decimal.js';
import {
  policyItems,
  revenueClients,
  revenuePayinItems,
  revenuePayinRates,
  revenuePayinSettlements,
  revenuePayoutRecords,
  revenuePayoutSettlements,
  revenuePayouts,
  revenues,
} from '../schema/index.js';
import { FX_TO_USD } from './catalog-data.js';
import type { DemoContext, DemoPolicy } from './demo-context.js';
import { DEMO_REVENUES } from './demo-revenue-specs.js';
import type { PayeeSpec, PayinState, RevenueSpec } from './demo-revenue-types.js';
import { addDays, monthStart } from './random.js';

const IN_FORCE = ['INF', 'OPN', 'ACT'];

const cents = (value: string) => toScaled(value, MONEY_SCALE);
const money = (scaled: bigint) => fromScaled(scaled, MONEY_SCALE);
const rate8 = (value: string) => fromScaled(toScaled(value, RATE_SCALE), RATE_SCALE);
const sum = (values: readonly bigint[]) => values.reduce((a, b) => a + b, 0n);
/** basis × rate, to the cent (half away from zero). */
const times = (amountCents: bigint, rate: string) => mulDiv(amountCents, toScaled(rate, 4), 10_000n);

/** The same day `months` later (the specs use days up to 28, so every month has it). */
function addMonths(iso: string, months: number): string {
  return `${monthStart(iso, months).slice(0, 8)}${iso.slice(8, 10)}`;
}

/** `total` cents in `parts` pieces that differ by at most a cent, the larger first: they add up to `total`. */
export function splitCents(total: bigint, parts: number): bigint[] {
  const n = BigInt(parts);
  const base = total / n;
  const extra = Number(total - base * n);
  return Array.from({ length: parts }, (_, i) => base + (i < extra ? 1n : 0n));
}

/** A producer's total rate: the sum of their rate lines and override lines (4 dp fractions of the pay-in). */
export function payeeRate(payee: PayeeSpec): bigint {
  return sum([...payee.rateInfo, ...(payee.overrideRateInfo ?? [])].map(([, r]) => toScaled(r, 4)));
}

/** Receipts of a pay-in instalment of `amount` cents: [days after the projected date, cents]. */
function receipts(state: PayinState, amount: bigint): [number, bigint][] {
  const firstPart = mulDiv(amount, 6n, 10n);
  switch (state) {
    case 'settled':
      return [[6, amount]];
    case 'settledTwice':
      return [
        [6, firstPart],
        [27, amount - firstPart],
      ];
    case 'part':
      return [[6, amount / 2n]];
    case 'outstanding':
      return [];
  }
}

/** Every figure of a revenue, in cents, computed from its spec alone (the test recomputes nothing else). */
export function revenueFigures(spec: RevenueSpec) {
  const basis = cents(spec.basis);
  const items = spec.payin.map((item, i) => {
    const amount = times(basis, item.rate);
    const projectedReceiveOn = addMonths(spec.start, i);
    return {
      installmentNo: i + 1,
      projectedReceiveOn,
      rate: item.rate,
      amount,
      receipts: receipts(item.state, amount).map(([days, value]) => ({
        on: addDays(projectedReceiveOn, days),
        value,
      })),
    };
  });
  const payin = sum(items.map((i) => i.amount));
  const payouts = spec.payees.map((payee) => {
    const amount = mulDiv(payin, payeeRate(payee), 10_000n);
    const records = splitCents(amount, spec.payout.instalments).map((value, i) => ({
      installmentNo: i + 1,
      dueDate: `${monthStart(spec.start, i + 1).slice(0, 8)}25`,
      payMode: payee.payMode ?? 'BANK',
      value,
    }));
    return { payee, amount, records };
  });
  const payout = sum(payouts.map((p) => p.amount));
  return { basis, items, payin, payouts, payout };
}

/** The plan a spec names: the first in-force afs plan of the category, producer and currency. */
function planOf(ctx: DemoContext, spec: RevenueSpec): DemoPolicy {
  const { category, producer, currency } = spec.plan;
  for (const client of ctx.clients) {
    for (const policy of client.policies) {
      if (
        policy.site === 'afs' &&
        IN_FORCE.includes(policy.statusCode) &&
        policy.category === category &&
        policy.producerCode === producer &&
        policy.currency === currency
      )
        return policy;
    }
  }
  throw new Error(`${spec.refNo}: no in-force afs ${category} plan of ${producer} in ${currency}`);
}

async function policyItemOf(ctx: DemoContext, spec: RevenueSpec, policy: DemoPolicy) {
  if (!spec.policyItem) return null;
  const [item] = await ctx.tx
    .select({ id: policyItems.id, modalPremium: policyItems.modalPremium })
    .from(policyItems)
    .where(and(eq(policyItems.policyId, policy.id), eq(policyItems.policyType, spec.policyItem)))
    .orderBy(policyItems.id)
    .limit(1);
  if (!item) throw new Error(`${spec.refNo}: plan ${policy.planNo} has no ${spec.policyItem} item`);
  // The header shows the item's modal premium beside the revenue's premium amount: an annual revenue on an item must
  // be on exactly that premium, or a reader sees two premiums that disagree.
  if (spec.payMode === 'A' && item.modalPremium !== null && cents(item.modalPremium) !== cents(spec.basis)) {
    throw new Error(
      `${spec.refNo}: basis ${spec.basis} is not the ${spec.policyItem} item's premium ${item.modalPremium}`,
    );
  }
  return item.id;
}

/** The demo revenues of demo-revenue-specs.ts, in their order (RV000001 gets the first id). */
export async function insertRevenues(ctx: DemoContext): Promise<void> {
  for (const spec of DEMO_REVENUES) await insertRevenue(ctx, spec);
}

async function insertRevenue(ctx: DemoContext, spec: RevenueSpec): Promise<void> {
  const policy = planOf(ctx, spec);
  const policyItemId = await policyItemOf(ctx, spec, policy);
  const figures = revenueFigures(spec);
  const grossProfit = figures.payin - figures.payout;
  const firstReceipt = figures.items.flatMap((i) => i.receipts)[0];
  const totalPayinRate = sum(spec.payin.map((i) => toScaled(i.rate, 4)));
  const [revenue] = await ctx.tx
    .insert(revenues)
    .values({
      siteCode: 'afs',
      commissionType: spec.commissionType,
      receivedCurrency: policy.currency,
      providerExchangeRate: (FX_TO_USD[policy.currency] ?? 1).toFixed(8),
      serviceCompanyId: ctx.catalog.serviceCompanyIds.get(spec.company) ?? 0,
      totalPayinAmount: money(figures.payin),
      payinEffectiveDate: spec.start,
      refNo: spec.refNo,
      accountNo: policy.planNo,
      policyId: policy.id,
      premiumDate: spec.start,
      lapseSurrenderOn: spec.lapseSurrenderOn ?? null,
      payinMode: spec.payinMode ?? 'BANK_TRANSFER',
      totalPayoutAmount: money(figures.payout),
      payoutEffectiveDate: monthStart(spec.start, 1),
      joinSeqNo: spec.joinSeqNo ?? null,
      cutoffOn: monthStart(spec.start),
      bankInOn: firstReceipt?.on ?? null,
      grossProfit: money(grossProfit),
      // Percent to 4 dp: gross profit × 100 / pay-in, in units of 10^-4.
      grossProfitPercentage: fromScaled(mulDiv(grossProfit, 1_000_000n, figures.payin), 4),
      upfrontWrapFee: spec.upfrontWrapFee ?? null,
      contributionAmount: spec.basis,
      isContributionAmountFloat: spec.commissionType === 'A' || spec.commissionType === 'T',
      combinedContributionAmount: spec.combinedBasis ?? spec.basis,
      originalContributionAmount: spec.combinedBasis ?? spec.basis,
      productRecordType: policy.category,
      productId: policy.productId,
      policyItemId,
      payMode: spec.payMode,
      term: spec.term,
      salesCampaign: spec.salesCampaign ?? null,
      isOrphanCase: spec.isOrphanCase ?? false,
      editable: spec.editable,
      deletable: spec.deletable,
      description: `${spec.commissionType} commission on ${policy.planNo}`,
      internalRemark: spec.internalRemark ?? null,
      totalInstallmentNo: spec.payout.instalments,
    })
    .returning({ id: revenues.id });
  if (!revenue) throw new Error(`${spec.refNo} not inserted`);
  const revenueId = revenue.id;
  const serial = spec.refNo.slice(2);
  await ctx.tx.insert(revenueClients).values({ revenueId, clientId: policy.ownerClientId });

  // The provider's rate table: last year's rate and this one, so "the rate in effect today" has a choice to make.
  const premiumBased = spec.commissionType === 'R';
  const rateRow = (effectiveDate: string, rate: bigint) => ({
    revenueId,
    effectiveDate,
    rate: rate8(fromScaled(rate, 4)),
    annualBonus: premiumBased ? '0.05000000' : null,
    singleTopup: premiumBased ? '0.01000000' : null,
    payTerm: premiumBased ? spec.term : null,
    renewal: premiumBased ? '0.02000000' : null,
    issueAge: premiumBased ? 30 + Number(serial) : null,
    trail: premiumBased ? null : rate8(spec.payin[0]?.rate ?? '0'),
    sumInsured: premiumBased ? money(figures.basis * 20n) : null,
  });
  await ctx.tx
    .insert(revenuePayinRates)
    .values([
      rateRow(addMonths(spec.start, -12), totalPayinRate - totalPayinRate / 10n),
      rateRow(spec.start, totalPayinRate),
    ]);

  for (const item of figures.items) {
    const [row] = await ctx.tx
      .insert(revenuePayinItems)
      .values({
        revenueId,
        installmentNo: item.installmentNo,
        projectedReceiveOn: item.projectedReceiveOn,
        groupPayinRate: rate8(item.rate),
        totalPayAmount: money(item.amount),
      })
      .returning({ id: revenuePayinItems.id });
    if (!row || item.receipts.length === 0) continue;
    await ctx.tx.insert(revenuePayinSettlements).values(
      item.receipts.map((r, k) => ({
        payinItemId: row.id,
        refNo: `PI${serial}-${item.installmentNo}-${k + 1}`,
        cutoffOn: monthStart(r.on),
        actualReceiveOn: r.on,
        settledAmount: money(r.value),
      })),
    );
  }

  for (const [p, payout] of figures.payouts.entries()) {
    const line = ([label, rate]: readonly [string, string]) => ({ label, rate });
    const [row] = await ctx.tx
      .insert(revenuePayouts)
      .values({
        revenueId,
        producerId: ctx.org.producerIds.get(payout.payee.producer) ?? 0,
        totalRate: rate8(fromScaled(payeeRate(payout.payee), 4)),
        rateInfo: payout.payee.rateInfo.map(line),
        overrideRateInfo: (payout.payee.overrideRateInfo ?? []).map(line),
        payoutEffectiveDate: monthStart(spec.start, 1),
        payAmount: money(payout.amount),
        revenueMonth: monthStart(spec.start),
      })
      .returning({ id: revenuePayouts.id });
    if (!row) throw new Error(`${spec.refNo}: pay-out to ${payout.payee.producer} not inserted`);
    await ctx.tx.insert(revenuePayoutRecords).values(
      payout.records.map((r) => ({
        payoutId: row.id,
        dueDate: r.dueDate,
        installmentNo: r.installmentNo,
        payMode: r.payMode,
        payOutAmount: money(r.value),
      })),
    );
    const settled = payout.records.slice(0, spec.payout.settled);
    if (settled.length === 0) continue;
    await ctx.tx.insert(revenuePayoutSettlements).values(
      settled.map((r) => ({
        payoutId: row.id,
        refNo: `PO${serial}-${p + 1}-${r.installmentNo}`,
        bankInOn: addDays(r.dueDate, 3),
        settledAmount: money(r.value),
      })),
    );
  }
}
