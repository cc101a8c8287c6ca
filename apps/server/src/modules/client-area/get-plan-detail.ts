import {
  type AllocationEntry,
  API_ROUTES,
  type AssetsPerformance,
  apiPath,
  type Language,
  monthLabel,
  type PlanDetail,
  statementMonthWindow,
  textIn,
} from '@portal/contract';
import { HttpError } from '../../plugins/errors.js';
import { fromScaled, MONEY_SCALE, mulDiv, sumAmounts, toScaled } from '../../render/decimal.js';
import { domainWords } from '../../render/domain-texts.js';
import { sanitizeHtml } from '../../render/html.js';
import { portfolioFromHoldings } from '../../render/portfolio-from-holdings.js';
import type { ClientAreaContext, ClientRef } from './context.js';
import { type ClientPlanDetailRow, selectClientPlanDetail } from './plan-detail-query.js';

export const filePaths = {
  providerStatement: (planId: number) => apiPath(API_ROUTES.clientArea.providerStatementFile, { id: planId }),
  assetsSelection: (planId: number) => apiPath(API_ROUTES.clientArea.assetsSelectionFile, { id: planId }),
  factsheet: (fundCode: string) => apiPath(API_ROUTES.clientArea.factsheetFile, { fundCode }),
};

type Snapshot = ClientPlanDetailRow['snapshots'][number];

function assetsPerformance(
  row: ClientPlanDetailRow,
  totalPortfolioValue: string | null,
  snapshots: Snapshot[],
): AssetsPerformance | null {
  if (totalPortfolioValue === null) return null;
  const { plan } = row;
  const paid = plan.totalPremiumPaid;
  const withdrawn = plan.totalWithdrawalAmount;
  let gainLoss: string | null = null;
  let gainLossPercentage: string | null = null;
  if (paid !== null) {
    const gain = toScaled(totalPortfolioValue, 2) + toScaled(withdrawn ?? '0', 2) - toScaled(paid, 2);
    gainLoss = fromScaled(gain, MONEY_SCALE);
    const paidCents = toScaled(paid, 2);
    if (paidCents !== 0n) gainLossPercentage = fromScaled(mulDiv(gain, 10_000n, paidCents), 2);
  }
  return {
    currency: plan.valuationCurrency,
    totalPortfolioValue,
    totalPremiumPaid: paid,
    totalWithdrawalAmount: withdrawn,
    gainLoss,
    gainLossPercentage,
    history: [...snapshots].reverse().map((s) => ({
      month: s.month.slice(0, 7),
      asOfDate: s.asOfDate,
      value: s.totalPortfolioValue,
    })),
  };
}

/**
 * Plan detail: every field the plan screens show (docs/client-area.md) plus its values, items, holdings and
 * allocations. The plan's term, payment and asset-class codes and its per-language texts answer in `language` (the
 * URL's).
 */
