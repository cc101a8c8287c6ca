import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * Ids of the stored plan snapshots whose totals are not the sums of their lines: the total portfolio value against
 * every line's valuation value, the cash balance against the cash lines. Only for tests: the demo seed and the
 * generator must both leave this empty.
 */
export async function snapshotsOffTheirLines(db: Db): Promise<number[]> {
  const result = (await db.execute(sql`
    select s.id from statement_snapshots s
    join statement_accounts a on a.id = s.account_id and a.account_type = 'POLICY'
    join statement_snapshot_holdings h on h.snapshot_id = s.id
    group by s.id, s.total_portfolio_value, s.cash_balance
    having sum(h.valuation_value) <> s.total_portfolio_value
        or coalesce(sum(h.valuation_value) filter (where h.holding_type = 'cash'), 0) <> s.cash_balance`)) as unknown as {
    rows: { id: number | string }[];
  };
  return result.rows.map((row) => Number(row.id));
}
