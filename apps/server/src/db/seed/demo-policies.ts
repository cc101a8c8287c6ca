import { type LocalizedText, type ProductCategory, parseTermCode } from '@portal/contract';
import { policies, policyItems, policyValues } from '../schema/index.js';
import { insertInSlices, insertReturningIds } from './bulk.js';
import { MAIN_CLIENT_PLANS } from './demo-clients.js';
import {
  DEMO_ANCHOR_DATE,
  type DemoClient,
  type DemoContext,
  type DemoPolicy,
  INVESTMENT_CATEGORIES,
} from './demo-context.js';
import { flushFiles, queueFile } from './demo-files.js';
import { fromUsd, premiumsDue } from './demo-premiums.js';
import { providerStatementPdf } from './documents.js';
import { addDays, Random } from './random.js';
import type { SeededProduct } from './reference.js';
import { statusChangedOn } from './status-dates.js';

interface PlanSpec {
  category: ProductCategory;
  currency: string;
  status: string;
}

const CATEGORY_WEIGHTS: ProductCategory[] = [
  'IN',
  'IN',
  'IN',
  'IL',
  'IL',
  'FD',
  'FD',
  'MPF',
  'GI',
  'GI',
  'PB',
  'TU',
  'IR',
];
const STATUS_BY_CATEGORY: Record<ProductCategory, string[]> = {
  IL: ['INF', 'INF', 'INF', 'LAP', 'SUR', 'COF'],
  IN: ['INF', 'INF', 'INF', 'ACT', 'LAP', 'MAT', 'CAN'],
  IR: ['INF', 'INF', 'TER'],
  FD: ['OPN', 'OPN', 'OPN', 'COD', 'TOT'],
  MPF: ['OPN', 'OPN', 'TOT'],
  GI: ['INF', 'INF', 'TER'],
  PB: ['OPN', 'OPN', 'COD'],
  TU: ['ACT', 'OPN'],
};
/** Forced onto the first generated plans so every status code exists in the demo data. */
const STATUS_ROTATION = ['RCV', 'AIP', 'CFM', 'MAT', 'SUR', 'TOT', 'COF', 'CAN', 'COD', 'TER', 'ACT'];
const CURRENCIES_BY_CATEGORY: Record<ProductCategory, string[]> = {
  IL: ['USD', 'USD', 'HKD', 'GBP', 'EUR'],
  IN: ['HKD', 'HKD', 'USD'],
  IR: ['HKD', 'USD'],
  FD: ['USD', 'USD', 'HKD', 'EUR', 'JPY', 'AUD', 'SGD'],
  MPF: ['HKD'],
  GI: ['HKD'],
  PB: ['USD', 'EUR', 'GBP'],
  TU: ['USD', 'GBP'],
};

function planSpecs(client: DemoClient, index: number, rng: Random, rotation: string[]): PlanSpec[] {
  if (client.clientNo === 'AG10000001') return MAIN_CLIENT_PLANS;
  if (client.clientNo === 'AG10000002') {
    return [
      { category: 'IN', currency: 'HKD', status: 'INF' },
      { category: 'FD', currency: 'USD', status: 'OPN' },
      { category: 'IL', currency: 'GBP', status: 'SUR' },
    ];
  }
  const count = index < 5 ? 1 : rng.int(1, 4);
  return Array.from({ length: count }, () => {
    const category = rng.pick(CATEGORY_WEIGHTS);
    const forced = rotation.shift();
    return {
      category,
      currency: rng.pick(CURRENCIES_BY_CATEGORY[category]),
      status: forced ?? rng.pick(STATUS_BY_CATEGORY[category]),
    };
  });
}

