import { isTerminatedStatus } from '@portal/contract';
import { convertAtRate, quotedCrossRate, sumAmounts, unitsValue } from '../../render/decimal.js';
import {
  additionalHoldings,
  fundPrices,
  fxRates,
  holdings,
  policyAllocations,
  statementAccountPolicies,
  statementAccounts,
  statementSnapshotHoldings,
  statementSnapshots,
} from '../schema/index.js';
import { insertInSlices, insertReturningIds } from './bulk.js';
import { FX_TO_USD } from './catalog-data.js';
import { type DemoContext, type DemoPolicy, INVESTMENT_CATEGORIES } from './demo-context.js';
import { addDays, Random } from './random.js';
import type { SeededFund } from './reference.js';

type PriceTable = Map<string, number>;
const key = (code: string, date: string) => `${code}@${date}`;

/** Month-end prices for every fund and daily prices over the last ten days of the latest month. */
async function insertMarketData(ctx: DemoContext, rng: Random) {
  const prices: PriceTable = new Map();
  /** USD per unit, as stored in fx_rates (8 decimals): the strings every conversion is quoted from. */
  const fx = new Map<string, string>();
  const priceRows: (typeof fundPrices.$inferInsert)[] = [];
  for (const f of ctx.catalog.funds) {
    let price = f.basePrice;
    for (const m of ctx.months) {
      price *= 1 + (rng.next() - 0.45) * 0.06;
      prices.set(key(f.code, m.asOf), Number(price.toFixed(4)));
      priceRows.push({ fundId: f.id, frequency: 'M', priceDate: m.asOf, price: price.toFixed(4) });
    }
    const last = ctx.months.at(-1);
    if (last) {
      for (let d = 9; d >= 0; d--) {
        const daily = price * (1 + (rng.next() - 0.5) * 0.01);
        priceRows.push({
          fundId: f.id,
          frequency: 'D',
          priceDate: addDays(last.asOf, -d),
          price: daily.toFixed(4),
        });
      }
    }
  }
  const fxRows: (typeof fxRates.$inferInsert)[] = [];
  for (const [currency, base] of Object.entries(FX_TO_USD)) {
    for (const m of ctx.months) {
      const rate = (currency === 'USD' ? 1 : base * (1 + (rng.next() - 0.5) * 0.02)).toFixed(8);
      fx.set(key(currency, m.asOf), rate);
      fxRows.push({ rateDate: m.asOf, currency, quoteCurrency: 'USD', rate });
    }
  }
  await insertInSlices(ctx.tx, fundPrices, priceRows);
  await insertInSlices(ctx.tx, fxRates, fxRows);
  return { prices, fx };
}

interface Position {
  fund: SeededFund | null;
  units: number;
  cash: number;
  unitType: string;
}

const languageOf = (lang: string) => (['en', 'zh', 'ja', 'kr'].includes(lang) ? lang : 'en');

