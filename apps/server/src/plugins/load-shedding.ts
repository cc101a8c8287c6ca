import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { replyError } from './errors.js';

/** Seconds a refused caller is asked to wait: the queue of a busy process drains in about that time. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 1;

/** Probes that must answer while the process is busy: a busy process is alive, and readiness says so itself. */
const ALWAYS_ANSWERED = new Set(['/livez', '/readyz', '/healthz']);

export interface LoadSheddingOptions {
  /** Requests this process works on at once; one more answers 503 at once instead of waiting in line. */
  maxInFlight: number;
}

/**
 * Load shedding (docs/security/scanners.md): past `maxInFlight` requests in progress, a new one answers 503 with
 * Retry-After and the usual `{ error }` in the caller's language, before any work (no session read, no query). Without
 * it an overload queues without bound in front of the database pool: every request waits, each one's wait passes its
 * caller's timeout, and the process serves nobody (collapse) rather than most people (shedding). A request counts from
 * its first hook until its connection is done with it (`close` fires after the last byte or when the caller goes away),
 * so slow downloads count as the load they are. Health probes are never refused.
 */
export const loadSheddingPlugin = fp(
  async (app: FastifyInstance, opts: LoadSheddingOptions) => {
    let inFlight = 0;
    let shed = 0;
    app.decorate('loadShedding', {
      get inFlight() {
        return inFlight;
      },
      get shed() {
        return shed;
      },
    });
    // A callback hook: it waits for nothing (see request-context.ts on the cost of async hooks).
    app.addHook('onRequest', (request, reply, done) => {
      const path = request.url.split('?')[0] ?? '';
      // Live streams stay open for minutes: counted as requests they would soon fill the gate. They have caps of
      // their own (modules/notifications/stream-hub.ts).
      if (ALWAYS_ANSWERED.has(path) || request.routeOptions.config?.streaming === true) {
        done();
        return;
      }
      if (inFlight >= opts.maxInFlight) {
        shed++;
        reply.header('retry-after', String(OVERLOAD_RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
        replyError(request, reply, 503, 'errors.overloaded');
        return;
      }
      inFlight++;
      reply.raw.once('close', () => {
        inFlight--;
      });
      done();
    });
  },
  { name: 'load-shedding', dependencies: ['request-context', 'error-handler'] },
);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A long-lived answer (Server-Sent Events): not counted by the load-shedding gate. */
    streaming?: boolean;
  }
  interface FastifyInstance {
    /** Figures of the load-shedding gate, for tests and logs. */
    loadShedding: { readonly inFlight: number; readonly shed: number };
  }
}
