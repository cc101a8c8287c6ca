import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { extendBenchmarkHistory, extendMarketHistory } from './performance-market.js';
import { addDays, monthEnd } from './random.js';
import { generatedStatementMonths, type StatementMonthSpec } from './scale-statements.js';

/*
 * Performance history for generated plans (docs/performance-reporting.md, decision 059), made in SQL from the
 * statements just written (scale-statements.ts), on the demo's model (performance-history.ts) but lighter, for a
 * million policies:
 * - every plan with a POLICY account gets a month-end valuation from its commencement to the newest statement
 *   month, without gaps (a plan of 2010 has some two hundred);
 * - a statement month's valuation and lines ARE the statement's (totals, cash, every line, column for column), as
 *   for the demo; earlier months carry the total and cash only: nothing reads the lines of a month no statement
 *   prints, and a line a month from commencement would triple the rows of the 1M preset (decision 059);
 * - earlier months hold units bought on the plan's premium schedule — a single-premium plan all of them at
 *   commencement; a monthly one a tenth at commencement and the rest in equal parts every month; an annual one a
 *   tenth and the rest in equal parts on each anniversary — at a price 0.4 % lower for each month back; each
 *   purchase is a premium on its due date (the commencement day plus whole months), what its units cost; in the
 *   statement months, the 1 % more units a month the statements hold, at that month's value, on its first day.
 * No charges, withdrawals or surrenders: generated plans with statements are live. Their commencements reach back
 * to 2010, before the demo's market data: the USD quotes (for a reporting currency) and the benchmark levels are
 * first extended back to the month end before the oldest of them (performance-market.ts).
 */

