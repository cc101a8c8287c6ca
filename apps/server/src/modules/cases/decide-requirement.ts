import { type Requirement, type RequirementDecision, type SiteCode, staffMayMove } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { applicationRequirements, auditLog } from '../../db/schema/index.js';
import { FormValidationError, HttpError } from '../../plugins/errors.js';
import { insertHistory, lockCaseApplication, lockRequirement } from './queries.js';

/**
 * PATCH /internal/requirements/{id}: a staff decision on one requirement of the staff member's site. The item and its
 * application are locked (the stage rule reads them in the same order), the change is dated in the stage history and
 * audited with who decided and why.
 */
export async function decideRequirement(
  db: Db,
  who: { userId: number; siteCode: SiteCode },
  requirementId: number,
  decision: RequirementDecision,
  now: Date,
): Promise<Pick<Requirement, 'id' | 'status' | 'reason'>> {
  return db.transaction(async (tx) => {
    const probe = await lockRequirement(tx, requirementId, who.siteCode);
    if (!probe) throw new HttpError(404, 'errors.notFound');
    const app = await lockCaseApplication(tx, probe.applicationId, who.siteCode);
    if (!app) throw new HttpError(404, 'errors.notFound');
    if (!staffMayMove(probe.status, decision.status)) {
      throw new FormValidationError({ status: ['cases.statusChangeNotAllowed'] });
    }
    const reason =
      decision.status === 'rejected' || decision.status === 'waived' ? (decision.reason ?? null) : null;
    await tx
      .update(applicationRequirements)
      .set({
        status: decision.status,
        reason,
        decidedBy: who.userId,
        statusChangedAt: now,
        updatedAt: now,
      })
      .where(eq(applicationRequirements.id, probe.id));
    await insertHistory(tx, {
      applicationId: app.id,
      stage: app.stage,
      at: now,
      note: reason,
      requirementId: probe.id,
      requirementStatus: decision.status,
    });
    await tx.insert(auditLog).values({
      siteCode: who.siteCode,
      userId: who.userId,
      action: 'cases.requirement_decided',
      at: now,
      details: {
        requirementId: probe.id,
        applicationId: app.id,
        type: probe.type,
        from: probe.status,
        to: decision.status,
        ...(reason ? { reason } : {}),
      },
    });
    return { id: probe.id, status: decision.status, reason };
  });
}