function termsFor(category: ProductCategory, rng: Random, currency: string) {
  // Whole units of the plan's currency, of the same worth whatever the currency (a JPY premium is JPY-sized).
  const amount = (min: number, max: number) => Math.round(fromUsd(rng.int(min, max), currency)).toFixed(2);
  switch (category) {
    case 'IN':
      return {
        ...endowmentTerms(rng),
        paymentFrequency: rng.pick(['A', 'M', 'Q', 'H']),
        paymentMethod: rng.pick(['AUTOPAY', 'CREDIT_CARD', 'CHEQUE']),
        sumInsured: amount(50_000, 1_000_000),
        modalPremium: amount(100, 8_000),
      };
    case 'IL':
      return {
        policyTerm: 'WOL',
        payTerm: rng.pick(['Y15', 'Y20', 'Y25']),
        paymentFrequency: 'M',
        paymentMethod: rng.pick(['AUTOPAY', 'CREDIT_CARD']),
        sumInsured: null,
        modalPremium: amount(300, 5_000),
        portfolioType: 'REGULAR_SAVINGS',
      };
    case 'IR':
      return {
        policyTerm: 'Y10',
        payTerm: 'Y10',
        paymentFrequency: 'A',
        paymentMethod: 'AUTOPAY',
        sumInsured: amount(20_000, 200_000),
        modalPremium: amount(50, 800),
      };
    case 'FD':
    case 'PB':
      return {
        paymentFrequency: 'S',
        paymentMethod: 'TELEGRAPHIC_TRANSFER',
        modalPremium: null,
        sumInsured: null,
        portfolioType: rng.pick(['DISCRETIONARY', 'ADVISORY', 'EXECUTION_ONLY']),
        serviceType: rng.pick(['D', 'N', 'T']),
      };
    case 'MPF':
      return {
        paymentFrequency: 'M',
        paymentMethod: 'EMPLOYER_CONTRIBUTION',
        modalPremium: amount(150, 1_500),
        sumInsured: null,
        portfolioType: 'EMPLOYEE',
      };
    case 'GI':
      return {
        policyTerm: 'Y1',
        payTerm: 'Y1',
        paymentFrequency: 'A',
        paymentMethod: 'CREDIT_CARD',
        sumInsured: amount(100_000, 2_000_000),
        modalPremium: amount(80, 1_200),
      };
    case 'TU':
      return {
        paymentFrequency: 'S',
        paymentMethod: 'TELEGRAPHIC_TRANSFER',
        modalPremium: null,
        sumInsured: null,
        portfolioType: 'FAMILY_TRUST',
      };
  }
}

/** The insurer's "Important information" text, as insurers publish it: in each language the portal offers. */
const LIFE_DISCLAIMER: LocalizedText = {
  en:
    '<p>Policy values are provided by the insurer and are <strong>not guaranteed</strong>. ' +
    'Surrender values may be lower than the premiums paid.</p>',
  zh: '<p>保單價值由保險公司提供，<strong>並非保證</strong>。退保價值可能低於已繳保費。</p>',
  ja: '<p>保険契約の価値は保険会社が提供するもので、<strong>保証されたものではありません</strong>。解約返戻金は払込保険料を下回る場合があります。</p>',
  kr: '<p>계약 가치는 보험사가 제공한 것으로 <strong>보장되지 않습니다</strong>. 해지 환급금은 납입한 보험료보다 적을 수 있습니다.</p>',
};

/** Term in years of a term code, Infinity for whole of life or to an age (both outlast any N-year pay term). */
function termYears(code: string): number {
  const term = parseTermCode(code);
  return term?.kind === 'years' ? term.n : Number.POSITIVE_INFINITY;
}

/**
 * An endowment's policy and pay terms: premiums are never paid for longer than the cover runs. One pick each, as
 * before, so the random stream (and every figure drawn after it) stays the same.
 */
function endowmentTerms(rng: Random) {
  const policyTerm = rng.pick(['Y20', 'A100', 'Y10']);
  const payTerm = rng.pick(['Y5', 'Y10', 'Y20'].filter((pay) => termYears(pay) <= termYears(policyTerm)));
  return { policyTerm, payTerm };
}

