import {
  type CommissionDispute,
  type commissionDisputeListQuerySchema,
  type commissionDisputePatchSchema,
  type DisputeStatus,
  hongKongToday,
  LIVE_DISPUTE_STATUSES,
} from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { commissionDisputeEvents, commissionDisputes, staff } from '../../db/schema/index.js';
import { FormValidationError, HttpError } from '../../plugins/errors.js';
import { countDisputes, selectDisputes } from './dispute-queries.js';

export interface StaffActor {
  userId: number;
  staffId: number;
}

/** GET /internal/commission-disputes: the reconciliation tasks, newest first, optionally of one status. */
export async function listDisputes(db: Db, query: z.output<typeof commissionDisputeListQuerySchema>) {
  const where = query.status ? sql`d.status = ${query.status}` : sql`true`;
  const [data, totalSize] = await Promise.all([
    selectDisputes(db, where, query.sizePerPage, (query.page - 1) * query.sizePerPage),
    countDisputes(db, where),
  ]);
  return { data, totalSize };
}

export async function loadDispute(db: Db, id: number): Promise<CommissionDispute> {
  const [dispute] = await selectDisputes(db, sql`d.id = ${id}`, 1, 0);
  if (!dispute) throw new HttpError(404, 'ledger.disputeNotFound');
  return dispute;
}

/** Where a dispute may go from each status: closed disputes stay closed. */
const NEXT: Record<DisputeStatus, readonly DisputeStatus[]> = {
  open: ['investigating', 'resolved', 'rejected'],
  investigating: ['resolved', 'rejected'],
  resolved: [],
  rejected: [],
};

export interface DisputeChange {
  dispute: CommissionDispute;
  /** The producer's user to tell, when the status or the outcome changed. */
  statusChanged: boolean;
}

/**
 * PATCH /internal/commission-disputes/{id}: assign, move to investigating, resolve with an adjustment (a signed
 * amount written to the producer's ledger as an `adjustment` line of stage expected: owed with the next pay-out) or
 * reject with a reason; a note alone is an event too. One transaction with the dispute row locked: the version read
 * must still be the current one (409 otherwise), every change is an audit event with the staff member and the time.
 */
export async function updateDispute(
  db: Db,
  actor: StaffActor,
  id: number,
  patch: z.output<typeof commissionDisputePatchSchema>,
  now: Date,
): Promise<DisputeChange> {
  let statusChanged = false;
  await db.transaction(async (tx) => {
    const locked = (await tx.execute(
      sql`select id, status, version, producer_id, currency, ledger_line_id, policy_no
          from commission_disputes where id = ${id} for update`,
    )) as unknown as {
      rows: {
        status: DisputeStatus;
        version: number;
        producer_id: number | string;
        currency: string;
        policy_no: string | null;
      }[];
    };
    const current = locked.rows[0];
    if (!current) throw new HttpError(404, 'ledger.disputeNotFound');
    if (Number(current.version) !== patch.version) throw new HttpError(409, 'ledger.disputeStale');
    if (!(LIVE_DISPUTE_STATUSES as readonly string[]).includes(current.status))
      throw new HttpError(409, 'ledger.disputeClosed');
    if (patch.status && patch.status !== current.status && !NEXT[current.status].includes(patch.status))
      throw new FormValidationError({ status: ['validation.notAllowed'] });
    const [me] = await tx
      .select({ name: staff.name })
      .from(staff)
      .where(eq(staff.id, actor.staffId))
      .limit(1);
    const actorName = me?.name ?? '';
    const events: (typeof commissionDisputeEvents.$inferInsert)[] = [];
    const set: Partial<typeof commissionDisputes.$inferInsert> = {};
    if (patch.assignedStaffId !== undefined) {
      let assigneeName: string | null = null;
      if (patch.assignedStaffId !== null) {
        const [assignee] = await tx
          .select({ name: staff.name })
          .from(staff)
          .where(eq(staff.id, patch.assignedStaffId))
          .limit(1);
        if (!assignee) throw new FormValidationError({ assignedStaffId: ['validation.notAllowed'] });
        assigneeName = assignee.name;
      }
      set.assignedStaffId = patch.assignedStaffId;
      events.push({
        disputeId: id,
        actorUserId: actor.userId,
        actorName,
        action: 'assigned',
        note: assigneeName,
      });
    }
    if (patch.status && patch.status !== current.status) {
      statusChanged = true;
      set.status = patch.status;
      if (patch.resolution) set.resolution = patch.resolution;
      if (patch.status === 'resolved' && patch.adjustmentAmount) {
        set.adjustmentAmount = patch.adjustmentAmount;
        const written = (await tx.execute(sql`
          insert into commission_ledger_lines (producer_id, stage, source_kind, source_id, policy_id, policy_no,
            provider_id, line_date, amount, currency, reporting_amount, reason)
          select d.producer_id, 'expected', 'adjustment', d.id, l.policy_id, d.policy_no, l.provider_id,
            ${hongKongToday(now)}::date, ${patch.adjustmentAmount}::numeric, d.currency,
            commission_reporting_amount(${patch.adjustmentAmount}::numeric, d.currency, ${hongKongToday(now)}::date),
            ${patch.resolution ?? null}
          from commission_disputes d left join commission_ledger_lines l on l.id = d.ledger_line_id
          where d.id = ${id}
          returning id`)) as unknown as { rows: { id: number | string }[] };
        set.adjustmentLineId = Number(written.rows[0]?.id);
      }
      events.push({
        disputeId: id,
        actorUserId: actor.userId,
        actorName,
        action: 'status',
        fromStatus: current.status,
        toStatus: patch.status,
        note:
          patch.resolution ??
          (patch.adjustmentAmount ? `${patch.adjustmentAmount} ${current.currency}` : null),
      });
    }
    if (patch.note)
      events.push({ disputeId: id, actorUserId: actor.userId, actorName, action: 'note', note: patch.note });
    if (events.length === 0) return;
    await tx
      .update(commissionDisputes)
      .set({ ...set, version: sql`${commissionDisputes.version} + 1`, updatedAt: now })
      .where(eq(commissionDisputes.id, id));
    await tx.insert(commissionDisputeEvents).values(events.map((event) => ({ ...event, at: now })));
  });
  return { dispute: await loadDispute(db, id), statusChanged };
}
