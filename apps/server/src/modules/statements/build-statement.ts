import type { Currency, Language } from '@portal/contract';
import { HttpError } from '../../plugins/errors.js';
import { convertAtRate, quotedCrossRate, sumAmounts } from '../../render/decimal.js';
import { domainWords } from '../../render/domain-texts.js';
import { portfolioFromHoldings } from '../../render/portfolio-from-holdings.js';
import {
  type ConversionLine,
  LIFE_VALUE_FIELDS,
  type StatementDocument,
  type StatementLifeValues,
  type StatementPlanSection,
} from '../../render/statement-model.js';
import type { StatementRequester, StatementsContext } from './context.js';
import {
  type AccountRow,
  type SnapshotRef,
  selectClientHeader,
  selectConsolidatedPlanSnapshots,
  selectPlanAllocations,
  selectPolicyValuesOn,
  selectSnapshot,
  selectSnapshotHoldings,
  selectSnapshotPlans,
  selectUsdRates,
} from './queries.js';
import { statementFirmOf } from './statement-firm.js';
import { monthStartOf } from './statement-months.js';
import { statementPerformance } from './statement-performance.js';

/**
 * The plan sections of the given snapshots (one per plan), in the order of `snapshotIds`, with the plans' codes
 * (terms, payment method, asset classes, cash positions) in the statement's language.
 */
async function planSections(
  ctx: StatementsContext,
  snapshotIds: number[],
  asOfDate: string,
  language: Language,
  knownPolicyIds?: number[],
): Promise<StatementPlanSection[]> {
  const words = domainWords(language);
  // With the plans' ids known beforehand (a POLICY account's own plan), all four reads go out at once.
  const plansRead = selectSnapshotPlans(ctx.db, snapshotIds);
  const policyIds = knownPolicyIds ?? (await plansRead).map((p) => p.policyId);
  const [plans, holdings, allocations, values] = await Promise.all([
    plansRead,
    selectSnapshotHoldings(ctx.db, snapshotIds),
    selectPlanAllocations(ctx.db, policyIds),
    selectPolicyValuesOn(ctx.db, policyIds, asOfDate),
  ]);
  const order = new Map(snapshotIds.map((id, i) => [id, i]));
  plans.sort((a, b) => (order.get(a.snapshotId) ?? 0) - (order.get(b.snapshotId) ?? 0));
  return plans.map((plan) => {
    const own = holdings.filter((h) => h.snapshotId === plan.snapshotId);
    const lines = own.map(({ snapshotId: _s, assetClass: _a, ...h }) => ({
      ...h,
      holdingType: h.holdingType as 'fund' | 'cash',
      description: h.holdingType === 'cash' ? words.cashAccount(h.currency) : h.description,
    }));
    const subTotalFunds = sumAmounts(
      lines.filter((l) => l.holdingType === 'fund').map((l) => l.valuationValue),
    );
    const cashBalance = sumAmounts(
      lines.filter((l) => l.holdingType === 'cash').map((l) => l.valuationValue),
    );
    const value = values.find((v) => v.policyId === plan.policyId);
    let lifeValues: StatementLifeValues | null = null;
    if (value) {
      lifeValues = { currency: value.currency } as StatementLifeValues;
      for (const field of LIFE_VALUE_FIELDS) lifeValues[field] = value[field];
    }
    const allocation = allocations
      .filter((a) => a.policyId === plan.policyId && a.kind === 'allocation')
      .map(({ code, name, assetClass, percentage }) => ({
        code,
        name,
        assetClass: words.assetClass(assetClass),
        percentage,
      }));
    return {
      planNo: plan.planNo,
      productName: plan.productName,
      providerName: plan.providerName,
      policyOwner: plan.policyOwner,
      jointOwner: plan.jointOwner,
      insured: plan.insured,
      beneficiary: plan.beneficiary,
      commenceDate: plan.commenceDate,
      policyTerm: words.term(plan.policyTerm),
      paymentFrequency: plan.paymentFrequency,
      payTerm: words.term(plan.payTerm),
      paymentMethod: words.paymentMethod(plan.paymentMethod),
      currency: plan.currency,
      valuationCurrency: plan.valuationCurrency,
      modalPremium: plan.modalPremium,
      totalPremiumPaid: plan.totalPremiumPaid,
      holdings: lines,
      subTotalFunds,
      cashBalance,
      totalPortfolioValue: sumAmounts([subTotalFunds, cashBalance]),
      allocation,
      // What the plan held at the statement's date, by value (the stored portfolio rows repeat the premium
      // allocation): derived as the plan page derives it, from this snapshot's holdings.
      portfolio: portfolioFromHoldings(own, words),
      lifeValues,
      dataAlert: plan.dataAlert,
    };
  });
}

