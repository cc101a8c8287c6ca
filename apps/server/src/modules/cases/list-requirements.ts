import type { RequirementList } from '@portal/contract';
import type { Db } from '../../db/client.js';
import type { ProducerCaller } from '../../db/team-scope.js';
import type { CasesContext } from './context.js';
import { admitProducerCase } from './producer-access.js';
import { type CaseApplication, selectRequirements, selectStageTarget } from './queries.js';
import { countDocuments } from './requirement-documents.js';

/**
 * GET /b2b/applications/{id}/requirements: the checklist of one application of the caller's team — every item with
 * who owes it, the Hong Kong sales steps first in their order — and the stage with its target.
 */
export async function listRequirements(
  ctx: CasesContext,
  caller: ProducerCaller,
  applicationId: number,
): Promise<RequirementList> {
  const app = await admitProducerCase(ctx.db, caller, applicationId, 'application_requirements');
  return checklistOf(ctx.db, app);
}

/** An admitted application's checklist: the producer's and the office's screens read the same. */
export async function checklistOf(db: Db, app: CaseApplication): Promise<RequirementList> {
  const [rows, target] = await Promise.all([
    selectRequirements(db, app.id),
    selectStageTarget(db, app.siteCode, app.stage),
  ]);
  const documents = await countDocuments(
    db,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) => ({
      id: r.id,
      type: r.type,
      status: r.status,
      dueDate: r.dueDate,
      mandatory: r.mandatory,
      provider: r.provider,
      salesStep: r.salesStep,
      reason: r.reason,
      statusChangedAt: r.statusChangedAt.toISOString(),
      documentCount: documents.get(r.id) ?? 0,
    })),
    stage: app.stage,
    stageEnteredOn: app.stageEnteredOn,
    stageTargetDays: target,
    coolingOffEndsOn: app.coolingOffEndsOn,
  };
}
