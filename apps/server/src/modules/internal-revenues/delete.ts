import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import {
  revenueClients,
  revenuePayinItems,
  revenuePayinRates,
  revenuePayinSettlements,
  revenuePayoutRecords,
  revenuePayoutSettlements,
  revenuePayouts,
  revenues,
} from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import { auditRevenueChange } from './revenue-audit.js';

/*
 * `DELETE /internal/revenues/{id}` (plan (g2), decision 024): a hard delete in one transaction. Everything the revenue
 * owns goes with it (every child table cascades on the revenue, or on its pay-in item or pay-out), and the audit row
 * keeps a full JSON snapshot of what was removed. The revenue's `deletable` flag is checked by the DELETE itself.
 */

/** The revenue and every row it owns, as stored: the audit's `before`. Undefined when there is no such revenue. */
async function revenueSnapshot(tx: Db, revenueId: number) {
  // Locks the revenue, so the snapshot is what the delete removes (no edit can land in between).
  const [revenue] = await tx.select().from(revenues).where(eq(revenues.id, revenueId)).for('update');
  if (!revenue) return undefined;
  const [clients, payinRates, payinItems, payouts] = await Promise.all([
    tx.select().from(revenueClients).where(eq(revenueClients.revenueId, revenueId)),
    tx
      .select()
      .from(revenuePayinRates)
      .where(eq(revenuePayinRates.revenueId, revenueId))
      .orderBy(asc(revenuePayinRates.id)),
    tx
      .select()
      .from(revenuePayinItems)
      .where(eq(revenuePayinItems.revenueId, revenueId))
      .orderBy(asc(revenuePayinItems.id)),
    tx
      .select()
      .from(revenuePayouts)
      .where(eq(revenuePayouts.revenueId, revenueId))
      .orderBy(asc(revenuePayouts.id)),
  ]);
  const itemIds = payinItems.map((item) => item.id);
  const payoutIds = payouts.map((payout) => payout.id);
  const [payinSettlements, payoutRecords, payoutSettlements] = await Promise.all([
    itemIds.length === 0
      ? []
      : tx
          .select()
          .from(revenuePayinSettlements)
          .where(inArray(revenuePayinSettlements.payinItemId, itemIds))
          .orderBy(asc(revenuePayinSettlements.id)),
    payoutIds.length === 0
      ? []
      : tx
          .select()
          .from(revenuePayoutRecords)
          .where(inArray(revenuePayoutRecords.payoutId, payoutIds))
          .orderBy(asc(revenuePayoutRecords.id)),
    payoutIds.length === 0
      ? []
      : tx
          .select()
          .from(revenuePayoutSettlements)
          .where(inArray(revenuePayoutSettlements.payoutId, payoutIds))
          .orderBy(asc(revenuePayoutSettlements.id)),
  ]);
  return {
    revenue,
    clients,
    payinRates,
    payinItems,
    payinSettlements,
    payouts,
    payoutRecords,
    payoutSettlements,
  };
}

type DeleteOutcome = { kind: 'deleted' } | { kind: 'notFound' } | { kind: 'notDeletable'; refNo: string };

/**
 * Deletes one revenue: 404 when there is none (also a second delete), 409 when it is not deletable (it stays, and
 * the refusal is audited). Any failure rolls back the whole delete together with its audit row.
 */
export async function deleteRevenue(
  db: Db,
  request: FastifyRequest,
  revenueId: number,
  now: Date,
): Promise<void> {
  const outcome = await db.transaction(async (tx): Promise<DeleteOutcome> => {
    const before = await revenueSnapshot(tx, revenueId);
    if (!before) return { kind: 'notFound' };
    const deleted = await tx
      .delete(revenues)
      .where(and(eq(revenues.id, revenueId), eq(revenues.deletable, true)))
      .returning({ id: revenues.id });
    if (deleted.length === 0) return { kind: 'notDeletable', refNo: before.revenue.refNo };
    await auditRevenueChange(tx, request, {
      action: 'staff.revenue_delete',
      outcome: 'success',
      revenueId,
      at: now,
      details: { refNo: before.revenue.refNo, before },
    });
    return { kind: 'deleted' };
  });

  if (outcome.kind === 'notFound') throw new HttpError(404, 'internalRevenues.notFound');
  if (outcome.kind === 'notDeletable') {
    await auditRevenueChange(db, request, {
      action: 'staff.revenue_delete',
      outcome: 'denied',
      revenueId,
      at: now,
      details: { refNo: outcome.refNo, reason: 'notDeletable' },
    });
    throw new HttpError(409, 'internalRevenues.notDeletable');
  }
}
