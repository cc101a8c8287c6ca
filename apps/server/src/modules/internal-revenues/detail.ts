import { hongKongToday, type Language, PAY_MODES, type PayMode, type RevenueDetail } from '@portal/contract';
import type { Db } from '../../db/client.js';
import { type Translate, translator } from '../../i18n/index.js';
import { HttpError } from '../../plugins/errors.js';
import { fromScaled, MONEY_SCALE, RATE_SCALE, toScaled } from '../../render/decimal.js';
import { domainWords } from '../../render/domain-texts.js';
import {
  type RevenueRow,
  selectCurrentPayinRate,
  selectPayinItems,
  selectPayinSettlements,
  selectPayoutRecordFigures,
  selectPayoutSettlements,
  selectPayouts,
  selectRevenueClients,
  selectRevenueRow,
} from './detail-queries.js';

/*
 * Every total here is a sum of the rows it stands for, in integer cents (rates in units of 10^-8), so the figures
 * a screen prints always add up (decision 005). Nothing derived is stored: a settlement added elsewhere shows at once.
 */

const cents = (value: string) => toScaled(value, MONEY_SCALE);
const money = (value: bigint) => fromScaled(value, MONEY_SCALE);
const rate = (value: bigint) => fromScaled(value, RATE_SCALE);
const sum = (values: readonly bigint[]) => values.reduce((total, value) => total + value, 0n);

/** The detail document of one revenue in the request's language; 404 when there is none. */
export async function loadRevenueDetail(
  db: Db,
  revenueId: number,
  now: Date,
  language: Language,
): Promise<RevenueDetail> {
  const t = translator(language);
  const row = await selectRevenueRow(db, revenueId);
  if (!row) throw new HttpError(404, 'internalRevenues.notFound');
  const [clientRows, items, currentRate, payouts, records] = await Promise.all([
    selectRevenueClients(db, revenueId),
    selectPayinItems(db, revenueId),
    selectCurrentPayinRate(db, revenueId, hongKongToday(now)),
    selectPayouts(db, revenueId),
    selectPayoutRecordFigures(db, revenueId),
  ]);
  const [payinSettlements, payoutSettlements] = await Promise.all([
    selectPayinSettlements(
      db,
      items.map((item) => item.id),
    ),
    selectPayoutSettlements(
      db,
      payouts.map(({ payout }) => payout.id),
    ),
  ]);

  const payinItems = items.map((item) => {
    const settlements = payinSettlements.filter((s) => s.payinItemId === item.id);
    const total = cents(item.totalPayAmount);
    const settled = sum(settlements.map((s) => cents(s.settledAmount)));
    return {
      installmentNo: item.installmentNo,
      projectedReceiveOn: item.projectedReceiveOn,
      groupPayinRate: rate(toScaled(item.groupPayinRate, RATE_SCALE)),
      totalPayAmount: money(total),
      totalSettledAmount: money(settled),
      totalOutstandingAmount: money(total - settled),
      fullySettled: settled >= total,
      settlementList: settlements.map((s) => ({
        refNo: s.refNo,
        cutoffOn: s.cutoffOn,
        actualReceiveOn: s.actualReceiveOn,
        settledAmount: money(cents(s.settledAmount)),
      })),
      cents: { total, settled },
    };
  });
  const entitledPayin = sum(payinItems.map((item) => item.cents.total));
  const settledPayin = sum(payinItems.map((item) => item.cents.settled));
  const payinTotalRate = rate(sum(items.map((item) => toScaled(item.groupPayinRate, RATE_SCALE))));

  const overallPayouts = payouts.map(({ payout, producerName }) => {
    const settlements = payoutSettlements.filter((s) => s.payoutId === payout.id);
    return {
      producerId: payout.producerId,
      producerName,
      totalRate: rate(toScaled(payout.totalRate, RATE_SCALE)),
      payoutRatePopup: { rateInfo: payout.rateInfo, overrideRateInfo: payout.overrideRateInfo },
      payoutEffectiveDate: payout.payoutEffectiveDate,
      settlementInfo: {
        timeline: settlements.map((s) => ({
          ref_no: s.refNo,
          bank_in_on: s.bankInOn,
          settled_amount: money(cents(s.settledAmount)),
        })),
        payAmount: money(cents(payout.payAmount)),
        revenueMonth: payout.revenueMonth,
      },
    };
  });
  const totalPayAmount = sum(payouts.map(({ payout }) => cents(payout.payAmount)));
  const settledPayout = sum(payoutSettlements.map((s) => cents(s.settledAmount)));
  const entitledPayout = sum(records.map((r) => cents(r.payOutAmount)));
  const instalments = payoutInstalments(records, settledPayout);

  return {
    revenue: revenueHeader(row, clientRows, language, t),
    summary: {
      description: row.revenue.description,
      internalRemark: row.revenue.internalRemark,
      totalInstallmentNo: row.revenue.totalInstallmentNo,
      payinTotalRate,
      noOfSettled: payinItems.filter((item) => item.fullySettled).length,
      totalEntitledPayinAmount: money(entitledPayin),
      totalSettledPayinAmount: money(settledPayin),
      totalOutstandingPayinAmount: money(entitledPayin - settledPayin),
      showBadge: entitledPayin - settledPayin > 0n,
      payouts: overallPayouts.map((p) => ({
        producerId: p.producerId,
        producerName: p.producerName,
        totalRate: p.totalRate,
        payAmount: p.settlementInfo.payAmount,
      })),
      payoutTotalRate: rate(sum(payouts.map(({ payout }) => toScaled(payout.totalRate, RATE_SCALE)))),
      totalPayAmount: money(totalPayAmount),
      totalSettledAmount: money(settledPayout),
      totalOutstandingAmount: money(totalPayAmount - settledPayout),
    },
    payin: {
      items: payinItems.map(({ cents: _cents, ...item }) => item),
      totalPayinPercent: payinTotalRate,
      rate: currentRate
        ? {
            rate: currentRate.rate,
            annualBonus: currentRate.annualBonus,
            singleTopup: currentRate.singleTopup,
            payTerm: currentRate.payTerm,
            renewal: currentRate.renewal,
            issueAge: currentRate.issueAge,
            trail: currentRate.trail,
            sumInsured: currentRate.sumInsured,
            effectiveDate: currentRate.effectiveDate,
          }
        : null,
    },
    payout: {
      totalInstallmentNo: instalments.count,
      totalEntitledPayoutAmount: money(entitledPayout),
      totalSettledPayoutAmount: money(settledPayout),
      totalOutstandingPayoutAmount: money(entitledPayout - settledPayout),
      installmentInfoTitle: t('internalRevenues.installmentInfoTitle', {
        count: instalments.count,
        settled: instalments.settled,
      }),
      overallPayouts,
      payModes: PAY_MODES.filter((mode: PayMode) => records.some((r) => r.payMode === mode)),
    },
  };
}

