import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { deleteExpiredSessions } from './queries.js';

const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * Deletes expired and idle sessions in the background so the table holds live sessions only. Safe to run in every
 * server process: the delete is idempotent.
 */
export function startSessionSweeper(db: Db, config: Config, log: FastifyBaseLogger): () => void {
  const timer = setInterval(() => {
    deleteExpiredSessions(db, new Date(), config.sessionIdleMs)
      .then((n) => n > 0 && log.info({ removed: n }, 'expired sessions removed'))
      .catch((err) => log.error({ err }, 'session sweep failed'));
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
