import { isTerminatedStatus } from '@portal/contract';
import { sql } from 'drizzle-orm';
import {
  convertAtRate,
  fromScaled,
  MONEY_SCALE,
  quotedCrossRate,
  sumAmounts,
  toScaled,
  UNIT_SCALE,
  unitsValue,
} from '../../render/decimal.js';
import type { Db } from '../client.js';
import { planCashFlows, planHoldingValuations, planValuations } from '../schema/index.js';
import { insertInSlices } from './bulk.js';
import { extendMarketHistory, monthEndsBetween } from './performance-market.js';
import { monthEnd } from './random.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Monthly charge taken inside a plan, as a share of its value at the previous month end (≈ 1 % a year). */
const MONTHLY_CHARGE = 0.0008;
/** Share of its first statement month's units a regular-premium plan held after its first month. */
const FIRST_MONTH_SHARE = 0.1;

interface Line {
  code: string;
  holdingType: 'fund' | 'cash';
  fundId: number | null;
  currency: string;
  unitHeld: string | null;
  price: string | null;
  value: string;
  exchangeRate: string;
  valuationValue: string;
}

interface PlanFacts {
  id: number;
  commence_date: string | null;
  status_code: string;
  status_changed_on: string | null;
  withdrawn: string | null;
  payment_frequency: string | null;
  currency: string;
  total_premium_paid: string | null;
}

interface Market {
  funds: { id: number; currency: string; code: string }[];
  price: (fundId: number, date: string) => string | undefined;
  rate: (from: string, to: string, date: string) => string;
}

async function loadMarket(db: Db): Promise<Market> {
  const prices = new Map<string, string>();
  for (const p of rowsOf<{ f: number; d: string; p: string }>(
    await db.execute(sql`select fund_id::int as f, to_char(price_date, 'YYYY-MM-DD') as d, price::text as p
      from fund_prices where frequency = 'M'`),
  ))
    prices.set(`${p.f}@${p.d}`, p.p);
  const usd = new Map<string, string>();
  for (const q of rowsOf<{ c: string; d: string; r: string }>(
    await db.execute(sql`select currency as c, to_char(rate_date, 'YYYY-MM-DD') as d, rate::text as r from fx_rates
      where quote_currency = 'USD'`),
  ))
    usd.set(`${q.c}@${q.d}`, q.r);
  const funds = rowsOf<{ id: number; currency: string; code: string }>(
    await db.execute(sql`select id::int, currency, code from funds order by id`),
  );
  const usdPer = (c: string, d: string) => (c === 'USD' ? '1' : usd.get(`${c}@${d}`));
  return {
    funds,
    price: (fundId, date) => prices.get(`${fundId}@${date}`),
    rate: (from, to, date) => {
      const a = usdPer(from, date);
      const b = usdPer(to, date);
      if (!a || !b) throw new Error(`no USD quote for ${from}/${to} on ${date}`);
      return quotedCrossRate(a, b);
    },
  };
}

/** A fund line at a month end, valued like a statement line: units × price to the cent, × the quoted rate. */
function fundLine(template: Line, units: string, date: string, planCurrency: string, market: Market): Line {
  const price = market.price(template.fundId ?? 0, date);
  if (!price) throw new Error(`no month-end price of fund ${template.fundId} on ${date}`);
  const exchangeRate = market.rate(template.currency, planCurrency, date);
  const value = unitsValue(units, price);
  return {
    ...template,
    unitHeld: units,
    price,
    value,
    exchangeRate,
    valuationValue: convertAtRate(value, exchangeRate),
  };
}

const scaleUnits = (units: string, factor: number) => (Number(units) * factor).toFixed(UNIT_SCALE);

interface Month {
  date: string;
  lines: Line[];
}

/** The day in `monthEndDate`'s month a plan pays on: its commencement day, or the month's last day if shorter. */
function payDay(commence: string, monthEndDate: string): string {
  const day = Math.min(Number(commence.slice(8, 10)), Number(monthEndDate.slice(8, 10)));
  return `${monthEndDate.slice(0, 8)}${String(day).padStart(2, '0')}`;
}

/**
 * The month's money in or out: what the change in positions cost at that month end's prices and rates, plus the
 * charge the plan took (paid by the client with the premium, or kept back from a withdrawal).
 */
