import { CURRENCIES, statementMonthWindow } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { quotedCrossRate } from '../../render/decimal.js';
import type { Db } from '../client.js';
import { FX_TO_USD } from './catalog-data.js';
import { monthEnd } from './random.js';

/*
 * Statement data for generated clients, made in SQL from the plans and holdings already inserted (like
 * report-facts.ts), on the demo's model (demo-investments.ts):
 * - every client with a live investment plan (IL, FD, MPF, PB; not terminated, not before issue or cooling off)
 *   gets one CONSOLIDATE account in USD covering those plans, and one POLICY account per such plan, whose account
 *   number is the plan number;
 * - each POLICY account has a snapshot for each of the six months a client can open (statementMonthWindow): its
 *   lines are the plan's holdings on the month's last day — units as held, one per cent fewer for each month back
 *   (regular-savings plans buy every month), at the fund's month-end price, valued units × price to the cent and
 *   converted at the quoted cross rate of that day's USD quotes (decision 011) — and its totals are the sums of
 *   those lines;
 * - the consolidated snapshot's totals are each plan's totals converted to USD at its quoted rate, then summed, as
 *   the consolidated statement prints them;
 * - investment-linked plans get the month-end life values the statement prints beside them (policy_values).
 * Market data the months need (month-end FX quotes, month-end fund prices) is carried forward from the latest
 * earlier quote when the demo seed did not write it (a database seeded in an earlier month).
 */

/** Statuses of investment plans that get statements, as in demo-investments.ts: live and past cooling off. */
export const NO_STATEMENT_STATUSES = ['COF', 'CAN', 'LAP', 'SUR', 'TOT', 'RCV', 'AIP', 'CFM', 'COD'];

export interface StatementMonthSpec {
  /** First day of the month. */
  month: string;
  /** Last day: the valuation date. */
  asOf: string;
  /** Months before the newest month of the window (0 for the newest). */
  back: number;
}

/** The six months of the statement window at `now`, newest first. */
export function generatedStatementMonths(now: Date): StatementMonthSpec[] {
  return statementMonthWindow(now).map((m, back) => ({ month: `${m}-01`, asOf: monthEnd(`${m}-01`), back }));
}