/**
 * The statement of one account for one month. A POLICY account prints its plan in the plan's valuation currency;
 * a CONSOLIDATE account prints each plan and converts every plan's totals into `currency` at the quoted cross rate
 * of the valuation date's USD quotes (decision 011: amount × quoted rate, to the cent), the grand totals being the
 * sums of the converted lines as printed.
 */
export async function buildStatement(
  ctx: StatementsContext,
  who: StatementRequester,
  account: AccountRow,
  month: string,
  currency: Currency | undefined,
  known: { snapshot?: SnapshotRef; client?: { name: string; clientNo: string } } = {},
): Promise<StatementDocument> {
  // A single statement's snapshot and client come with its access check (planStatement); a bundle's are read here.
  const [snapshot, client] = await Promise.all([
    known.snapshot ?? selectSnapshot(ctx.db, account.id, monthStartOf(month)),
    known.client ?? selectClientHeader(ctx.db, account.clientId),
  ]);
  if (!snapshot || !client) throw new HttpError(404, 'statements.noStatement');
  const firm = statementFirmOf(ctx.sites, who.siteCode);
  const base = {
    firm,
    language: who.language,
    clientName: client.name,
    clientNo: client.clientNo,
    accountNo: account.accountNo,
    month,
    asOfDate: snapshot.asOfDate,
  };
  if (account.accountType !== 'CONSOLIDATE') {
    // A POLICY account's snapshot is of its own plan (selectSnapshotPlans joins through the account).
    const ownPolicy = account.policyId === null ? [] : [account.policyId];
    const plans = await planSections(ctx, [snapshot.id], snapshot.asOfDate, who.language, ownPolicy);
    const plan = plans[0];
    if (!plan) throw new HttpError(404, 'statements.noStatement');
    return { ...base, kind: 'monthly', reportingCurrency: plan.valuationCurrency, plans, summary: null };
  }

  const reportingCurrency = currency ?? (account.consolidatedCurrency as Currency);
  const planSnapshots = await selectConsolidatedPlanSnapshots(
    ctx.db,
    account.clientId,
    account.id,
    monthStartOf(month),
  );
  const [plans, performance] = await Promise.all([
    planSections(
      ctx,
      planSnapshots.map((s) => s.id),
      snapshot.asOfDate,
      who.language,
    ),
    statementPerformance(ctx, account, who.siteCode, month, snapshot.asOfDate, reportingCurrency),
  ]);
  const currencies = [...new Set([reportingCurrency, ...plans.map((p) => p.valuationCurrency)])];
  const rates = new Map(
    (await selectUsdRates(ctx.db, snapshot.asOfDate, currencies)).map((r) => [r.currency, r.rate]),
  );
  const usdPer = (ccy: string) => {
    const rate = ccy === 'USD' ? '1' : rates.get(ccy);
    if (!rate) throw new Error(`no ${ccy}/USD rate on ${snapshot.asOfDate}`);
    return rate;
  };
  const valueLines: ConversionLine[] = [];
  const cashLines: ConversionLine[] = [];
  for (const plan of plans) {
    const rate = quotedCrossRate(usdPer(plan.valuationCurrency), usdPer(reportingCurrency));
    const line = (amount: string): ConversionLine => ({
      planNo: plan.planNo,
      productName: plan.productName,
      currency: plan.valuationCurrency,
      amount,
      rate,
      converted: convertAtRate(amount, rate),
    });
    valueLines.push(line(plan.totalPortfolioValue));
    cashLines.push(line(plan.cashBalance));
  }
  return {
    ...base,
    kind: 'consolidated',
    reportingCurrency,
    plans,
    summary: {
      valueLines,
      totalValue: sumAmounts(valueLines.map((l) => l.converted)),
      cashLines,
      totalCash: sumAmounts(cashLines.map((l) => l.converted)),
    },
    performance,
  };
}