/**
 * The pay-out instalments (distinct instalment numbers of the records) and how many are settled: settlements pay
 * instalments in order, so an instalment is settled when the settled total covers it and every one before it.
 */
export function payoutInstalments(
  records: readonly { installmentNo: number; payOutAmount: string }[],
  settled: bigint,
): { count: number; settled: number } {
  const dueByInstalment = new Map<number, bigint>();
  for (const record of records) {
    dueByInstalment.set(
      record.installmentNo,
      (dueByInstalment.get(record.installmentNo) ?? 0n) + cents(record.payOutAmount),
    );
  }
  let covered = 0;
  let cumulative = 0n;
  for (const no of [...dueByInstalment.keys()].sort((a, b) => a - b)) {
    cumulative += dueByInstalment.get(no) ?? 0n;
    if (cumulative > settled) break;
    covered += 1;
  }
  return { count: dueByInstalment.size, settled: covered };
}

/** A plan item's type in words: report 11's words for BASIC, RIDER and FUND; any other type as it came. */
function policyItemTypeWords(type: string, t: Translate): string {
  return type === 'BASIC' || type === 'RIDER' || type === 'FUND' ? t(`planReports.item${type}`) : type;
}

/**
 * The revenue's facts. Its enumerations are stored as codes and worded here in the request's language (decision 012):
 * pay-in mode, product category and payment frequency from the domain catalog, the item type as report 11 words it.
 */
function revenueHeader(
  row: RevenueRow,
  clientRows: { id: number; name: string }[],
  language: Language,
  t: Translate,
): RevenueDetail['revenue'] {
  const r = row.revenue;
  const words = domainWords(language);
  return {
    revenueId: r.id,
    commissionType: r.commissionType,
    receivedCurrency: r.receivedCurrency,
    providerExchangeRate: r.providerExchangeRate,
    serviceCompany: { id: r.serviceCompanyId, name: row.serviceCompanyName },
    totalPayinAmount: r.totalPayinAmount,
    payinEffectiveDate: r.payinEffectiveDate,
    refNo: r.refNo,
    accountNo: r.accountNo,
    policy:
      r.policyId != null && row.policyPlanNo != null && row.policyCurrency != null
        ? { id: r.policyId, planNo: row.policyPlanNo, currency: row.policyCurrency }
        : null,
    premiumDate: r.premiumDate,
    // The detail shows a lapse or surrender date for contribution-based (type C) revenues only.
    lapseSurrenderOn: r.commissionType === 'C' ? r.lapseSurrenderOn : null,
    payinMode: words.payinMode(r.payinMode),
    totalPayoutAmount: r.totalPayoutAmount,
    payoutEffectiveDate: r.payoutEffectiveDate,
    join_seq_no: r.joinSeqNo,
    cutoffOn: r.cutoffOn,
    bankInOn: r.bankInOn,
    grossProfit: r.grossProfit,
    grossProfitPercentage: r.grossProfitPercentage,
    upfrontWrapFee: r.upfrontWrapFee,
    contributionAmount: r.contributionAmount,
    isContributionAmountFloat: r.isContributionAmountFloat,
    combinedContributionAmount: r.combinedContributionAmount,
    originalContributionAmount: r.originalContributionAmount,
    productRecordType: r.productRecordType === null ? null : words.productCategory(r.productRecordType),
    productId: r.productId,
    productName: row.productName,
    policyItem:
      row.policyItemType != null
        ? {
            type: policyItemTypeWords(row.policyItemType, t),
            commenceOn: row.policyItemCommenceOn,
            modalPremium: row.policyItemModalPremium,
          }
        : null,
    payMode: words.paymentFrequency(r.payMode),
    term: r.term,
    clients: clientRows,
    salesCampaign: r.salesCampaign,
    isOrphanCase: r.isOrphanCase,
    editable: r.editable,
    deletable: r.deletable,
    version: r.updatedAt.toISOString(),
  };
}