export interface StatementCounts {
  statement_accounts: number;
  statement_account_policies: number;
  statement_snapshots: number;
  statement_snapshot_holdings: number;
  policy_values: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Month-end USD quotes and fund prices for `months`, carried forward where missing. */
async function ensureMarketData(db: Db, months: StatementMonthSpec[]): Promise<void> {
  const dates = `{${months.map((m) => m.asOf).join(',')}}`;
  const currencies = Object.keys(FX_TO_USD);
  await db.execute(sql`insert into fx_rates (rate_date, currency, quote_currency, rate)
    select d.d, c.currency, 'USD', coalesce(
      (select r.rate from fx_rates r where r.currency = c.currency and r.quote_currency = 'USD' and r.rate_date <= d.d
       order by r.rate_date desc limit 1), c.base)
    from unnest(${dates}::date[]) as d(d)
    cross join unnest(${`{${currencies.join(',')}}`}::text[],
      ${`{${currencies.map((c) => (FX_TO_USD[c] ?? 1).toFixed(8)).join(',')}}`}::numeric[]) as c(currency, base)
    on conflict do nothing`);
  await db.execute(sql`insert into fund_prices (fund_id, frequency, price_date, price)
    select f.id, 'M', d.d, latest.price
    from funds f cross join unnest(${dates}::date[]) as d(d)
    cross join lateral (select p.price from fund_prices p where p.fund_id = f.id and p.price_date <= d.d
      order by p.price_date desc limit 1) latest
    on conflict do nothing`);
}

/**
 * Every quoted cross rate between the offered currencies on each valuation date, computed by quotedCrossRate (the
 * one definition, decision 011) and handed to SQL as arrays: PostgreSQL's division would round differently.
 */
export async function quotedRates(db: Db, months: StatementMonthSpec[]) {
  const quotes = rowsOf<{ d: string; currency: string; rate: string }>(
    await db.execute(sql`select to_char(rate_date, 'YYYY-MM-DD') as d, currency, rate::text as rate from fx_rates
      where quote_currency = 'USD' and rate_date = any(${`{${months.map((m) => m.asOf).join(',')}}`}::date[])`),
  );
  const usdPer = new Map(quotes.map((q) => [`${q.currency}@${q.d}`, q.rate]));
  const asOf: string[] = [];
  const from: string[] = [];
  const to: string[] = [];
  const rate: string[] = [];
  const currencies = [...new Set([...CURRENCIES, ...quotes.map((q) => q.currency)])];
  for (const m of months) {
    for (const a of currencies) {
      for (const b of currencies) {
        const ua = a === 'USD' ? '1' : usdPer.get(`${a}@${m.asOf}`);
        const ub = b === 'USD' ? '1' : usdPer.get(`${b}@${m.asOf}`);
        if (!ua || !ub) continue;
        asOf.push(m.asOf);
        from.push(a);
        to.push(b);
        rate.push(quotedCrossRate(ua, ub));
      }
    }
  }
  return sql`select * from unnest(${`{${asOf.join(',')}}`}::date[], ${`{${from.join(',')}}`}::text[],
    ${`{${to.join(',')}}`}::text[], ${`{${rate.join(',')}}`}::numeric[]) as r(as_of, from_ccy, to_ccy, rate)`;
}

/** The statement language of a client: its own when statements exist in it (as languageOf in the demo). */
const languageOf = (client: SQL) =>
  sql`case when ${client}.language in ('en', 'zh', 'ja', 'kr') then ${client}.language else 'en' end`;

/** One statement for the clients with ids in [from, to]: accounts, links, snapshots, their lines, life values. */
export function statementDataStatement(
  rates: SQL,
  months: StatementMonthSpec[],
  from: number,
  to: number,
): SQL {
  const monthsTable = sql`select * from unnest(${`{${months.map((m) => m.month).join(',')}}`}::date[],
    ${`{${months.map((m) => m.asOf).join(',')}}`}::date[], ${`{${months.map((m) => m.back).join(',')}}`}::int[])
    as m(month, as_of, back)`;
  const excluded = sql.raw(NO_STATEMENT_STATUSES.map((s) => `'${s}'`).join(', '));
  return sql`with rates as materialized (${rates}),
    months as materialized (${monthsTable}),
    plans as materialized (
      select p.id as policy_id, p.owner_client_id as client_id, p.plan_no, p.currency, p.category,
        p.total_premium_paid, p.modal_premium
      from policies p
      where p.owner_client_id between ${from} and ${to}
        and p.category in ('IL', 'FD', 'MPF', 'PB') and p.status_code not in (${excluded})
        and exists (select 1 from holdings h where h.policy_id = p.id)
        and not exists (select 1 from statement_accounts a where a.policy_id = p.id)),
    consolidated as (
      insert into statement_accounts (client_id, account_type, account_no, consolidated_currency, statement_language)
      select c.id, 'CONSOLIDATE', 'CS' || substr(c.client_no, 3), 'USD', ${languageOf(sql`c`)}
      from clients c where c.id in (select client_id from plans)
      returning id, client_id),
    plan_accounts as (
      insert into statement_accounts
        (client_id, account_type, account_no, policy_id, consolidated_currency, statement_language)
      select pl.client_id, 'POLICY', pl.plan_no, pl.policy_id, 'USD', ${languageOf(sql`c`)}
      from plans pl join clients c on c.id = pl.client_id
      returning id, client_id, policy_id),
    links as (
      insert into statement_account_policies (account_id, policy_id)
      select c.id, pa.policy_id from consolidated c join plan_accounts pa on pa.client_id = c.client_id
      union all select pa.id, pa.policy_id from plan_accounts pa
      returning 1),
    -- Materialized so the planner, which guesses a handful of rows for a CTE, joins the small tables onto it by
    -- hashing instead of probing holdings once per (plan, rate) pair.
    held as materialized (
      select pa.id as account_id, pl.currency as plan_currency, h.*
      from plan_accounts pa
      join plans pl on pl.policy_id = pa.policy_id
      join holdings h on h.policy_id = pa.policy_id),
    -- The funds' month-end prices, a few hundred rows, hashed once rather than looked up per line.
    month_prices as materialized (
      select fund_id, price_date, price from fund_prices
      where frequency = 'M' and price_date in (select as_of from months)),
    priced as (
      select h.account_id, h.policy_id, h.plan_currency, m.month, m.as_of,
        h.holding_type, h.unit_type, h.fund_id, h.code, h.description, h.currency,
        round(h.unit_held * (1 - m.back * 0.01), 4) as unit_held, coalesce(fp.price, h.price) as price, h.value as cash
      from held h
      cross join months m
      left join month_prices fp on fp.fund_id = h.fund_id and fp.price_date = m.as_of),
    valued as (
      select priced.*, case when holding_type = 'fund' then round(unit_held * price, 2) else cash end as value
      from priced),
    lines as materialized (
      select v.*, r.rate as exchange_rate, round(v.value * r.rate, 2) as valuation_value
      from valued v join rates r on r.as_of = v.as_of and r.from_ccy = v.currency and r.to_ccy = v.plan_currency),
    plan_snapshots as (
      insert into statement_snapshots
        (account_id, month, as_of_date, valuation_currency, total_portfolio_value, cash_balance)
      select account_id, month, as_of, plan_currency, sum(valuation_value),
        coalesce(sum(valuation_value) filter (where holding_type = 'cash'), 0)
      from lines group by account_id, month, as_of, plan_currency
      returning id, account_id, month, as_of_date, valuation_currency, total_portfolio_value, cash_balance),
    snapshot_lines as (
      insert into statement_snapshot_holdings (snapshot_id, policy_id, holding_type, unit_type, fund_id, code,
        description, currency, unit_held, price, value_on, value, valuation_value, exchange_rate)
      select s.id, l.policy_id, l.holding_type, l.unit_type, l.fund_id, l.code, l.description, l.currency,
        case when l.holding_type = 'fund' then l.unit_held end, case when l.holding_type = 'fund' then l.price end,
        l.as_of, l.value, l.valuation_value, l.exchange_rate
      from lines l join plan_snapshots s on s.account_id = l.account_id and s.month = l.month
      returning 1),
    consolidated_snapshots as (
      insert into statement_snapshots
        (account_id, month, as_of_date, valuation_currency, total_portfolio_value, cash_balance)
      select c.id, s.month, s.as_of_date, 'USD', sum(round(s.total_portfolio_value * r.rate, 2)),
        sum(round(s.cash_balance * r.rate, 2))
      from plan_snapshots s
      join plan_accounts pa on pa.id = s.account_id
      join consolidated c on c.client_id = pa.client_id
      join rates r on r.as_of = s.as_of_date and r.from_ccy = s.valuation_currency and r.to_ccy = 'USD'
      group by c.id, s.month, s.as_of_date
      returning 1),
    cash_values as (
      select pl.policy_id, pl.currency, pl.modal_premium, m.as_of,
        round(pl.total_premium_paid * (0.55 + (pl.policy_id % 40) * 0.01) * (1 - m.back * 0.004), 2) as cash
      from plans pl cross join months m where pl.category = 'IL'),
    life_values as (
      insert into policy_values (policy_id, value_date, currency, cash_value, accumulated_dividend, future_deposit,
        loan_balance, next_levy, accumulated_guaranteed_coupon, terminal_dividend, surrender_value,
        next_due_premium, vitality_discount, premium_refund, total_policy_value)
      select policy_id, as_of, currency, cash, round(cash * 0.12, 2), 0, 0, 12.50, round(cash * 0.03, 2),
        round(cash * 0.08, 2), round(cash * 0.93, 2) + round(cash * 0.12, 2), modal_premium, 0, 0,
        cash + round(cash * 0.12, 2) + round(cash * 0.08, 2)
      from cash_values
      on conflict do nothing
      returning 1)
    select (select count(*) from consolidated) + (select count(*) from plan_accounts) as statement_accounts,
      (select count(*) from links) as statement_account_policies,
      (select count(*) from plan_snapshots) + (select count(*) from consolidated_snapshots) as statement_snapshots,
      (select count(*) from snapshot_lines) as statement_snapshot_holdings,
      (select count(*) from life_values) as policy_values`;
}

export interface StatementDataOptions {
  /** Generated clients: ids from `fromClientId` to `toClientId`. */
  fromClientId: number;
  toClientId: number;
  now: Date;
  /** Clients per statement. */
  clientsPerStatement?: number;
  /** Statements in flight at once (PostgreSQL: one per core). */
  concurrency?: number;
  /** Skip the per-row foreign-key triggers (loadSettings); the caller verifies the keys afterwards. */
  skipTriggers?: boolean;
  /** Told after each statement: clients covered so far and rows written so far. */
  onProgress?: (clientsDone: number, rows: number) => void;
}

/** Writes the statement data of the clients in the id range (see the file comment); returns rows per table. */
export async function generateStatementData(db: Db, options: StatementDataOptions): Promise<StatementCounts> {
  const months = generatedStatementMonths(options.now);
  await ensureMarketData(db, months);
  const rates = await quotedRates(db, months);
  const step = options.clientsPerStatement ?? 10_000;
  const ranges: [number, number][] = [];
  for (let lo = options.fromClientId; lo <= options.toClientId; lo += step)
    ranges.push([lo, Math.min(lo + step - 1, options.toClientId)]);
  const counts: StatementCounts = {
    statement_accounts: 0,
    statement_account_policies: 0,
    statement_snapshots: 0,
    statement_snapshot_holdings: 0,
    policy_values: 0,
  };
  let next = 0;
  let clientsDone = 0;
  let rows = 0;
  const worker = async () => {
    while (next < ranges.length) {
      const [lo, hi] = ranges[next++] as [number, number];
      const [row] = await db.transaction(async (tx) => {
        // Local to the transaction: the CTEs of 10 000 clients (~45 MB of lines) stay in memory instead of
        // spilling to temporary files at the default 4 MB; the commit does not wait for the WAL flush (a rerun
        // repeats a crashed load); foreign-key triggers as loadSettings in unnest.ts explains.
        await tx.execute(sql`set local work_mem = '64MB'`);
        await tx.execute(sql`set local synchronous_commit = off`);
        if (options.skipTriggers) await tx.execute(sql`set local session_replication_role = replica`);
        return rowsOf<Record<keyof StatementCounts, string | number>>(
          await tx.execute(statementDataStatement(rates, months, lo, hi)),
        );
      });
      for (const key of Object.keys(counts) as (keyof StatementCounts)[]) {
        const n = Number(row?.[key] ?? 0);
        counts[key] += n;
        rows += n;
      }
      clientsDone += hi - lo + 1;
      options.onProgress?.(clientsDone, rows);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
  return counts;
}
