import {
  healthResponseSchema,
  livenessResponseSchema,
  type ReadinessDependencies,
  readinessFailureSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DatabaseUnavailableError,
  rootCauseMessage,
} from '../../db/availability.js';
import type { Database } from '../../db/client.js';

/** A load balancer waits about this long for readiness; the probe answers before it gives up. */
export const READINESS_DEADLINE_MS = 1000;

async function pingWithin(ping: Database['ping'], ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseUnavailableError(`no answer within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([ping(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** The dependencies readiness reports besides the primary, read from the parts that know them (app.ts). */
export type OtherDependencies = () => Omit<ReadinessDependencies, 'primary'>;

export interface HealthOptions {
  ping: Database['ping'];
  dependencies: OtherDependencies;
}

/** Degraded: still worth sending traffic to, but some work is slower or refused (runbook: what each one means). */
function degraded(d: ReadinessDependencies): boolean {
  return d.replicas.some((r) => r.state !== 'ok') || d.jobQueue.state !== 'ok' || d.renderPool.state !== 'ok';
}

/**
 * Liveness and readiness, for orchestrators and load balancers (docs/operations.md).
 * - `/livez`: the process runs. Never touches the database: a database outage must not get healthy processes
 *   restarted, which would only add cold starts to the outage.
 * - `/readyz`: send traffic here? 503 while draining after SIGTERM, or when the primary does not answer
 *   `select 1` within READINESS_DEADLINE_MS. The probe has a connection of its own (Database.ping): a pool busy with
 *   one user's work is not a database that is down. The body names each dependency with its state (primary,
 *   replicas, job queue, render pool); only the primary decides the status code, the rest make it `degraded`.
 *   `/healthz` is the same check, kept for existing probes.
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { ping, dependencies }) => {
  let draining = false;
  // Fastify runs preClose as soon as app.close() starts: from then on readiness says so.
  app.addHook('preClose', async () => {
    draining = true;
  });

  app.get(
    '/livez',
    { schema: { tags: ['system'], response: { 200: livenessResponseSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  const readiness = {
    tags: ['system'],
    response: { 200: healthResponseSchema, 503: readinessFailureSchema },
  };
  for (const path of ['/readyz', '/healthz']) {
    app.get(path, { schema: readiness }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (draining) {
        return reply
          .code(503)
          .header('retry-after', '1')
          .send({ error: request.t('errors.unavailable') });
      }
      try {
        await pingWithin(ping, READINESS_DEADLINE_MS);
      } catch (err) {
        request.log.warn({ reason: rootCauseMessage(err) }, 'readiness: database unavailable');
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({
            error: request.t('errors.databaseUnavailable'),
            dependencies: { primary: { state: 'down' as const }, ...dependencies() },
          });
      }
      const seen: ReadinessDependencies = { primary: { state: 'ok' }, ...dependencies() };
      return {
        status: degraded(seen) ? ('degraded' as const) : ('ok' as const),
        database: 'ok' as const,
        dependencies: seen,
      };
    });
  }
};
