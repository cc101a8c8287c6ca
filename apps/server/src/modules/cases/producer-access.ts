import type { Db } from '../../db/client.js';
import { auditTeamView, type ProducerCaller } from '../../db/team-scope.js';
import { HttpError } from '../../plugins/errors.js';
import { type CaseApplication, selectCaseApplication } from './queries.js';

/**
 * Reads an application a producer may work on: on their site, and theirs or their team's (the closure table). Anything
 * else — another team, another site, an id that does not exist — is the same 404. Opening a team member's case is
 * audited like every team view; the audit row is written beside `read`, and the answer waits for both.
 */
export async function openProducerCase<T>(
  db: Db,
  caller: ProducerCaller,
  applicationId: number,
  what: string,
  read: (app: CaseApplication) => Promise<T>,
): Promise<T> {
  const app = await findProducerCase(db, caller, applicationId);
  const [answer] = await Promise.all([
    read(app),
    auditTeamView(
      db,
      { caller, producerId: app.producerId, viewingOther: app.producerId !== caller.producerId },
      what,
      { applicationId },
    ),
  ]);
  return answer;
}

/**
 * The same check without the view's audit row: for a write whose own audit row records what was done, and which must
 * write nothing when it is refused. One statement: the application with the team condition.
 */
export async function findProducerCase(
  db: Db,
  caller: ProducerCaller,
  applicationId: number,
): Promise<CaseApplication> {
  const app = await selectCaseApplication(db, applicationId, caller.siteCode, caller.producerId);
  if (!app) throw new HttpError(404, 'errors.notFound');
  return app;
}