export interface HistoryCounts {
  plan_valuations: number;
  plan_holding_valuations: number;
  plan_cash_flows: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Premiums due after the first one by month `month` of a plan (0 = its commencement month), at the frequencies
 * demo-premiums.ts knows; a single-premium plan pays only the first.
 */
const premiumStep = (frequency: SQL, month: SQL) => sql`case ${frequency} when 'M' then ${month}
  when 'Q' then ${month} / 3 when 'H' then ${month} / 6 when 'A' then ${month} / 12 else 0 end`;

/** One statement for the plans of the clients with ids in [from, to] that have statements and no history yet. */
export function historyStatement(months: StatementMonthSpec[], from: number, to: number): SQL {
  const monthsTable = sql`select * from unnest(${`{${months.map((m) => m.month).join(',')}}`}::date[],
    ${`{${months.map((m) => m.back).join(',')}}`}::int[]) as m(month, back)`;
  const oldest = Math.max(...months.map((m) => m.back));
  return sql`with months as materialized (${monthsTable}),
    snaps as materialized (
      select a.policy_id, s.id as snapshot_id, s.month, s.as_of_date, s.valuation_currency as currency,
        s.total_portfolio_value as value, s.cash_balance as cash, m.back
      from statement_accounts a
      join statement_snapshots s on s.account_id = a.id
      join months m on m.month = s.month
      where a.client_id between ${from} and ${to} and a.account_type = 'POLICY'
        and not exists (select 1 from plan_valuations v where v.policy_id = a.policy_id)),
    -- n: months from commencement to the first statement month; steps: premiums after the first one by then.
    firsts as materialized (
      select f.*, ${premiumStep(sql`f.frequency`, sql`f.n`)} as steps from (
        select s.policy_id, s.month as first_month, s.value as base, s.cash, s.currency, p.commence_date,
          p.payment_frequency as frequency,
          greatest(0, coalesce(
            (extract(year from age(s.month, date_trunc('month', p.commence_date))) * 12
              + extract(month from age(s.month, date_trunc('month', p.commence_date))))::int, 0)) as n
        from snaps s join policies p on p.id = s.policy_id
        where s.back = ${oldest}) f),
    -- Month i (0 = the commencement month) holds a share of the first statement month's units: all of them when
    -- nothing more is paid, else a tenth plus the rest in equal parts per premium paid since.
    earlier as materialized (
      select f.policy_id, f.currency, i, f.n, f.steps, f.base, f.cash, f.commence_date,
        (f.first_month - make_interval(months => f.n - i))::date as month,
        -- In double precision: numeric power() per row was half of the statement's time; the price only scales
        -- an amount rounded to the cent.
        power(1.004::float8, i - f.n)::numeric as price,
        case when f.steps = 0 then 1 else 0.1 + 0.9 * (${premiumStep(sql`f.frequency`, sql`i`)}) / f.steps end
          as share,
        i > 0 and ${premiumStep(sql`f.frequency`, sql`i`)} > ${premiumStep(sql`f.frequency`, sql`(i - 1)`)}
          as pays
      from firsts f cross join lateral generate_series(0, f.n - 1) as i),
    valuations as (
      insert into plan_valuations (policy_id, month_end, currency, value, cash)
      select policy_id, (month + interval '1 month - 1 day')::date, currency, round(base * share * price, 2),
        case when base = 0 then 0 else round(cash * share * price, 2) end
      from earlier
      union all
      select policy_id, as_of_date, currency, value, cash from snaps
      returning 1),
    lines as (
      insert into plan_holding_valuations (policy_id, month_end, code, holding_type, fund_id, currency, unit_held,
        price, value, exchange_rate, valuation_value)
      select s.policy_id, s.as_of_date, h.code, h.holding_type, h.fund_id, h.currency, h.unit_held, h.price, h.value,
        h.exchange_rate, h.valuation_value
      from snaps s join statement_snapshot_holdings h on h.snapshot_id = s.snapshot_id
      returning 1),
    flows as (
      insert into plan_cash_flows (policy_id, flow_date, kind, amount)
      select policy_id, day, 'premium', amount from (
        -- The first premium on the commencement day (on the first statement month's first day for a plan whose
        -- statements begin before it commenced).
        select e.policy_id, e.commence_date, round(e.base * e.share * e.price, 2)
        from earlier e where e.i = 0
        union all
        select f.policy_id, case when f.commence_date >= f.first_month
          and f.commence_date < f.first_month + interval '1 month' then f.commence_date else f.first_month end, f.base
        from firsts f where f.n = 0
        union all
        select policy_id, (commence_date + make_interval(months => i))::date, round(base * 0.9 / steps * price, 2)
        from earlier where pays
        union all
        -- The first statement month's premium, when one falls due in it.
        select f.policy_id, (f.commence_date + make_interval(months => f.n))::date, round(f.base * 0.9 / f.steps, 2)
        from firsts f where f.n > 0 and f.steps > 0
          and ${premiumStep(sql`f.frequency`, sql`f.n`)} > ${premiumStep(sql`f.frequency`, sql`(f.n - 1)`)}
        union all
        select policy_id, month, round(value * 0.01 / (1 - back * 0.01), 2) from snaps where back < ${oldest}
      ) f(policy_id, day, amount) where amount > 0
      returning 1)
    select (select count(*) from valuations) as plan_valuations, (select count(*) from lines) as plan_holding_valuations,
      (select count(*) from flows) as plan_cash_flows`;
}

export interface HistoryDataOptions {
  fromClientId: number;
  toClientId: number;
  now: Date;
  clientsPerStatement?: number;
  concurrency?: number;
  skipTriggers?: boolean;
  onProgress?: (clientsDone: number, rows: number) => void;
}

/** Writes the history of the generated plans of the clients in the id range (see the file comment). */
export async function generateHistoryData(db: Db, options: HistoryDataOptions): Promise<HistoryCounts> {
  const months = generatedStatementMonths(options.now);
  const [oldest] = rowsOf<{ d: string | null }>(
    await db.execute(sql`select to_char(min(p.commence_date), 'YYYY-MM-DD') as d
      from statement_accounts a join policies p on p.id = a.policy_id
      where a.client_id between ${options.fromClientId} and ${options.toClientId} and a.account_type = 'POLICY'`),
  );
  if (oldest?.d) {
    const before = monthEnd(addDays(`${oldest.d.slice(0, 8)}01`, -1));
    await extendMarketHistory(db, before);
    await extendBenchmarkHistory(db, before);
  }
  // A third of the statements' 10 000 clients: a plan now has three times the months it had (from commencement),
  // and the month rows of a statement stay within its work_mem instead of spilling to disk.
  const step = options.clientsPerStatement ?? 3_000;
  const ranges: [number, number][] = [];
  for (let lo = options.fromClientId; lo <= options.toClientId; lo += step)
    ranges.push([lo, Math.min(lo + step - 1, options.toClientId)]);
  const counts: HistoryCounts = { plan_valuations: 0, plan_holding_valuations: 0, plan_cash_flows: 0 };
  let next = 0;
  let clientsDone = 0;
  let rows = 0;
  const worker = async () => {
    while (next < ranges.length) {
      const [lo, hi] = ranges[next++] as [number, number];
      const [row] = await db.transaction(async (tx) => {
        // As for the statements (scale-statements.ts): the CTEs stay in memory, the commit does not wait for the WAL.
        await tx.execute(sql`set local work_mem = '64MB'`);
        await tx.execute(sql`set local synchronous_commit = off`);
        if (options.skipTriggers) await tx.execute(sql`set local session_replication_role = replica`);
        return rowsOf<Record<keyof HistoryCounts, string | number>>(
          await tx.execute(historyStatement(months, lo, hi)),
        );
      });
      for (const key of Object.keys(counts) as (keyof HistoryCounts)[]) {
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
