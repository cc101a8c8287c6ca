import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { runAsOwner } from '../db/lane.js';
import { replyError } from './errors.js';

/**
 * Per-person concurrency caps on the routes that do real work (docs/operations.md, "One heavy user"): lists and
 * searches, report previews, and downloads (exports, PDFs, ZIPs, documents). One person may have at most
 * `limits[kind]` requests of a kind under way in this process; one more is answered at once with 429, Retry-After
 * and a message in their language, before any query runs. So one person's 64 browser tabs cannot take every
 * connection of the pool, and everyone else still finds one.
 *
 * The cap is keyed by the signed-in user (by address for the public forms API, which has no session), counted from
 * the preHandler (after sign-in and permission checks, and after the input was validated: a refusal for those says
 * more) until the connection is done with the answer (`close`: a download counts until its last byte).
 *
 * Which route does which work is defined once, here (WORK_ROUTES), not route by route; the routes get it as
 * `config.work` so other hooks can read it too. user-work-limits.test.ts fails when a route that looks like work is
 * missing from the table, and when an entry matches no route.
 */

export type WorkKind = 'list' | 'preview' | 'download';

/** Seconds a refused caller is asked to wait: a list or a preview is done in about that time. */
export const USER_WORK_RETRY_AFTER_SECONDS = 1;

/** The API's routes, relative to `{basePath}/:lang/api`, by method and URL as registered. */
const API_WORK: Record<string, WorkKind> = {
  // Lists and searches over the caller's data.
  'POST /b2b/new_business': 'list',
  'POST /b2b/clients': 'list',
  'POST /b2b/service_records': 'list',
  'GET /b2b/team/search': 'list',
  'GET /b2b/team/subtree': 'list',
  'GET /b2b/clients/list_document': 'list',
  'GET /b2b/commissions/list_statement/:producerId': 'list',
  'GET /b2c/plans': 'list',
  'GET /b2c/messages': 'list',
  'GET /b2c/plans/:id/forms': 'list',
  'GET /statement/policy_list/:partyId': 'list',
  'POST /internal/revenues/search': 'list',
  // Report previews: the heaviest statements, over a whole team.
  'POST /b2b/reports': 'preview',
  // Exports and documents.
  'GET /b2b/nb_export': 'download',
  'GET /b2b/client_export': 'download',
  'GET /b2b/sr_export': 'download',
  'GET /b2b/report_export': 'download',
  'POST /b2b/report_exports': 'download',
  'GET /b2b/report_exports/:jobId/file': 'download',
  'GET /b2b/commissions/download_statement': 'download',
  'GET /b2b/policy_detail/:id.html': 'download',
  'GET /b2b/policy_detail/:id.pdf': 'download',
  'GET /b2b/service_record_detail/:id.html': 'download',
  'GET /b2b/client_detail/:id.html': 'download',
  'GET /b2b/client_detail/:id.pdf': 'download',
  'GET /b2b/clients/download_document': 'download',
  'GET /b2c/files/provider_statement/:id': 'download',
  'GET /b2c/files/assets_selection/:id': 'download',
  'GET /b2c/files/factsheet/:fundCode': 'download',
  'GET /statement/:id.html': 'download',
  'GET /statement/:id.pdf': 'download',
  'GET /statement/consolidate_statement/:id.html': 'download',
  'GET /statement/consolidate_statement/:id.pdf': 'download',
  'GET /statement/download_monthly_statement': 'download',
  'GET /statement/download_pdf': 'download',
  'GET /statement/download_zip': 'download',
};

/** The public forms API (no session: keyed by address), relative to `{basePath}/api/public/front/operation-procedure`. */
const PUBLIC_FORMS_WORK: Record<string, WorkKind> = {
  'GET /b2c/list': 'list',
  'GET /b2c/document/:formId': 'download',
};

const API_SCOPE = '/:lang/api';
const PUBLIC_FORMS_SCOPE = '/api/public/front/operation-procedure';

/** The work a route does, from its method and URL as registered (HEAD as its GET); undefined: none capped. */
export function workOfRoute(method: string, url: string, basePath: string): WorkKind | undefined {
  const key = method === 'HEAD' ? 'GET' : method;
  for (const [scope, table] of [
    [API_SCOPE, API_WORK],
    [PUBLIC_FORMS_SCOPE, PUBLIC_FORMS_WORK],
  ] as const) {
    const prefix = basePath + scope;
    if (url.startsWith(`${prefix}/`)) return table[`${key} ${url.slice(prefix.length)}`];
  }
  return undefined;
}

/** Every entry of the table as a full URL pattern (the coverage test checks each matches a route). */
export function workTableEntries(basePath: string): { method: string; url: string; kind: WorkKind }[] {
  const entries = (scope: string, table: Record<string, WorkKind>) =>
    Object.entries(table).map(([key, kind]) => {
      const [method = '', path = ''] = key.split(' ');
      return { method, url: basePath + scope + path, kind };
    });
  return [...entries(API_SCOPE, API_WORK), ...entries(PUBLIC_FORMS_SCOPE, PUBLIC_FORMS_WORK)];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The kind of work the route does, from WORK_ROUTES (plugins/user-work-limits.ts); absent: not capped. */
    work?: WorkKind;
  }
}

export interface UserWorkLimitsOptions {
  basePath: string;
  /** Requests one person may have under way at once, per kind (config.userWork). */
  limits: Record<WorkKind, number>;
}

function callerKey(request: FastifyRequest): string {
  const principal = request.principal;
  return principal ? `user:${principal.userId}` : `address:${request.clientIp ?? request.ip}`;
}

export const userWorkLimitsPlugin = fp(
  async (app: FastifyInstance, { basePath, limits }: UserWorkLimitsOptions) => {
    const underWay = new Map<string, number>();
    let refused = 0;
    app.decorate('userWorkLimits', {
      underWay: (kind: WorkKind, key: string) => underWay.get(`${kind} ${key}`) ?? 0,
      get refused() {
        return refused;
      },
    });

    const capFor = (kind: WorkKind) => {
      const limit = limits[kind];
      // A callback hook: it waits for nothing.
      return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
        const owner = callerKey(request);
        const key = `${kind} ${owner}`;
        const current = underWay.get(key) ?? 0;
        if (current >= limit) {
          refused++;
          reply.header('retry-after', String(USER_WORK_RETRY_AFTER_SECONDS));
          replyError(request, reply, 429, 'errors.tooManyAtOnce', { limit });
          return;
        }
        underWay.set(key, current + 1);
        reply.raw.once('close', () => {
          const left = (underWay.get(key) ?? 1) - 1;
          if (left > 0) underWay.set(key, left);
          else underWay.delete(key);
        });
        // The handler runs inside done(): its database work is this person's, and lanes share out by it.
        runAsOwner(owner, done);
      };
    };
    const caps = { list: capFor('list'), preview: capFor('preview'), download: capFor('download') };

    app.addHook('onRoute', (route) => {
      const method = [route.method].flat()[0] ?? '';
      const kind = workOfRoute(method, route.url, basePath);
      if (!kind) return;
      route.config = { ...route.config, work: kind };
      // After the route's own preHandlers (and every onRequest guard): the caller is known and admitted.
      route.preHandler = [...[route.preHandler ?? []].flat(), caps[kind]];
    });
  },
  { name: 'user-work-limits', dependencies: ['request-context', 'error-handler'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Figures of the per-person caps, for tests and logs. */
    userWorkLimits: { underWay(kind: WorkKind, key: string): number; readonly refused: number };
  }
}
