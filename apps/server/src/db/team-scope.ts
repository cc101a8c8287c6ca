import type { SiteCode } from '@portal/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { HttpError } from '../plugins/errors.js';
import type { Db } from './client.js';
import { auditLog, producers, producerTree } from './schema/index.js';

/** The producer a request acts as, from the signed-in principal. */
export interface ProducerCaller {
  userId: number;
  producerId: number;
  siteCode: SiteCode;
}

/**
 * Whose data one producer request may read: the selected producer (the caller, or someone in the caller's team
 * subtree), alone or with their own team. Resolved once per request, before any list or export query runs, so
 * every query filters by the same rule.
 */
export interface TeamScope {
  caller: ProducerCaller;
  /** The producer whose data is shown: the caller unless a sub-partner was chosen from the team tree. */
  producerId: number;
  includedTeam: boolean;
  /** True when the caller is looking at someone else's data (written to the audit log). */
  viewingOther: boolean;
  /**
   * At most SMALL_SCOPE_PRODUCERS producers (set by the producer lists when a search has keywords, see
   * withScopeSize): keyword matches on related tables are then checked per row, not collected across the site.
   */
  small?: boolean;
}

/** Up to this many producers, a scope's keyword search checks its own rows one by one (docs/performance.md). */
export const SMALL_SCOPE_PRODUCERS = 100;

/**
 * The scope with `small` set: the producer alone, or a subtree of at most SMALL_SCOPE_PRODUCERS producers (one
 * bounded index-only read of producer_tree).
 */
export async function withScopeSize(db: Db, scope: TeamScope): Promise<TeamScope> {
  if (!scope.includedTeam) return { ...scope, small: true };
  const result = (await db.execute(sql`select count(*)::int as n from (select 1 from ${producerTree}
    where ${producerTree.ancestorId} = ${scope.producerId} limit ${SMALL_SCOPE_PRODUCERS + 1}) as team`)) as unknown as {
    rows: { n: number | string }[];
  };
  return { ...scope, small: Number(result.rows[0]?.n ?? 0) <= SMALL_SCOPE_PRODUCERS };
}

export interface TeamScopeRequest {
  selectedProducerId?: number | undefined;
  includedTeam?: boolean | undefined;
}

/**
 * Resolves a request's scope. A selected producer outside the caller's subtree (another branch, an upline, another
 * site, an id that does not exist) answers 404, exactly like a missing id, so the tree's shape does not leak.
 * One primary-key probe of the closure table.
 */
export async function resolveTeamScope(
  db: Db,
  caller: ProducerCaller,
  request: TeamScopeRequest,
): Promise<TeamScope> {
  const includedTeam = request.includedTeam ?? true;
  const selected = request.selectedProducerId;
  if (selected === undefined || selected === caller.producerId) {
    return { caller, producerId: caller.producerId, includedTeam, viewingOther: false };
  }
  if (!(await isInTeam(db, caller, selected))) throw new HttpError(404, 'errors.notFound');
  return { caller, producerId: selected, includedTeam, viewingOther: true };
}

/** Whether `producerId` is the caller or below them in the team tree, on the caller's site. */
export async function isInTeam(db: Db, caller: ProducerCaller, producerId: number): Promise<boolean> {
  const rows = await db
    .select({ id: producers.id })
    .from(producerTree)
    .innerJoin(producers, eq(producers.id, producerTree.descendantId))
    .where(
      and(
        eq(producerTree.ancestorId, caller.producerId),
        eq(producerTree.descendantId, producerId),
        eq(producers.siteCode, caller.siteCode),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * The predicate a list puts on its producer column: the scope's producer alone, or every producer of their subtree
 * (one index range scan of producer_tree by ancestor).
 */
export function producerFilter(scope: TeamScope, producerColumn: PgColumn | SQL): SQL {
  if (!scope.includedTeam) return sql`${producerColumn} = ${scope.producerId}`;
  return sql`${producerColumn} in (select ${producerTree.descendantId} from ${producerTree} where ${producerTree.ancestorId} = ${scope.producerId})`;
}

/**
 * Records that a producer opened another producer's data (who, whose, what, when). Called by every list, export,
 * detail and file route once access is granted; nothing is written when producers look at their own data.
 */
export async function auditTeamView(
  db: Db,
  scope: Pick<TeamScope, 'caller' | 'viewingOther'> & { producerId: number },
  what: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  if (!scope.viewingOther) return;
  await db.insert(auditLog).values({
    siteCode: scope.caller.siteCode,
    userId: scope.caller.userId,
    action: 'producer.team_view',
    details: {
      viewerProducerId: scope.caller.producerId,
      viewedProducerId: scope.producerId,
      what,
      ...details,
    },
  });
}
