import type { CommissionDispute, DisputeReason, DisputeStatus, LedgerStage } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

interface DisputeRow {
  id: number | string;
  ledgerLineId: number | string | null;
  policyNo: string | null;
  stage: LedgerStage;
  amount: string;
  currency: string;
  producerCode: string;
  producerName: string;
  reason: DisputeReason;
  comment: string;
  status: DisputeStatus;
  assignedStaffId: number | string | null;
  assignedStaffName: string | null;
  resolution: string | null;
  adjustmentAmount: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  events: CommissionDispute['events'] | null;
}

const nullableId = (value: number | string | null) => (value === null ? null : Number(value));

/** Disputes with their producer, assignee and audit events (oldest first), newest dispute first. */
export async function selectDisputes(
  db: Db,
  where: SQL,
  limit: number,
  offset: number,
): Promise<CommissionDispute[]> {
  const result = (await db.execute(sql`
    select d.id, d.ledger_line_id as "ledgerLineId", d.policy_no as "policyNo", d.stage, d.amount::text as amount,
      d.currency, p.code as "producerCode", p.name as "producerName", d.reason, d.comment, d.status,
      d.assigned_staff_id as "assignedStaffId", s.name as "assignedStaffName", d.resolution,
      d.adjustment_amount::text as "adjustmentAmount", d.version,
      to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt",
      to_char(d.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "updatedAt",
      (select json_agg(json_build_object(
          'at', to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'actor', e.actor_name,
          'action', e.action, 'fromStatus', e.from_status, 'toStatus', e.to_status, 'note', e.note) order by e.at, e.id)
       from commission_dispute_events e where e.dispute_id = d.id) as events
    from commission_disputes d
    join producers p on p.id = d.producer_id
    left join staff s on s.id = d.assigned_staff_id
    where ${where}
    order by d.created_at desc, d.id desc
    limit ${limit} offset ${offset}`)) as unknown as { rows: DisputeRow[] };
  return result.rows.map((row) => ({
    ...row,
    id: Number(row.id),
    ledgerLineId: nullableId(row.ledgerLineId),
    assignedStaffId: nullableId(row.assignedStaffId),
    version: Number(row.version),
    events: row.events ?? [],
  }));
}

export async function countDisputes(db: Db, where: SQL): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n from commission_disputes d where ${where}`,
  )) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n ?? 0);
}
