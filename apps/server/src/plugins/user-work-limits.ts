import {
  API_ROUTES,
  type ApiRoute,
  PUBLIC_FORMS_PREFIX,
  PUBLIC_FORMS_ROUTES,
  routeKey,
} from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import type { WorkKind } from '../config.js';
import { runAsOwner } from '../db/lane.js';
import { replyError } from './errors.js';
import { WorkAdmission, WorkQueueTimeoutError } from './work-admission.js';

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

export type { WorkKind };

/** Work kinds keyed `METHOD /path` (routeKey), the path as the contract's table spells it. */
function workTable(entries: [ApiRoute, WorkKind][]): Record<string, WorkKind> {
  return Object.fromEntries(entries.map(([route, kind]) => [routeKey(route), kind]));
}

/** Seconds a refused caller is asked to wait: a list or a preview is done in about that time. */
export const USER_WORK_RETRY_AFTER_SECONDS = 1;

const { producerLists, producerTeam, producerDetails, clientArea, forms, statements, commissions, reports } =
  API_ROUTES;

/** The work of the API's routes (under `{basePath}/:lang/api`), HEAD counted as its GET. */
const API_WORK = workTable([
  // Lists and searches over the caller's data.
  [producerLists.newBusiness, 'list'],
  [producerLists.clients, 'list'],
  [producerLists.serviceRecords, 'list'],
  [producerLists.requirements, 'list'],
  [producerTeam.search, 'list'],
  [producerTeam.subtree, 'list'],
  [producerDetails.clientDocuments, 'list'],
  [commissions.list, 'list'],
  [clientArea.plans, 'list'],
  [clientArea.messages, 'list'],
  [forms.planForms, 'list'],
  [statements.policyList, 'list'],
  [API_ROUTES.performance.client, 'list'],
  [API_ROUTES.performance.producerClient, 'list'],
  [API_ROUTES.internalRevenues.search, 'list'],
  // Conversations: the list, the thread, the badge's count, and the writes (a message may carry 50 MB of files).
  [API_ROUTES.conversations.list, 'list'],
  [API_ROUTES.conversations.unreadCount, 'list'],
  [API_ROUTES.conversations.detail, 'list'],
  [API_ROUTES.conversations.start, 'list'],
  [API_ROUTES.conversations.send, 'list'],
  [API_ROUTES.conversations.retract, 'list'],
  [API_ROUTES.notifications.list, 'list'],
  [API_ROUTES.notifications.deliveries, 'list'],
  [API_ROUTES.notifications.deliveryLog, 'list'],
  [API_ROUTES.auth.recoveryAccount, 'list'],
  [API_ROUTES.auth.recoveryEndSessions, 'list'],
  [API_ROUTES.auth.recoveryResetFactors, 'list'],
  // Cases: the producer home (a team's pipeline), checklists, the client's tracker, the staff queue, and the writes.
  [API_ROUTES.cases.home, 'list'],
  [API_ROUTES.cases.requirements, 'list'],
  [API_ROUTES.cases.remind, 'list'],
  [API_ROUTES.cases.decide, 'list'],
  [API_ROUTES.cases.changeStage, 'list'],
  [API_ROUTES.cases.clientApplications, 'list'],
  [API_ROUTES.cases.clientUpload, 'preview'],
  [API_ROUTES.cases.reviewQueue, 'list'],
  [API_ROUTES.cases.staffCase, 'list'],
  [API_ROUTES.cases.document, 'download'],
  [API_ROUTES.commissionLedger.ledger, 'list'],
  [API_ROUTES.commissionLedger.clawbackExposure, 'list'],
  [API_ROUTES.commissionReconciliation.disputes, 'list'],
  [API_ROUTES.commissionReconciliation.importLines, 'list'],
  // A statement's preview parses and matches a whole file; its posting writes every matched line.
  [API_ROUTES.commissionReconciliation.createImport, 'preview'],
  [API_ROUTES.commissionReconciliation.postImport, 'preview'],
  // Report previews: the heaviest statements, over a whole team.
  [reports.preview, 'preview'],
  // Exports and documents.
  [producerLists.newBusinessExport, 'download'],
  [producerLists.clientExport, 'download'],
  [producerLists.serviceRecordExport, 'download'],
  [producerLists.requirementExport, 'download'],
  [reports.export, 'download'],
  [reports.startExportJob, 'download'],
  [reports.exportJobFile, 'download'],
  [commissions.download, 'download'],
  [API_ROUTES.commissionLedger.ledgerExport, 'download'],
  [producerDetails.policyHtml, 'download'],
  [producerDetails.policyPdf, 'download'],
  [producerDetails.serviceRecordHtml, 'download'],
  [producerDetails.clientHtml, 'download'],
  [producerDetails.clientPdf, 'download'],
  [producerDetails.clientDocumentDownload, 'download'],
  [clientArea.providerStatementFile, 'download'],
  [clientArea.assetsSelectionFile, 'download'],
  [clientArea.factsheetFile, 'download'],
  [API_ROUTES.conversations.attachment, 'download'],
  [statements.providerStatement, 'download'],
  [statements.html, 'download'],
  [statements.pdf, 'download'],
  [statements.consolidatedHtml, 'download'],
  [statements.consolidatedPdf, 'download'],
  [statements.monthlyDownload, 'download'],
  [statements.bundlePdf, 'download'],
  [statements.bundleZip, 'download'],
]);

