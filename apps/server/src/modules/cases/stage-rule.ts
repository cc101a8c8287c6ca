import {
  addCalendarDays,
  hongKongToday,
  ISSUED_STAGES,
  type Stage,
  type StageRefusal,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { applications, auditLog } from '../../db/schema/index.js';
import { FormValidationError, HttpError } from '../../plugins/errors.js';
import {
  type CaseApplication,
  insertHistory,
  lockCaseApplication,
  selectCoolingOffDays,
  selectOpenMandatory,
} from './queries.js';

/** The stage rule refused: the answer's body names the open mandatory items (409). */
export class StageRefused extends Error {
  constructor(readonly openRequirements: StageRefusal['openRequirements']) {
    super('stage refused');
  }
}

/**
 * Whether an application may enter `stage` (decision 053): an issued stage (6, 7) only once every mandatory
 * requirement is accepted or waived. Answers the open items that forbid it (none: allowed).
 */
export async function openItemsBlocking(db: Db, applicationId: number, stage: number) {
  if (!ISSUED_STAGES.includes(stage as Stage)) return [];
  return selectOpenMandatory(db, applicationId);
}

/**
 * Moves an application to another stage, every check and write in one transaction with the application's row
 * locked, so a requirement reopened at the same time cannot slip past the rule: the rule, the stage and the day it
 * was entered, the cooling-off end once the policy is delivered (first issued stage), the dated history line, and
 * the audit row.
 */
export async function changeStage(
  db: Db,
  who: { userId: number; siteCode: CaseApplication['siteCode'] },
  applicationId: number,
  stage: Stage,
  now: Date,
): Promise<CaseApplication> {
  return db.transaction(async (tx) => {
    const app = await lockCaseApplication(tx, applicationId, who.siteCode);
    if (!app) throw new HttpError(404, 'errors.notFound');
    if (app.stage === stage) {
      throw new FormValidationError({ stage: ['cases.sameStage'] });
    }
    const blocking = await openItemsBlocking(tx, app.id, stage);
    if (blocking.length > 0) throw new StageRefused(blocking);

    const delivered = ISSUED_STAGES.includes(stage as Stage) && !ISSUED_STAGES.includes(app.stage as Stage);
    let coolingOffEndsOn = app.coolingOffEndsOn;
    if (delivered) {
      const days = await selectCoolingOffDays(tx, app.category);
      coolingOffEndsOn = days === null ? null : addCalendarDays(hongKongToday(now), days);
    }
    await tx
      .update(applications)
      .set({
        stage,
        stageEnteredAt: now,
        coolingOffEndsOn,
        updatedAt: now,
      })
      .where(eq(applications.id, app.id));
    await insertHistory(tx, { applicationId: app.id, stage, at: now });
    await tx.insert(auditLog).values({
      siteCode: who.siteCode,
      userId: who.userId,
      action: 'cases.stage_changed',
      at: now,
      details: { applicationId: app.id, from: app.stage, to: stage },
    });
    return { ...app, stage, stageEnteredOn: hongKongToday(now), coolingOffEndsOn };
  });
}
