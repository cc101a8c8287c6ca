import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export type RevenueAuditAction = 'staff.revenue_update' | 'staff.revenue_delete';

/** Who is acting: set by the staff permission guard, which every internal route runs first. */
export function staffCallerOf(request: FastifyRequest): { userId: number; staffId: number } {
  if (!request.staffCaller) throw new Error('internal route reached without the staff permission guard');
  return request.staffCaller;
}

/**
 * One audit row of a staff change to a revenue: who (user and staff id), from where, what (the revenue, and for a
 * write what it was before and after), and whether it was done or refused. Pass the write's transaction so the row
 * and the change commit together; a refusal is written on its own.
 */
export async function auditRevenueChange(
  db: Db,
  request: FastifyRequest,
  entry: {
    action: RevenueAuditAction;
    outcome: 'success' | 'denied';
    revenueId: number;
    at: Date;
    details: Record<string, unknown>;
  },
): Promise<void> {
  const caller = staffCallerOf(request);
  await db.insert(auditLog).values({
    at: entry.at,
    siteCode: request.site.code,
    userId: caller.userId,
    action: entry.action,
    outcome: entry.outcome,
    ip: request.clientIp,
    details: { staffId: caller.staffId, revenueId: entry.revenueId, ...entry.details },
  });
}