/** Holdings, allocations, statement accounts and nine months of statement snapshots for investment plans. */
export async function insertInvestments(ctx: DemoContext): Promise<void> {
  const rng = new Random(303);
  const { prices, fx } = await insertMarketData(ctx, rng);
  const latest = ctx.months.at(-1);
  if (!latest) return;
  const usdPer = (currency: string, date: string) =>
    fx.get(key(currency, date)) ?? (FX_TO_USD[currency] ?? 1).toFixed(8);
  // The quoted rate (decision 011): the rate printed beside each line is the one its valuation is computed with.
  const rate = (from: string, to: string, date: string) =>
    quotedCrossRate(usdPer(from, date), usdPer(to, date));

  const held = new Map<number, Position[]>();
  for (const policy of ctx.clients.flatMap((c) => c.policies)) {
    if (!INVESTMENT_CATEGORIES.includes(policy.category)) continue;
    if (isTerminatedStatus(policy.statusCode) || ['RCV', 'AIP', 'CFM', 'COD'].includes(policy.statusCode))
      continue;
    // What the plan is worth: what was paid in, grown or shrunk within a believable range, less withdrawals;
    // 2–8 % of it waits in cash, the rest is spread over two to four funds.
    const worth =
      Number(policy.totalPremiumPaid) * Number(rng.decimal(0.88, 1.3, 4)) -
      Number(policy.totalWithdrawalAmount ?? 0);
    const cash = worth * Number(rng.decimal(0.02, 0.08, 4));
    const count = rng.int(2, 4);
    const start = rng.int(0, ctx.catalog.funds.length - 1);
    const weights = Array.from({ length: count }, () => rng.int(1, 10));
    const weightSum = weights.reduce((a, b) => a + b, 0);
    const positions: Position[] = [];
    for (let i = 0; i < count; i++) {
      const fund = ctx.catalog.funds[(start + i * 3) % ctx.catalog.funds.length] as SeededFund;
      const share = ((worth - cash) * (weights[i] ?? 1)) / weightSum;
      const price = prices.get(key(fund.code, latest.asOf)) ?? fund.basePrice;
      const units = share / Number(rate(fund.currency, policy.currency, latest.asOf)) / price;
      positions.push({ fund, units, cash: 0, unitType: rng.pick(['I', 'A', 'A', 'O']) });
    }
    positions.push({ fund: null, units: 0, cash, unitType: 'O' });
    held.set(policy.id, positions);
  }

  const policies = ctx.clients.flatMap((c) => c.policies).filter((p) => held.has(p.id));
  const holdingRows = (policy: DemoPolicy, asOf: string, growth: number) =>
    (held.get(policy.id) ?? []).map((pos) => {
      const currency = pos.fund?.currency ?? policy.currency;
      const price = pos.fund ? (prices.get(key(pos.fund.code, asOf)) ?? pos.fund.basePrice).toFixed(4) : null;
      const units = pos.fund ? (pos.units * growth).toFixed(4) : null;
      // Printed units × printed price, and printed value × printed rate, each to the cent.
      const value = units !== null && price !== null ? unitsValue(units, price) : pos.cash.toFixed(2);
      const exchangeRate = rate(currency, policy.currency, asOf);
      return {
        policyId: policy.id,
        holdingType: pos.fund ? 'fund' : 'cash',
        unitType: pos.fund ? pos.unitType : null,
        fundId: pos.fund?.id ?? null,
        code: pos.fund?.code ?? `CASH-${policy.currency}`,
        description: pos.fund?.name ?? `Cash account (${policy.currency})`,
        currency,
        unitHeld: units,
        price,
        valueOn: asOf,
        value,
        valuationValue: convertAtRate(value, exchangeRate),
        exchangeRate,
      };
    });

  await insertInSlices(
    ctx.tx,
    holdings,
    policies.flatMap((p) => holdingRows(p, latest.asOf, 1)),
  );
  await insertAllocations(ctx, policies, held, rng);

  // Statement accounts: one consolidated account per client, one per plan.
  for (const client of ctx.clients) {
    const own = client.policies.filter((p) => held.has(p.id));
    if (own.length === 0) continue;
    const [consolidated] = await ctx.tx
      .insert(statementAccounts)
      .values({
        clientId: client.id,
        accountType: 'CONSOLIDATE',
        accountNo: `CS${client.clientNo.slice(2)}`,
        consolidatedCurrency: 'USD',
        statementLanguage: languageOf(client.language),
      })
      .returning({ id: statementAccounts.id });
    if (!consolidated) continue;
    await ctx.tx
      .insert(statementAccountPolicies)
      .values(own.map((p) => ({ accountId: consolidated.id, policyId: p.id })));
    const accountIds = await insertReturningIds(
      ctx.tx,
      statementAccounts,
      own.map((p) => ({
        clientId: client.id,
        accountType: 'POLICY',
        accountNo: p.planNo,
        policyId: p.id,
        consolidatedCurrency: 'USD',
        statementLanguage: languageOf(client.language),
        providerStatementFileKey: p.providerStatementFileKey,
      })),
    );
    await ctx.tx
      .insert(statementAccountPolicies)
      .values(own.map((p, i) => ({ accountId: accountIds[i] ?? 0, policyId: p.id })));

    for (const [mi, m] of ctx.months.entries()) {
      // Regular-savings plans buy units every month: earlier months hold fewer.
      const growth = 1 - (ctx.months.length - 1 - mi) * 0.01;
      const perPolicy = own.map((p) => holdingRows(p, m.asOf, growth));
      const snapshotIds = await insertReturningIds(
        ctx.tx,
        statementSnapshots,
        own.map((p, i) => {
          const rows = perPolicy[i] ?? [];
          return {
            accountId: accountIds[i] ?? 0,
            month: m.month,
            asOfDate: m.asOf,
            valuationCurrency: p.currency,
            totalPortfolioValue: sumAmounts(rows.map((r) => r.valuationValue)),
            cashBalance: sumAmounts(
              rows.filter((r) => r.holdingType === 'cash').map((r) => r.valuationValue),
            ),
            totalPremiumPaid: null,
          };
        }),
      );
      // The consolidated snapshot's totals as the USD statement prints them: each plan converted at its quote.
      const inUsd = (p: DemoPolicy, amount: string) => convertAtRate(amount, rate(p.currency, 'USD', m.asOf));
      const planTotals = own.map((p, i) => {
        const rows = perPolicy[i] ?? [];
        return {
          value: inUsd(p, sumAmounts(rows.map((r) => r.valuationValue))),
          cash: inUsd(
            p,
            sumAmounts(rows.filter((r) => r.holdingType === 'cash').map((r) => r.valuationValue)),
          ),
        };
      });
      await ctx.tx.insert(statementSnapshots).values({
        accountId: consolidated.id,
        month: m.month,
        asOfDate: m.asOf,
        valuationCurrency: 'USD',
        totalPortfolioValue: sumAmounts(planTotals.map((t) => t.value)),
        cashBalance: sumAmounts(planTotals.map((t) => t.cash)),
      });
      await insertInSlices(
        ctx.tx,
        statementSnapshotHoldings,
        perPolicy.flatMap((rows, i) => rows.map((r) => ({ ...r, snapshotId: snapshotIds[i] ?? 0 }))),
      );
    }
  }
}

