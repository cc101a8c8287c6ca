import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

export interface HistoryAgainstStatements {
  /** Plan snapshots compared, and those whose month-end valuation differs (or is missing). */
  snapshots: number;
  offTotals: number;
  /** Statement lines compared; lines missing from the history; history lines of those months no statement has. */
  lines: number;
  missingLines: number;
  extraLines: number;
}

/**
 * The performance history against the statements, in SQL and apart from the code that wrote either: every plan
 * statement's month must read the same in the history (total, cash, currency, and every line column for column), so
 * a client comparing a statement with the performance screen finds one number. Only for tests: the demo seed and
 * the generator must both leave every count of differences at zero. `policies` narrows it to some plans' ids.
 */
export async function historyAgainstStatements(db: Db, policies?: SQL): Promise<HistoryAgainstStatements> {
  const only = policies ? sql`and a.policy_id in (${policies})` : sql``;
  const [r] = (
    (await db.execute(sql`
      with plan_snapshots as (
        select s.id, a.policy_id, s.as_of_date, s.total_portfolio_value, s.cash_balance, s.valuation_currency
        from statement_snapshots s
        join statement_accounts a on a.id = s.account_id and a.account_type = 'POLICY' ${only}),
      statement_lines as (
        select s.policy_id, s.as_of_date as month_end, h.code, h.holding_type, h.fund_id, h.currency, h.unit_held,
               h.price, h.value, h.exchange_rate, h.valuation_value
        from plan_snapshots s join statement_snapshot_holdings h on h.snapshot_id = s.id),
      history_lines as (
        select policy_id, month_end, code, holding_type, fund_id, currency, unit_held, price, value, exchange_rate,
               valuation_value
        from plan_holding_valuations h
        where exists (select 1 from plan_snapshots s where s.policy_id = h.policy_id and s.as_of_date = h.month_end))
      select (select count(*) from plan_snapshots) as snapshots,
             (select count(*) from plan_snapshots s left join plan_valuations v
               on v.policy_id = s.policy_id and v.month_end = s.as_of_date
               where v.policy_id is null or v.value <> s.total_portfolio_value or v.cash <> s.cash_balance
                 or v.currency <> s.valuation_currency) as off_totals,
             (select count(*) from statement_lines) as lines,
             (select count(*) from (select * from statement_lines except select * from history_lines) x) as missing,
             (select count(*) from (select * from history_lines except select * from statement_lines) x) as extra`)) as unknown as {
      rows: Record<string, string | number>[];
    }
  ).rows;
  return {
    snapshots: Number(r?.snapshots ?? 0),
    offTotals: Number(r?.off_totals ?? 0),
    lines: Number(r?.lines ?? 0),
    missingLines: Number(r?.missing ?? 0),
    extraLines: Number(r?.extra ?? 0),
  };
}
