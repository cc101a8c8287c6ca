import type { RequirementList } from '@portal/contract';
import type { Db } from '../../db/client.js';
import type { ProducerCaller } from '../../db/team-scope.js';
import type { CasesContext } from './context.js';
import { openProducerCase } from './producer-access.js';
import { type CaseApplication, selectRequirements, selectStageTarget } from './queries.js';

/**
 * GET /b2b/applications/{id}/requirements: the checklist of one application of the caller's team — every item with
 * who owes it, the Hong Kong sales steps first in their order — and the stage with its target.
 */
export async function listRequirements(
  ctx: CasesContext,
  caller: ProducerCaller,
  applicationId: number,
): Promise<RequirementList> {
  return openProducerCase(ctx.db, caller, applicationId, 'application_requirements', (app) =>
    checklistOf(ctx.db, app),
  );
}

/** An admitted application's checklist: the producer's and the office's screens read the same. */
export async function checklistOf(db: Db, app: CaseApplication): Promise<RequirementList> {
  const [rows, target] = await Promise.all([
    selectRequirements(db, app.id),
    selectStageTarget(db, app.siteCode, app.stage),
  ]);
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
      documentCount: r.documentCount,
    })),
    stage: app.stage,
    stageEnteredOn: app.stageEnteredOn,
    stageTargetDays: target,
    coolingOffEndsOn: app.coolingOffEndsOn,
  };
}