async function insertAllocations(
  ctx: DemoContext,
  policies: DemoPolicy[],
  held: Map<number, Position[]>,
  rng: Random,
) {
  const allocationRows: (typeof policyAllocations.$inferInsert)[] = [];
  const extraRows: (typeof additionalHoldings.$inferInsert)[] = [];
  const latest = ctx.months.at(-1)?.asOf ?? '2026-06-30';
  for (const p of policies) {
    const funds = (held.get(p.id) ?? []).flatMap((pos) => (pos.fund ? [pos.fund] : []));
    const shares = funds.map(() => rng.int(1, 10));
    const total = shares.reduce((a, b) => a + b, 0);
    let remaining = 100;
    funds.forEach((f, i) => {
      const pct = i === funds.length - 1 ? remaining : Math.round(((shares[i] ?? 1) / total) * 100);
      remaining -= pct;
      allocationRows.push({
        policyId: p.id,
        kind: 'allocation',
        code: f.code,
        name: f.name,
        assetClass: f.assetClass,
        percentage: pct.toFixed(4),
        sortOrder: i,
      });
    });
    // No stored 'portfolio' rows: written from these premium shares they only repeated the allocation by class.
    // The plan page and the statements derive the portfolio from the holdings by value (render/portfolio-from-holdings).
    if (p.category === 'PB' || (p.category === 'FD' && p.ownerName === 'Tai Man Chan')) {
      // Held beside the plan in their own (HKD) listing, not in its valuation: each account holds its own lot,
      // valued as units × price like every other line.
      const lot = (
        kind: 'abf' | 'etf',
        code: string,
        name: string,
        lots: number,
        lotSize: number,
        price: string,
      ) => {
        const unitHeld = (lots * lotSize).toFixed(4);
        extraRows.push({
          policyId: p.id,
          kind,
          code,
          name,
          currency: 'HKD',
          unitHeld,
          price,
          valueOn: latest,
          value: unitsValue(unitHeld, price),
        });
      };
      lot('abf', 'ABF-HK', 'ABF Hong Kong Bond Index Fund', rng.int(2, 40), 50, '112.3400');
      lot('etf', '2800.HK', 'Tracker Fund of Hong Kong', rng.int(2, 40), 500, '19.8200');
    }
  }
  await insertInSlices(ctx.tx, policyAllocations, allocationRows);
  if (extraRows.length > 0) await insertInSlices(ctx.tx, additionalHoldings, extraRows);
}
