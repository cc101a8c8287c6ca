import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.js';

/*
 * Recounts of the home's kept team counts (decision 063), as their migrations first filled them. For a bulk load that
 * wrote rows with the triggers off (`session_replication_role = replica`): one grouped statement instead of the
 * triggers' work chunk by chunk. Each returns the rows written.
 */

/** Empties `table` and fills it with `rows` (an INSERT's column list and SELECT), in one transaction. */
async function recount(db: Db, table: string, rows: SQL): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from ${sql.identifier(table)}`);
    const result = await tx.execute(
      sql`with inserted as (insert into ${sql.identifier(table)} ${rows} returning 1)
        select count(*)::int as n from inserted`,
    );
    return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  });
}

/** team_stage_days from the applications in progress (migrations 0053, 0056). */
export function rebuildTeamStageDays(db: Db): Promise<number> {
  return recount(
    db,
    'team_stage_days',
    sql`(ancestor_id, stage, entered_on, n, ancestor_parent_id)
      select tree.ancestor_id, a.stage, team_stage_day(a.stage_entered_at), count(*)::int, min(p.parent_id)
      from applications a join producer_tree tree on tree.descendant_id = a.producer_id
        join producers p on p.id = tree.ancestor_id
      where a.stage between 1 and 6
      group by 1, 2, 3`,
  );
}

/** team_requirement_days from the requirements, by the list's views (migration 0055). */
export function rebuildTeamRequirementDays(db: Db): Promise<number> {
  return recount(
    db,
    'team_requirement_days',
    sql`(ancestor_id, view, due_on, n)
      select tree.ancestor_id, v.view, team_due_day(r.due_date), count(*)::int
      from application_requirements r join producer_tree tree on tree.descendant_id = r.producer_id,
        unnest(requirement_views(r.status, r.provider)) as v(view)
      group by 1, 2, 3`,
  );
}
