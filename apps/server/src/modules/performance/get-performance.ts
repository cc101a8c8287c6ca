import type { Currency, PerformanceQuery, PerformanceResponse } from '@portal/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { measure, type RangeRequest, resolveRange } from './measure.js';
import { type PlanOwner, selectPerformanceInputs } from './queries.js';

export interface PerformanceContext {
  db: Db;
  now: () => Date;
}

/**
 * Performance of a client's plans — one plan (`planNo`), one statement account (`partyId`) or the whole portfolio —
 * over a range, for a client (own plans) or a producer (the team's plans of a client). The access check is part of
 * the plan query: a plan number or account that is not the caller's answers 404 like one that does not exist.
 */
export async function getPerformance(
  ctx: PerformanceContext,
  owner: PlanOwner,
  query: PerformanceQuery,
): Promise<PerformanceResponse> {
  const [answer] = await getPerformances(ctx, owner, query, [query]);
  return answer as PerformanceResponse;
}

/**
 * The same plans over several ranges from one read of their history (the consolidated statement prints its month
 * and the time since inception): each answer is exactly what the API gives for that range.
 */
export async function getPerformances(
  ctx: PerformanceContext,
  owner: PlanOwner,
  choice: Pick<PerformanceQuery, 'planNo' | 'partyId' | 'currency'>,
  ranges: RangeRequest[],
): Promise<PerformanceResponse[]> {
  // The benchmark's plan type is the one holding the most value at the latest end asked for (none: the history's).
  const ends = ranges.map((r) => r.to ?? null);
  const categoryAt = ends.includes(null) ? null : (ends as string[]).reduce((a, b) => (a > b ? a : b));
  const { plans, accounts, history, benchmark } = await selectPerformanceInputs(
    ctx.db,
    owner,
    { planNo: choice.planNo, partyId: choice.partyId === undefined ? undefined : Number(choice.partyId) },
    choice.currency ?? 'USD',
    categoryAt,
  );
  // A named plan or account that is not among the caller's is refused; a portfolio may simply be empty.
  if (plans.length === 0 && (choice.planNo || choice.partyId || owner.kind === 'producer')) {
    throw new HttpError(404, 'errors.notFound');
  }
  // One plan reports in its own currency by default; several in USD, as the consolidated statement does.
  const currency: Currency =
    choice.currency ??
    (plans.length === 1 ? ((history.valuations[0]?.currency as Currency | undefined) ?? 'USD') : 'USD');
  const today = ctx.now().toISOString().slice(0, 10);
  const resolved = ranges.map((r) => resolveRange(history, r, today));
  const planNos = plans.map((p) => p.planNo);
  return resolved.map((range) => ({ ...measure(history, range, currency, planNos, benchmark), accounts }));
}