/** Plans for every client, their provider-statement and assets-selection files, items and life values. */
export async function insertPolicies(ctx: DemoContext): Promise<void> {
  const rng = new Random(202);
  // A stream of its own: status dates were added later, and drawing them from `rng` would move every figure after.
  const statusRng = new Random(1202);
  const rotation = [...STATUS_ROTATION];
  const latest = ctx.months.at(-1)?.asOf ?? '2026-06-30';
  const rows: (typeof policies.$inferInsert)[] = [];
  const pending: Omit<DemoPolicy, 'id'>[] = [];
  let serial = 1000001;
  ctx.clients.forEach((client, index) => {
    for (const spec of planSpecs(client, index, rng, rotation)) {
      const product: SeededProduct = rng.pick(ctx.catalog.productsByCategory.get(spec.category) ?? []);
      const planNo = `${product.providerCode}${serial++}`;
      const invest = INVESTMENT_CATEGORIES.includes(spec.category);
      const currency = spec.currency;
      const commenceDate = rng.dateBetween('2012-01-01', '2026-03-31');
      const terms = termsFor(spec.category, rng, currency);
      const isMain = client.clientNo === 'AG10000001' || client.clientNo === 'AG10000002';
      const withStatement = invest && (isMain || index % 3 === 0);
      const withAssetsSelection = spec.category === 'IL' && (isMain || index % 5 === 0);
      const insuredName = rng.chance(0.8)
        ? client.fullName
        : `${client.fullName.split(' ').at(-1)} ${rng.pick(['Junior', 'Jane', 'John', 'Ka Yan'])}`;
      const providerStatementFileKey = withStatement ? `statements/provider/${planNo}.pdf` : null;
      const assetsSelectionFileKey = withAssetsSelection ? `plans/assets-selection/${planNo}.pdf` : null;
      // Regular premiums: the modal premium times the premiums due since commencement; single premiums: one
      // amount. Withdrawals and the provider's last value stay within what a plan of that size can show.
      const paidAmount = terms.modalPremium
        ? Number(terms.modalPremium) *
          premiumsDue(commenceDate, latest, terms.paymentFrequency, 'payTerm' in terms ? terms.payTerm : null)
        : Math.round(fromUsd(rng.int(20_000, 400_000), currency));
      const paid = paidAmount.toFixed(2);
      const withdrawn = invest
        ? rng.chance(0.25)
          ? (paidAmount * Number(rng.decimal(0.02, 0.12, 4))).toFixed(2)
          : '0.00'
        : null;
      const exTotalPortfolioValue = invest
        ? (paidAmount * Number(rng.decimal(0.9, 1.25, 4)) - Number(withdrawn ?? 0)).toFixed(2)
        : null;
      rows.push({
        siteCode: client.site,
        planNo,
        productId: product.id,
        category: spec.category,
        statusCode: spec.status,
        ownerClientId: client.id,
        insuredClientId: insuredName === client.fullName ? client.id : null,
        insuredName,
        beneficiaryName:
          spec.category === 'IN' || spec.category === 'IL'
            ? rng.pick(['Spouse', 'Estate', 'Children in equal shares'])
            : null,
        servicingProducerId: ctx.org.producerIds.get(client.producerCode) ?? 0,
        caId: `CA${serial}`,
        commenceDate,
        statusChangedOn: statusChangedOn(spec.status, commenceDate, DEMO_ANCHOR_DATE, statusRng),
        ...terms,
        paymentStatus: spec.status === 'LAP' ? 'OVERDUE' : 'PAID_TO_DATE',
        currency,
        valuationCurrency: currency,
        totalPremiumPaid: paid,
        estimatedPremiumAndLevyAmount: terms.modalPremium
          ? (Number(terms.modalPremium) * 1.001).toFixed(2)
          : null,
        nextContributeDueOn: spec.category === 'MPF' || spec.category === 'IL' ? addDays(latest, 10) : null,
        pendingTranAmount: invest ? (rng.chance(0.2) ? rng.decimal(100, 5_000) : '0.00') : null,
        totalWithdrawalAmount: withdrawn,
        totalWithdrawalCurrency: invest ? currency : null,
        exTotalPortfolioValue,
        totalPortfolioValueAlert: isMain && spec.category === 'IL' && spec.currency === 'GBP',
        disabledPolicyValueSection: spec.category === 'IN' && spec.status === 'LAP',
        isShowAssetsSelection: withAssetsSelection,
        assetsSelectionFileKey,
        providerStatementFileKey,
        lifeDisclaimerHtml: spec.category === 'IN' || spec.category === 'IL' ? LIFE_DISCLAIMER : null,
      });
      pending.push({
        site: client.site,
        planNo,
        category: spec.category,
        productId: product.id,
        productName: product.name,
        providerCode: product.providerCode,
        statusCode: spec.status,
        currency,
        ownerClientId: client.id,
        ownerName: client.fullName,
        insuredName,
        producerCode: client.producerCode,
        commenceDate,
        modalPremium: terms.modalPremium ?? null,
        paymentFrequency: terms.paymentFrequency ?? null,
        totalPremiumPaid: paid,
        totalWithdrawalAmount: withdrawn,
        providerStatementFileKey,
      });
      if (providerStatementFileKey) {
        queueFile(ctx, providerStatementFileKey, 'application/pdf', () =>
          providerStatementPdf({
            planNo,
            productName: product.name,
            clientName: client.fullName,
            asOf: latest,
            currency,
          }),
        );
      }
      if (assetsSelectionFileKey) {
        queueFile(ctx, assetsSelectionFileKey, 'application/pdf', () =>
          providerStatementPdf({
            planNo,
            productName: `${product.name} – fund choices`,
            clientName: client.fullName,
            asOf: latest,
            currency,
          }),
        );
      }
    }
  });
  await flushFiles(ctx);
  const ids = await insertReturningIds(ctx.tx, policies, rows, 500);
  pending.forEach((p, i) => {
    const policy: DemoPolicy = { ...p, id: ids[i] ?? 0 };
    ctx.clients.find((c) => c.id === p.ownerClientId)?.policies.push(policy);
  });
  const termsByPlanNo = new Map(
    rows.map((r) => [r.planNo, { policyTerm: r.policyTerm ?? null, payTerm: r.payTerm ?? null }]),
  );
  await insertItemsAndValues(ctx, rng, termsByPlanNo);
}

