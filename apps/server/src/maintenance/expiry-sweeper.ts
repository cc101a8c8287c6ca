import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { LOCK_POLICY } from '../modules/auth/index.js';
import { deleteRenderedDocumentsBefore } from '../modules/statements/index.js';
import { deleteExpiredSessions } from '../plugins/session/queries.js';
import { deleteOldAccountSecurityRows, deleteSpentCredentials, deleteStaleNameLocks } from './queries.js';

const SWEEP_EVERY_MS = 10 * 60_000;
const CREDENTIAL_GRACE_MS = 24 * 3_600_000;
/**
 * Cached statement PDFs are kept 35 days after they were rendered (decision 025): past the window's newest month
 * being read around its publication, and short enough that the table holds about one month of renderings.
 */
export const RENDERED_DOCUMENT_DAYS = 35;
/** Account activity is shown, and kept, this long (docs/security/account-security.md). */
export const ACCOUNT_ACTIVITY_DAYS = 90;

/**
 * Removes what has expired: sessions, spent one-time codes and account tokens, the lock rows of login names
 * without an account once their failures are forgotten, cached statement PDFs past their days, account activity
 * older than ACCOUNT_ACTIVITY_DAYS and trusted browsers whose trust ran out.
 */
export async function sweepExpired(db: Db, config: Pick<Config, 'sessionIdleMs'>, now: Date) {
  const sessions = await deleteExpiredSessions(db, now, config.sessionIdleMs);
  const credentials = await deleteSpentCredentials(db, new Date(now.getTime() - CREDENTIAL_GRACE_MS));
  const nameLocks = await deleteStaleNameLocks(
    db,
    new Date(now.getTime() - LOCK_POLICY.forgetFailuresAfterMs),
    now,
  );
  const renderedDocuments = await deleteRenderedDocumentsBefore(
    db,
    new Date(now.getTime() - RENDERED_DOCUMENT_DAYS * 24 * 3_600_000),
  );
  const accountSecurity = await deleteOldAccountSecurityRows(
    db,
    new Date(now.getTime() - ACCOUNT_ACTIVITY_DAYS * 24 * 3_600_000),
    now,
  );
  return { sessions, credentials, nameLocks, renderedDocuments, accountSecurity };
}

/**
 * Runs the sweep in the background in every server process; the deletes are idempotent, so processes behind a load
 * balancer need no coordination.
 */
export function startExpirySweeper(db: Db, config: Config, log: FastifyBaseLogger): () => void {
  const timer = setInterval(() => {
    sweepExpired(db, config, new Date())
      .then((removed) => {
        if (removed.sessions + removed.credentials + removed.nameLocks + removed.renderedDocuments > 0)
          log.info(removed, 'expired rows removed');
      })
      .catch((err) => log.error({ err }, 'expiry sweep failed'));
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