function monthFlows(policyId: number, previous: Month | null, current: Month, date: string, rows: FlowRow[]) {
  const before = new Map((previous?.lines ?? []).map((l) => [l.code, l]));
  const bought: string[] = [];
  for (const line of current.lines) {
    const old = before.get(line.code);
    if (line.holdingType === 'cash') {
      const delta =
        toScaled(line.valuationValue, MONEY_SCALE) - toScaled(old?.valuationValue ?? '0', MONEY_SCALE);
      bought.push(fromScaled(delta, MONEY_SCALE));
      continue;
    }
    const delta = fromScaled(
      toScaled(line.unitHeld ?? '0', UNIT_SCALE) - toScaled(old?.unitHeld ?? '0', UNIT_SCALE),
      UNIT_SCALE,
    );
    bought.push(convertAtRate(unitsValue(delta, line.price ?? '0'), line.exchangeRate));
  }
  const previousValue = Number(sumAmounts((previous?.lines ?? []).map((l) => l.valuationValue)));
  const charge = previousValue > 0 ? (previousValue * MONTHLY_CHARGE).toFixed(MONEY_SCALE) : '0.00';
  const flow = sumAmounts([...bought, charge]);
  const scaled = toScaled(flow, MONEY_SCALE);
  if (scaled !== 0n)
    rows.push({ policyId, flowDate: date, kind: scaled > 0n ? 'premium' : 'withdrawal', amount: flow });
  if (toScaled(charge, MONEY_SCALE) > 0n)
    rows.push({ policyId, flowDate: date, kind: 'charge', amount: `-${charge}` });
}

type FlowRow = typeof planCashFlows.$inferInsert;

/**
 * Month-end history and dated flows of investment plans (docs/performance-history.md). A plan with statements keeps
 * its statement months exactly (same lines, same totals); before the first of them its units grow from a tenth of
 * those of the first statement month (a single-premium plan holds them all from the start; a plan that made
 * withdrawals held 15 % more before the middle of its life), valued at the month-end prices and quoted rates. A
 * terminated investment plan without statements gets a history that ends with its surrender.
 */
export async function insertPerformanceHistory(db: Db, policyIds: readonly number[]): Promise<void> {
  if (policyIds.length === 0) return;
  const ids = `{${policyIds.join(',')}}`;
  const facts = rowsOf<PlanFacts>(
    await db.execute(sql`select id::int, to_char(commence_date, 'YYYY-MM-DD') as commence_date, status_code,
      to_char(status_changed_on, 'YYYY-MM-DD') as status_changed_on, total_withdrawal_amount::text as withdrawn,
      payment_frequency, currency, total_premium_paid::text
      from policies where id = any(${ids}::bigint[]) order by id`),
  );
  const lines = rowsOf<Line & { policyId: number; date: string; planCurrency: string }>(
    await db.execute(sql`select a.policy_id::int as "policyId", to_char(s.as_of_date, 'YYYY-MM-DD') as date,
        s.valuation_currency as "planCurrency", h.code, h.holding_type as "holdingType", h.fund_id::int as "fundId",
        h.currency, h.unit_held::text as "unitHeld", h.price::text as price, h.value::text as value,
        h.exchange_rate::text as "exchangeRate", h.valuation_value::text as "valuationValue"
      from statement_accounts a
      join statement_snapshots s on s.account_id = a.id
      join statement_snapshot_holdings h on h.snapshot_id = s.id
      where a.account_type = 'POLICY' and a.policy_id = any(${ids}::bigint[])
      order by a.policy_id, s.as_of_date, h.code`),
  );
  const statements = new Map<number, { currency: string; months: Month[] }>();
  for (const { policyId, date, planCurrency, ...line } of lines) {
    const plan = statements.get(policyId) ?? { currency: planCurrency, months: [] };
    statements.set(policyId, plan);
    let month = plan.months.at(-1);
    if (month?.date !== date) {
      month = { date, lines: [] };
      plan.months.push(month);
    }
    month.lines.push(line);
  }
  const earliest = facts
    .map((f) => f.commence_date)
    .filter((d): d is string => d !== null)
    .sort()[0];
  if (earliest) await extendMarketHistory(db, monthEnd(earliest));
  const market = await loadMarket(db);

  const valuations: (typeof planValuations.$inferInsert)[] = [];
  const holdingRows: (typeof planHoldingValuations.$inferInsert)[] = [];
  const flows: FlowRow[] = [];
  for (const plan of facts) {
    const own = statements.get(plan.id);
    const history = own ? liveHistory(plan, own, market) : surrenderedHistory(plan, market, flows);
    if (!history) continue;
    const currency = own?.currency ?? plan.currency;
    const commence = plan.commence_date ?? history[0]?.date ?? '';
    let previous: Month | null = null;
    for (const [i, month] of history.entries()) {
      valuations.push({
        policyId: plan.id,
        monthEnd: month.date,
        currency,
        value: sumAmounts(month.lines.map((l) => l.valuationValue)),
        cash: sumAmounts(month.lines.filter((l) => l.holdingType === 'cash').map((l) => l.valuationValue)),
      });
      for (const l of month.lines) holdingRows.push({ policyId: plan.id, monthEnd: month.date, ...l });
      // The first payment is on the commencement day (or the first day of the history, for a plan whose statements
      // began before it); later ones on the same day of each month.
      const sameMonth = commence.slice(0, 7) === month.date.slice(0, 7);
      const date =
        i > 0 ? payDay(commence, month.date) : sameMonth ? commence : `${month.date.slice(0, 8)}01`;
      if (month.lines.length > 0) monthFlows(plan.id, previous, month, date, flows);
      previous = month;
    }
  }
  await insertInSlices(db, planValuations, valuations);
  await insertInSlices(db, planHoldingValuations, holdingRows);
  await insertInSlices(db, planCashFlows, flows);
}

