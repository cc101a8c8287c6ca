import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { DEMO_ANCHOR_DATE } from './demo-context.js';
import { DATED_STATUS_CODES } from './status-dates.js';

/** Plans updated per statement: short transactions, so a million-policy database stays usable while it runs. */
const IDS_PER_STATEMENT = 50_000;

/**
 * The status date of existing plans that have none (a database generated before policies.status_changed_on
 * existed). The rule of status-dates.ts written in SQL, with the plan id standing in for the random draw so a run is
 * repeatable: cancelled and cooled-off plans 3–21 days after commencement, other dated statuses a day between
 * commencement + 90 days (or three years before the anchor, if later) and the anchor.
 *
 * Run it with `npm run seed -w apps/server -- --backfill-status-dates` (DATABASE_URL or DATA_DIR/pglite), once,
 * after the migration that added the column. Only rows whose date is null are touched, so it can be run again.
 */
export function backfillStatusChangedOnStatement(fromId: number, toId: number, anchor = DEMO_ANCHOR_DATE) {
  const dated = sql.raw(DATED_STATUS_CODES.map((code) => `'${code}'`).join(', '));
  return sql`update policies p set status_changed_on = least(${anchor}::date, case
      when p.status_code in ('CAN', 'COF') then p.commence_date + (3 + p.id % 19)::int
      else w.earliest + (p.id * 7919 % greatest(1, ${anchor}::date - w.earliest + 1))::int
    end)
    from (select id, greatest(commence_date + 90, ${anchor}::date - ${3 * 365}::int) as earliest from policies
      where id between ${fromId}::bigint and ${toId}::bigint) w
    where w.id = p.id and p.status_changed_on is null and p.commence_date is not null
      and p.status_code in (${dated})`;
}

/** Runs the backfill over every plan, one id range at a time; answers how many plans got a date. */
export async function backfillStatusChangedOn(db: Db, log: (line: string) => void = () => {}) {
  const bounds = (await db.execute(
    sql`select coalesce(min(id), 0)::bigint as lo, coalesce(max(id), 0)::bigint as hi from policies`,
  )) as unknown as { rows: { lo: string | number; hi: string | number }[] };
  const lo = Number(bounds.rows[0]?.lo ?? 0);
  const hi = Number(bounds.rows[0]?.hi ?? 0);
  let updated = 0;
  for (let from = lo; from <= hi && hi > 0; from += IDS_PER_STATEMENT) {
    const result = (await db.execute(
      backfillStatusChangedOnStatement(from, from + IDS_PER_STATEMENT - 1),
    )) as unknown as { rowCount?: number; affectedRows?: number };
    updated += Number(result.rowCount ?? result.affectedRows ?? 0);
    log(`status dates: ids ${from}–${from + IDS_PER_STATEMENT - 1}, ${updated} plans dated so far`);
  }
  return updated;
}
