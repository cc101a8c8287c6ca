import type { Db } from '../../db/client.js';
import { auditTeamView, isInTeam, type ProducerCaller } from '../../db/team-scope.js';
import { HttpError } from '../../plugins/errors.js';
import { type CaseApplication, selectCaseApplication } from './queries.js';

/**
 * An application a producer may work on: on their site, and theirs or their team's (the closure table). Anything
 * else — another team, another site, an id that does not exist — is the same 404. Opening a team member's case is
 * audited like every team view.
 */
export async function admitProducerCase(
  db: Db,
  caller: ProducerCaller,
  applicationId: number,
  what: string,
): Promise<CaseApplication> {
  const app = await findProducerCase(db, caller, applicationId);
  await auditTeamView(
    db,
    { caller, producerId: app.producerId, viewingOther: app.producerId !== caller.producerId },
    what,
    { applicationId },
  );
  return app;
}

/**
 * The same check without the view's audit row: for a write whose own audit row records what was done, and which must
 * write nothing when it is refused.
 */
export async function findProducerCase(
  db: Db,
  caller: ProducerCaller,
  applicationId: number,
): Promise<CaseApplication> {
  const app = await selectCaseApplication(db, applicationId, caller.siteCode);
  if (!app || !(await isInTeam(db, caller, app.producerId))) throw new HttpError(404, 'errors.notFound');
  return app;
}