/** The public forms API (no session: keyed by address), under `{basePath}{PUBLIC_FORMS_PREFIX}`. */
const PUBLIC_FORMS_WORK = workTable([
  [PUBLIC_FORMS_ROUTES.list, 'list'],
  [PUBLIC_FORMS_ROUTES.document, 'download'],
]);

const API_SCOPE = '/:lang/api';
const PUBLIC_FORMS_SCOPE = PUBLIC_FORMS_PREFIX;

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
  /**
   * Lists and previews that run at once in this process, shared out among the people asking (work-admission.ts;
   * config.workAdmission). Downloads are not admitted here: the render pool and the export threads share their own
   * work out fairly, and a download holds its request open while its bytes go out.
   */
  admission: { slots: number; waitMs: number; activeWindowMs: number };
}

/** Seconds a request that found no turn to run is asked to wait. */
const ADMISSION_RETRY_AFTER_SECONDS = 1;

function callerKey(request: FastifyRequest): string {
  const principal = request.principal;
  return principal ? `user:${principal.userId}` : `address:${request.clientIp ?? request.ip}`;
}

export const userWorkLimitsPlugin = fp(
  async (app: FastifyInstance, { basePath, limits, admission: admissionOptions }: UserWorkLimitsOptions) => {
    const underWay = new Map<string, number>();
    const admission = new WorkAdmission(admissionOptions);
    let refused = 0;
    app.decorate('userWorkLimits', {
      underWay: (kind: WorkKind, key: string) => underWay.get(`${kind} ${key}`) ?? 0,
      admission: () => admission.stats,
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
        let finish: (() => void) | undefined;
        let closed = false;
        reply.raw.once('close', () => {
          closed = true;
          finish?.();
          const left = (underWay.get(key) ?? 1) - 1;
          if (left > 0) underWay.set(key, left);
          else underWay.delete(key);
        });
        // The handler runs inside done(): its database work is this person's, and lanes share out by it.
        if (kind === 'download') return runAsOwner(owner, done);
        admission.admit(owner).then(
          (release) => {
            // The caller went away while waiting: hand the turn straight on.
            if (closed) return release();
            finish = release;
            runAsOwner(owner, done);
          },
          (error: unknown) => {
            if (!(error instanceof WorkQueueTimeoutError)) return done(error as Error);
            request.log.warn('no turn to run a list or preview in time; answered 503');
            reply.header('retry-after', String(ADMISSION_RETRY_AFTER_SECONDS));
            replyError(request, reply, 503, 'errors.overloaded');
          },
        );
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
    userWorkLimits: {
      underWay(kind: WorkKind, key: string): number;
      readonly refused: number;
      admission(): { running: number; waiting: number; asking: number };
    };
  }
}