function liveHistory(plan: PlanFacts, own: { currency: string; months: Month[] }, market: Market): Month[] {
  const firstStatement = own.months[0];
  if (!firstStatement) return [];
  const start = plan.commence_date ? monthEnd(plan.commence_date) : firstStatement.date;
  const before = start < firstStatement.date ? monthEndsBetween(start, firstStatement.date) : [];
  const single = plan.payment_frequency === 'S';
  const withdrew = Number(plan.withdrawn ?? 0) > 0 && before.length >= 12;
  const months: Month[] = before.map((date, k) => {
    let share = single ? 1 : FIRST_MONTH_SHARE + ((1 - FIRST_MONTH_SHARE) * (k + 1)) / (before.length + 1);
    if (withdrew && k < Math.floor(before.length / 2)) share *= 1.15;
    return {
      date,
      lines: firstStatement.lines.map((l) =>
        l.holdingType === 'cash'
          ? l
          : fundLine(l, scaleUnits(l.unitHeld ?? '0', share), date, own.currency, market),
      ),
    };
  });
  return [...months, ...own.months];
}

/** Two funds bought from commencement, all sold on the day the plan ended: the surrender is the last flow. */
function surrenderedHistory(plan: PlanFacts, market: Market, flows: FlowRow[]): Month[] | null {
  const end = plan.status_changed_on;
  if (!isTerminatedStatus(plan.status_code)) return null;
  if (!plan.commence_date || !end || end <= plan.commence_date || !plan.total_premium_paid) return null;
  const months = monthEndsBetween(plan.commence_date, monthEnd(end));
  const lastHeld = months.at(-1);
  if (!lastHeld || months.length < 2) return null;
  const n = market.funds.length;
  const chosen = n > 1 ? [market.funds[plan.id % n], market.funds[(plan.id + 3) % n]] : [];
  const worth = Number(plan.total_premium_paid) * 0.9;
  const templates: Line[] = [];
  for (const fund of chosen) {
    const price = fund && market.price(fund.id, lastHeld);
    if (!fund || !price) return null;
    const rate = Number(market.rate(fund.currency, plan.currency, lastHeld));
    templates.push({
      code: fund.code,
      holdingType: 'fund',
      fundId: fund.id,
      currency: fund.currency,
      unitHeld: (worth / 2 / rate / Number(price)).toFixed(UNIT_SCALE),
      price,
      value: '0',
      exchangeRate: '1',
      valuationValue: '0',
    });
  }
  const history: Month[] = months.map((date, k) => {
    const share = FIRST_MONTH_SHARE + ((1 - FIRST_MONTH_SHARE) * (k + 1)) / months.length;
    return {
      date,
      lines: templates.map((t) =>
        fundLine(t, scaleUnits(t.unitHeld ?? '0', share), date, plan.currency, market),
      ),
    };
  });
  // The surrender month: sold at that month end's prices on the day the plan ended; nothing held after.
  const surrenderMonth = monthEnd(end);
  const last = history.at(-1);
  const proceeds = sumAmounts(
    (last?.lines ?? []).map(
      (l) => fundLine(l, l.unitHeld ?? '0', surrenderMonth, plan.currency, market).valuationValue,
    ),
  );
  if (toScaled(proceeds, MONEY_SCALE) > 0n)
    flows.push({ policyId: plan.id, flowDate: end, kind: 'surrender', amount: `-${proceeds}` });
  history.push({ date: surrenderMonth, lines: [] });
  return history;
}
