import type { ProducerProfile } from '@portal/contract';
import type { Db } from '../../db/client.js';
import { auditTeamView, isInTeam, type ProducerCaller } from '../../db/team-scope.js';
import { HttpError } from '../../plugins/errors.js';
import { selectProfile } from './queries.js';

/**
 * GET /b2b/profile/{producerId}: the caller's own profile, or a team member's (audited). Anyone else, on any site,
 * answers 404 exactly like an id that does not exist.
 */
export async function getProducerProfile(
  db: Db,
  caller: ProducerCaller,
  producerId: number,
): Promise<ProducerProfile> {
  const viewingOther = producerId !== caller.producerId;
  if (viewingOther && !(await isInTeam(db, caller, producerId))) throw new HttpError(404, 'errors.notFound');
  const row = await selectProfile(db, caller.siteCode, producerId);
  if (!row) throw new HttpError(404, 'errors.notFound');
  await auditTeamView(db, { caller, producerId, viewingOther }, 'profile');
  return {
    name: row.name,
    code: row.code,
    opEmail: row.opEmails,
    acEmail: row.acEmails,
    contractAddress: row.contractAddress,
    corrAddress: row.correspondenceAddress,
    fullName: row.fullName,
    title: row.title,
  };
}
