import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';

/**
 * Recounts team_stage_days from the applications (decision 063), as migration 0053 first filled it. For a bulk load
 * that wrote applications with the triggers off (`session_replication_role = replica`): one grouped statement instead
 * of the triggers' work chunk by chunk. Returns the rows written.
 */
export async function rebuildTeamStageDays(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from team_stage_days`);
    const result =
      await tx.execute(sql`with inserted as (insert into team_stage_days (ancestor_id, stage, entered_on, n)
        select tree.ancestor_id, a.stage, team_stage_day(a.stage_entered_at), count(*)::int
        from applications a join producer_tree tree on tree.descendant_id = a.producer_id
        where a.stage between 1 and 6
        group by 1, 2, 3
        returning 1)
      select count(*)::int as n from inserted`);
    return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  });
}

/** Recounts team_requirement_days from the requirements (migration 0055), as rebuildTeamStageDays does its table. */
export async function rebuildTeamRequirementDays(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from team_requirement_days`);
    const result =
      await tx.execute(sql`with inserted as (insert into team_requirement_days (ancestor_id, view, due_on, n)
        select tree.ancestor_id, v.view, team_due_day(r.due_date), count(*)::int
        from application_requirements r join producer_tree tree on tree.descendant_id = r.producer_id,
          unnest(requirement_views(r.status, r.provider)) as v(view)
        group by 1, 2, 3
        returning 1)
      select count(*)::int as n from inserted`);
    return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  });
}