export async function getPlanDetail(
  ctx: ClientAreaContext,
  client: ClientRef,
  planId: number,
  language: Language,
): Promise<PlanDetail> {
  const words = domainWords(language);
  const row = await selectClientPlanDetail(ctx.db, client.clientId, client.siteCode, planId);
  if (!row) throw new HttpError(404, 'errors.notFound');
  const { plan, holdings: holdingRows, additionalHoldings: extraRows, items, allocations, values } = row;
  const window = new Set(statementMonthWindow(ctx.now()));
  const stmtMonthOptions = row.snapshots
    .map((s) => s.month.slice(0, 7))
    .filter((m) => window.has(m))
    .map((m) => ({ label: monthLabel(m), value: m }));
  const totalPortfolioValue =
    holdingRows.length > 0 ? sumAmounts(holdingRows.map((h) => h.valuationValue)) : null;
  const toEntry = (a: (typeof allocations)[number]): AllocationEntry => ({
    code: a.code,
    name: a.name,
    assetClass: words.assetClass(a.assetClass),
    percentage: a.percentage,
  });
  const extra = (kind: string) =>
    extraRows.filter((x) => x.kind === kind).map(({ kind: _kind, ...rest }) => rest);
  const address =
    row.ownerCorrespondenceAddress.length > 0 ? row.ownerCorrespondenceAddress : row.ownerResidentialAddress;

  return {
    id: plan.id,
    productName: row.productName,
    policyStatusCode: plan.statusCode as PlanDetail['policyStatusCode'],
    productCategory: plan.category as PlanDetail['productCategory'],
    planNo: plan.planNo,
    providerCodeForApi: row.providerCodeForApi,
    productCodeForApi: row.productCodeForApi,
    caId: plan.caId,
    // The client-account-policy link id of the provider feeds is the plan itself here.
    capId: String(plan.id),
    stmtMonthOptions,
    providerShortName: row.providerShortName,
    providerStatementPath: plan.providerStatementFileKey ? filePaths.providerStatement(plan.id) : null,
    policyOwner: row.ownerName,
    address,
    contactNo: row.ownerPhones[0] ?? null,
    email: row.ownerEmails[0] ?? null,
    commenceDate: plan.commenceDate,
    policyTerm: words.term(plan.policyTerm),
    paymentFrequency: plan.paymentFrequency,
    payTerm: words.term(plan.payTerm),
    paymentMethod: words.paymentMethod(plan.paymentMethod),
    policyStatus: words.policyStatus(plan.statusCode, row.policyStatus),
    paymentStatus: words.paymentStatus(plan.paymentStatus),
    portfolioType: words.portfolioType(plan.portfolioType),
    currency: plan.currency,
    valuationCurrency: plan.valuationCurrency,
    sumInsured: plan.sumInsured,
    modalPremium: plan.modalPremium,
    totalPremiumPaid: plan.totalPremiumPaid,
    estimatedPremiumAndLevyAmount: plan.estimatedPremiumAndLevyAmount,
    nextContributeDueOn: plan.nextContributeDueOn,
    pendingTranAmount: plan.pendingTranAmount,
    totalWithdrawalAmount: plan.totalWithdrawalAmount,
    totalWithdrawalCurrency: plan.totalWithdrawalCurrency,
    jointOwner: row.jointOwnerName,
    insured: plan.insuredName,
    beneficiary: plan.beneficiaryName,
    companyName: row.providerName,
    siteCode: plan.siteCode,
    exTotalPortfolioValue: plan.exTotalPortfolioValue,
    totalPortfolioValueAlert: plan.totalPortfolioValueAlert,
    disabledPolicyValueSection: plan.disabledPolicyValueSection,
    isShowAssetsSelection: plan.isShowAssetsSelection,
    assetsSelectionFilePath:
      plan.isShowAssetsSelection && plan.assetsSelectionFileKey ? filePaths.assetsSelection(plan.id) : null,
    lifeDisclaimer: plan.lifeDisclaimerHtml ? sanitizeHtml(textIn(plan.lifeDisclaimerHtml, language)) : null,
    totalPortfolioValue,
    lifePolicyValues: values
      ? {
          valueDate: values.valueDate,
          currency: values.currency,
          cashValue: values.cashValue,
          accumulatedDividend: values.accumulatedDividend,
          futureDeposit: values.futureDeposit,
          loanBalance: values.loanBalance,
          nextLevy: values.nextLevy,
          accumulatedGuaranteedCoupon: values.accumulatedGuaranteedCoupon,
          terminalDividend: values.terminalDividend,
          surrenderValue: values.surrenderValue,
          nextDuePremium: values.nextDuePremium,
          vitalityDiscount: values.vitalityDiscount,
          premiumRefund: values.premiumRefund,
          totalPolicyValue: values.totalPolicyValue,
        }
      : null,
    policyItems: items.map((item) => ({
      ...item,
      policyTerm: words.term(item.policyTerm),
      payTerm: words.term(item.payTerm),
    })),
    holdings: holdingRows.map(({ hasFactsheet, assetClass: _assetClass, ...h }) => ({
      ...h,
      holdingType: h.holdingType as 'fund' | 'cash',
      description: h.holdingType === 'cash' ? words.cashAccount(h.currency) : h.description,
      factsheetPath: hasFactsheet ? filePaths.factsheet(h.code) : null,
      currencyPrefix: plan.valuationCurrency,
    })),
    additionalHoldings: { abfFund: extra('abf'), etfFund: extra('etf') },
    isAdditionalFundExist: extraRows.length > 0,
    allocation: allocations.filter((a) => a.kind === 'allocation').map(toEntry),
    // What the plan holds, from its holdings (the stored rows repeated the premium allocation).
    portfolio: portfolioFromHoldings(holdingRows, words),
    assetsPerformance: assetsPerformance(row, totalPortfolioValue, row.snapshots),
    partyId: row.partyId,
    isTerminated: row.isTerminated,
  };
}