type PlanTerms = { policyTerm: string | null; payTerm: string | null };

/**
 * The basic plan's item carries the plan's own terms, and a rider runs with its basic plan: one page shows the plan's
 * terms in its header and in its items, and they must not contradict each other.
 */
async function insertItemsAndValues(
  ctx: DemoContext,
  rng: Random,
  termsByPlanNo: Map<string, PlanTerms>,
): Promise<void> {
  const riderPremium = (planPremium: string | null) =>
    planPremium === null
      ? null
      : Math.round(Number(planPremium) * Number(rng.decimal(0.05, 0.15, 4))).toFixed(2);
  const riders = ctx.catalog.productsByCategory.get('IR') ?? [];
  const items: (typeof policyItems.$inferInsert)[] = [];
  const values: (typeof policyValues.$inferInsert)[] = [];
  for (const policy of ctx.clients.flatMap((c) => c.policies)) {
    if (policy.category !== 'IN' && policy.category !== 'IL') continue;
    const terms = termsByPlanNo.get(policy.planNo) ?? { policyTerm: null, payTerm: null };
    const basic: typeof policyItems.$inferInsert = {
      policyId: policy.id,
      policyType: 'BASIC',
      productId: policy.productId,
      productName: policy.productName,
      commenceDate: policy.commenceDate,
      ...terms,
      sumInsured: Math.round(fromUsd(rng.int(100_000, 900_000), policy.currency)).toFixed(2),
      modalPremium: policy.modalPremium,
    };
    items.push(basic);
    // Riders take their share of the plan's modal premium: the items add up to the premium the plan shows.
    let riderPremiums = 0;
    const riderCount = policy.category === 'IN' ? rng.int(0, 2) : 0;
    for (let r = 0; r < riderCount; r++) {
      const rider = rng.pick(riders);
      items.push({
        policyId: policy.id,
        policyType: 'RIDER',
        productId: rider.id,
        productName: rider.name,
        commenceDate: policy.commenceDate,
        ...terms,
        sumInsured: Math.round(fromUsd(rng.int(20_000, 200_000), policy.currency)).toFixed(2),
        modalPremium: riderPremium(policy.modalPremium),
      });
      riderPremiums += Number(items.at(-1)?.modalPremium ?? 0);
    }
    if (policy.modalPremium !== null) {
      basic.modalPremium = (Number(policy.modalPremium) - riderPremiums).toFixed(2);
    }
    // The cash value of a life plan is a fraction of what was paid into it, never a multiple of it.
    let cash = Number(policy.totalPremiumPaid) * Number(rng.decimal(0.55, 0.95, 4));
    for (const m of ctx.months) {
      cash *= 1 + rng.next() * 0.01;
      const dividend = cash * 0.12;
      const surrender = cash * 0.93 + dividend;
      values.push({
        policyId: policy.id,
        valueDate: m.asOf,
        currency: policy.currency,
        cashValue: cash.toFixed(2),
        accumulatedDividend: dividend.toFixed(2),
        futureDeposit: '0.00',
        loanBalance: policy.statusCode === 'LAP' ? (cash * 0.2).toFixed(2) : '0.00',
        nextLevy: '12.50',
        accumulatedGuaranteedCoupon: (cash * 0.03).toFixed(2),
        terminalDividend: (cash * 0.08).toFixed(2),
        surrenderValue: surrender.toFixed(2),
        nextDuePremium: policy.modalPremium,
        vitalityDiscount: '0.00',
        premiumRefund: '0.00',
        totalPolicyValue: (cash + dividend + cash * 0.08).toFixed(2),
      });
    }
  }
  await insertInSlices(ctx.tx, policyItems, items);
  await insertInSlices(ctx.tx, policyValues, values, 500);
}
