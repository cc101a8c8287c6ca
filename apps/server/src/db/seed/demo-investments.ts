import { isTerminatedStatus } from '@portal/contract';
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
  const fx: PriceTable = new Map();
  const priceRows: (typeof fundPrices.$inferInsert)[] = [];
  for (const f of ctx.catalog.funds) {
    let price = f.basePrice;
    for (const m of ctx.months) {
      price *= 1 + (rng.next() - 0.45) * 0.06;
      prices.set(key(f.code, m.asOf), price);
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
      const rate = currency === 'USD' ? 1 : base * (1 + (rng.next() - 0.5) * 0.02);
      fx.set(key(currency, m.asOf), rate);
      fxRows.push({ rateDate: m.asOf, currency, quoteCurrency: 'USD', rate: rate.toFixed(8) });
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
  const rate = (from: string, to: string, date: string) =>
    (fx.get(key(from, date)) ?? FX_TO_USD[from] ?? 1) / (fx.get(key(to, date)) ?? FX_TO_USD[to] ?? 1);

  const held = new Map<number, Position[]>();
  for (const policy of ctx.clients.flatMap((c) => c.policies)) {
    if (!INVESTMENT_CATEGORIES.includes(policy.category)) continue;
    if (isTerminatedStatus(policy.statusCode) || ['RCV', 'AIP', 'CFM', 'COD'].includes(policy.statusCode))
      continue;
    const count = rng.int(2, 4);
    const start = rng.int(0, ctx.catalog.funds.length - 1);
    const positions: Position[] = [];
    for (let i = 0; i < count; i++) {
      const fund = ctx.catalog.funds[(start + i * 3) % ctx.catalog.funds.length] as SeededFund;
      const budgetUsd = Number(rng.decimal(5_000, 120_000));
      const units = budgetUsd / rate(fund.currency, 'USD', latest.asOf) / fund.basePrice;
      positions.push({ fund, units, cash: 0, unitType: rng.pick(['I', 'A', 'A', 'O']) });
    }
    positions.push({ fund: null, units: 0, cash: Number(rng.decimal(100, 15_000)), unitType: 'O' });
    held.set(policy.id, positions);
  }

  const policies = ctx.clients.flatMap((c) => c.policies).filter((p) => held.has(p.id));
  const holdingRows = (policy: DemoPolicy, asOf: string, growth: number) =>
    (held.get(policy.id) ?? []).map((pos) => {
      const currency = pos.fund?.currency ?? policy.currency;
      const price = pos.fund ? (prices.get(key(pos.fund.code, asOf)) ?? pos.fund.basePrice) : null;
      const units = pos.units * growth;
      const value = pos.fund && price !== null ? units * price : pos.cash;
      const exchangeRate = rate(currency, policy.currency, asOf);
      return {
        policyId: policy.id,
        holdingType: pos.fund ? 'fund' : 'cash',
        unitType: pos.fund ? pos.unitType : null,
        fundId: pos.fund?.id ?? null,
        code: pos.fund?.code ?? `CASH-${policy.currency}`,
        description: pos.fund?.name ?? `Cash account (${policy.currency})`,
        currency,
        unitHeld: pos.fund ? units.toFixed(4) : null,
        price: price === null ? null : price.toFixed(4),
        valueOn: asOf,
        value: value.toFixed(2),
        valuationValue: (value * exchangeRate).toFixed(2),
        exchangeRate: exchangeRate.toFixed(8),
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
            totalPortfolioValue: rows.reduce((s, r) => s + Number(r.valuationValue), 0).toFixed(2),
            cashBalance: rows
              .filter((r) => r.holdingType === 'cash')
              .reduce((s, r) => s + Number(r.valuationValue), 0)
              .toFixed(2),
            totalPremiumPaid: null,
          };
        }),
      );
      const totalUsd = own.reduce(
        (sum, p, i) =>
          sum +
          (perPolicy[i] ?? []).reduce((s, r) => s + Number(r.valuationValue), 0) *
            rate(p.currency, 'USD', m.asOf),
        0,
      );
      const cashUsd = own.reduce(
        (sum, p, i) =>
          sum +
          (perPolicy[i] ?? [])
            .filter((r) => r.holdingType === 'cash')
            .reduce((s, r) => s + Number(r.valuationValue), 0) *
            rate(p.currency, 'USD', m.asOf),
        0,
      );
      await ctx.tx.insert(statementSnapshots).values({
        accountId: consolidated.id,
        month: m.month,
        asOfDate: m.asOf,
        valuationCurrency: 'USD',
        totalPortfolioValue: totalUsd.toFixed(2),
        cashBalance: cashUsd.toFixed(2),
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
    const byClass = new Map<string, number>();
    funds.forEach((f, i) => {
      byClass.set(f.assetClass, (byClass.get(f.assetClass) ?? 0) + (shares[i] ?? 1));
    });
    let left = 100;
    [...byClass.entries()].forEach(([assetClass, share], i, all) => {
      const pct = i === all.length - 1 ? left : Math.round((share / total) * 100);
      left -= pct;
      allocationRows.push({
        policyId: p.id,
        kind: 'portfolio',
        code: assetClass.slice(0, 3).toUpperCase(),
        name: assetClass,
        assetClass,
        percentage: pct.toFixed(4),
        sortOrder: i,
      });
    });
    if (p.category === 'PB' || (p.category === 'FD' && p.ownerName === 'Tai Man Chan')) {
      extraRows.push({
        policyId: p.id,
        kind: 'abf',
        code: 'ABF-HK',
        name: 'ABF Hong Kong Bond Index Fund',
        currency: 'HKD',
        unitHeld: '1200.0000',
        price: '112.3400',
        valueOn: latest,
        value: '134808.00',
      });
      extraRows.push({
        policyId: p.id,
        kind: 'etf',
        code: '2800.HK',
        name: 'Tracker Fund of Hong Kong',
        currency: 'HKD',
        unitHeld: '5000.0000',
        price: '19.8200',
        valueOn: latest,
        value: '99100.00',
      });
    }
  }
  await insertInSlices(ctx.tx, policyAllocations, allocationRows);
  if (extraRows.length > 0) await insertInSlices(ctx.tx, additionalHoldings, extraRows);
}
