import {
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
import type { DemoContext } from './demo-context.js';
import { addDays, monthStart, Random } from './random.js';

const COMMISSION_TYPE: Record<string, string> = {
  IN: 'R',
  IL: 'R',
  IR: 'R',
  FD: 'A',
  PB: 'A',
  MPF: 'T',
  GI: 'C',
  TU: 'C',
};

/**
 * Revenues for issued afs plans: three pay-in instalments (settled, part-settled, outstanding) and pay-outs to the
 * servicing producer and, as an override, to the team partner.
 */
export async function insertRevenues(ctx: DemoContext): Promise<void> {
  const rng = new Random(707);
  const candidates = ctx.clients
    .filter((c) => c.site === 'afs')
    .flatMap((c) => c.policies.map((p) => ({ client: c, policy: p })))
    .filter(({ policy }) => ['INF', 'OPN', 'ACT'].includes(policy.statusCode))
    .slice(0, 18);
  const partnerId = ctx.org.producerIds.get('A1001') ?? 0;
  for (const [n, { client, policy }] of candidates.entries()) {
    const payin = Number(rng.decimal(2_000, 40_000));
    const start = rng.dateBetween('2025-09-01', '2026-04-30');
    const producerId = ctx.org.producerIds.get(policy.producerCode) ?? partnerId;
    const payees =
      producerId === partnerId
        ? [{ id: producerId, share: 0.7 }]
        : [
            { id: producerId, share: 0.55 },
            { id: partnerId, share: 0.15 },
          ];
    const payout = payees.reduce((s, p) => s + payin * p.share, 0);
    const [revenue] = await ctx.tx
      .insert(revenues)
      .values({
        siteCode: 'afs',
        commissionType: COMMISSION_TYPE[policy.category] ?? 'C',
        receivedCurrency: policy.currency,
        providerExchangeRate: (FX_TO_USD[policy.currency] ?? 1).toFixed(8),
        serviceCompanyId: ctx.catalog.serviceCompanyIds.get(n % 3 === 0 ? 'AWM' : 'AFSL') ?? 0,
        totalPayinAmount: payin.toFixed(2),
        payinEffectiveDate: start,
        refNo: `RV${String(n + 1).padStart(6, '0')}`,
        accountNo: policy.planNo,
        policyId: policy.id,
        premiumDate: start,
        lapseSurrenderOn:
          COMMISSION_TYPE[policy.category] === 'C' && n % 4 === 0 ? addDays(start, 200) : null,
        payinMode: rng.pick(['Bank transfer', 'Offset']),
        totalPayoutAmount: payout.toFixed(2),
        payoutEffectiveDate: addDays(start, 30),
        joinSeqNo: n % 5 === 0 ? 1 : null,
        cutoffOn: monthStart(start),
        bankInOn: addDays(start, 14),
        grossProfit: (payin - payout).toFixed(2),
        grossProfitPercentage: (((payin - payout) / payin) * 100).toFixed(4),
        upfrontWrapFee: policy.category === 'FD' ? rng.decimal(100, 900) : null,
        contributionAmount: policy.modalPremium ?? rng.decimal(50_000, 300_000),
        isContributionAmountFloat: policy.category === 'FD',
        combinedContributionAmount: policy.modalPremium,
        originalContributionAmount: policy.modalPremium,
        productRecordType: policy.category,
        productId: policy.productId,
        payMode: rng.pick(['Annual', 'Monthly', 'Single']),
        term: rng.pick([5, 10, 20]),
        salesCampaign: n % 3 === 0 ? 'Spring Savings 2026' : null,
        isOrphanCase: n % 7 === 6,
        editable: n % 2 === 0,
        deletable: n % 3 === 0,
        description: `Commission on ${policy.planNo}`,
        internalRemark: n % 4 === 0 ? 'Checked against provider statement' : null,
        totalInstallmentNo: 3,
      })
      .returning({ id: revenues.id });
    if (!revenue) continue;
    await ctx.tx.insert(revenueClients).values({ revenueId: revenue.id, clientId: client.id });
    await ctx.tx.insert(revenuePayinRates).values({
      revenueId: revenue.id,
      effectiveDate: start,
      rate: rng.decimal(0.2, 0.6, 8),
      annualBonus: '0.05000000',
      singleTopup: '0.01000000',
      payTerm: 10,
      renewal: '0.02000000',
      issueAge: rng.int(25, 60),
      trail: '0.00500000',
      sumInsured: rng.decimal(100_000, 800_000),
    });
    const items = await ctx.tx
      .insert(revenuePayinItems)
      .values(
        [1, 2, 3].map((no) => ({
          revenueId: revenue.id,
          installmentNo: no,
          projectedReceiveOn: addDays(start, (no - 1) * 30),
          groupPayinRate: (1 / 3).toFixed(8),
          totalPayAmount: (payin / 3).toFixed(2),
        })),
      )
      .returning({ id: revenuePayinItems.id });
    const [first, second] = items;
    if (first && second) {
      await ctx.tx.insert(revenuePayinSettlements).values([
        {
          payinItemId: first.id,
          refNo: `PI${revenue.id}-1`,
          cutoffOn: monthStart(start),
          actualReceiveOn: addDays(start, 3),
          settledAmount: (payin / 3).toFixed(2),
        },
        {
          payinItemId: second.id,
          refNo: `PI${revenue.id}-2`,
          cutoffOn: monthStart(addDays(start, 30)),
          actualReceiveOn: addDays(start, 34),
          settledAmount: (payin / 6).toFixed(2),
        },
      ]);
    }
    for (const payee of payees) {
      const amount = payin * payee.share;
      const [row] = await ctx.tx
        .insert(revenuePayouts)
        .values({
          revenueId: revenue.id,
          producerId: payee.id,
          totalRate: payee.share.toFixed(8),
          rateInfo: [{ label: 'Base rate', rate: payee.share.toFixed(4) }],
          overrideRateInfo:
            payee.id === partnerId && payees.length > 1
              ? [{ label: 'Partner override', rate: payee.share.toFixed(4) }]
              : [],
          payoutEffectiveDate: addDays(start, 30),
          payAmount: amount.toFixed(2),
          revenueMonth: monthStart(start),
        })
        .returning({ id: revenuePayouts.id });
      if (!row) continue;
      await ctx.tx.insert(revenuePayoutRecords).values(
        [1, 2, 3].map((no) => ({
          payoutId: row.id,
          dueDate: addDays(start, 30 * no),
          installmentNo: no,
          payMode: no === 3 ? 'CHEQUE' : 'BANK',
          payOutAmount: (amount / 3).toFixed(2),
        })),
      );
      await ctx.tx.insert(revenuePayoutSettlements).values({
        payoutId: row.id,
        refNo: `PO${row.id}-1`,
        bankInOn: addDays(start, 35),
        settledAmount: (amount / 3).toFixed(2),
      });
    }
  }
}
