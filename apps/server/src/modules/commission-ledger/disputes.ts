import type { CommissionDisputeCreate } from '@portal/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  commissionDisputeEvents,
  commissionDisputes,
  commissionLedgerLines,
  producers,
} from '../../db/schema/index.js';
import { isInTeam } from '../../db/team-scope.js';
import { HttpError } from '../../plugins/errors.js';
import { type LedgerContext, type LedgerRequester, requireCommissionPermission } from './context.js';

/**
 * POST /b2b/commission-disputes: a producer flags a line of their ledger (or of their team's) as missing, wrong in
 * amount or paid to the wrong producer. The line's facts are copied onto the dispute, which opens a reconciliation
 * task for staff; its first audit event is the opening. A line has at most one live dispute: a second submit (a
 * double click, a second tab) answers the live one's id and writes nothing.
 */
export async function createDispute(
  ctx: LedgerContext,
  who: LedgerRequester,
  body: CommissionDisputeCreate & { ledgerLineId: number },
): Promise<{ id: number }> {
  await requireCommissionPermission(ctx.db, who.caller);
  const [line] = await ctx.db
    .select({
      id: commissionLedgerLines.id,
      producerId: commissionLedgerLines.producerId,
      policyNo: commissionLedgerLines.policyNo,
      stage: commissionLedgerLines.stage,
      amount: commissionLedgerLines.amount,
      currency: commissionLedgerLines.currency,
    })
    .from(commissionLedgerLines)
    .where(eq(commissionLedgerLines.id, body.ledgerLineId))
    .limit(1);
  // Another team's line reads exactly like a line that does not exist.
  if (!line || !(await isInTeam(ctx.db, who.caller, line.producerId)))
    throw new HttpError(404, 'ledger.lineNotFound');
  const [raiser] = await ctx.db
    .select({ name: producers.name })
    .from(producers)
    .where(eq(producers.id, who.caller.producerId))
    .limit(1);
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(commissionDisputes)
      .values({
        ledgerLineId: line.id,
        producerId: line.producerId,
        raisedByUserId: who.caller.userId,
        policyNo: line.policyNo,
        stage: line.stage,
        amount: line.amount,
        currency: line.currency,
        reason: body.reason,
        comment: body.comment,
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      })
      .onConflictDoNothing({
        target: commissionDisputes.ledgerLineId,
        where: sql`${commissionDisputes.status} in ('open', 'investigating')`,
      })
      .returning({ id: commissionDisputes.id });
    const created = inserted[0];
    if (!created) {
      const [live] = await tx
        .select({ id: commissionDisputes.id })
        .from(commissionDisputes)
        .where(
          and(
            eq(commissionDisputes.ledgerLineId, line.id),
            inArray(commissionDisputes.status, ['open', 'investigating']),
          ),
        )
        .limit(1);
      if (!live) throw new HttpError(409, 'ledger.disputeStale');
      return { id: live.id };
    }
    await tx.insert(commissionDisputeEvents).values({
      disputeId: created.id,
      at: ctx.now(),
      actorUserId: who.caller.userId,
      actorName: raiser?.name ?? '',
      action: 'opened',
      toStatus: 'open',
      note: body.comment,
    });
    return { id: created.id };
  });
}
