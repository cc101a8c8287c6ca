import {
  API_ROUTES,
  commissionDownloadQuerySchema,
  commissionListParamsSchema,
  commissionStatementListSchema,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaEnabled } from '../../plugins/auth-guards.js';
import { sendRenderedPdf } from '../../render-pool/http.js';
import type { ModuleOptions } from '../module-options.js';
import { statementFirmOf } from '../statements/index.js';
import { CommissionRefusal, type CommissionsContext, requesterOf } from './context.js';
import { listStatements } from './list-statements.js';
import { loadStatementContent, statementDocument } from './statement-document.js';

const routes = API_ROUTES.commissions;

const refuse = (
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  key: CommissionRefusal['messageKey'],
) => reply.code(status).send({ errors: { base: [request.t(key)] } });

/**
 * Commission statements (/b2b/commissions, docs/producer/commissions.md): the list of issued statements per month and
 * region, and each statement as a PDF rendered from the producer's pay-out records (decision 023). Producers with the
 * commission permission only; the producer asked for must be the caller or in their subtree. Refusals answer
 * `{ errors: { base: [message] } }` (the original front end reads commission failures from an errors object).
 */
export const commissionRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { db, now, renderPool },
) => {
  const ctx: CommissionsContext = { db, now: now ?? (() => new Date()), renderPool };
  const tags = ['commissions'];

  // Guard before validation: hosts without the b2b area, anonymous callers, clients and staff learn nothing.
  app.addHook('onRequest', async (request, reply) => {
    if (!areaEnabled(request, 'producer')) return refuse(request, reply, 404, 'errors.notFound');
    if (!request.principal) return refuse(request, reply, 401, 'errors.unauthorized');
    if (request.principal.kind !== 'producer') return refuse(request, reply, 403, 'errors.forbidden');
  });
  // Only this module's routes: its refusals keep the errors shape the original front end expects; anything else goes to
  // the app's handler.
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof CommissionRefusal) return refuse(request, reply, error.statusCode, error.messageKey);
    throw error;
  });

  app.get(
    routes.list.path,
    {
      schema: { tags, params: commissionListParamsSchema, response: { 200: commissionStatementListSchema } },
    },
    (request) => listStatements(ctx, requesterOf(request), request.params.producerId),
  );

  app.get(
    routes.download.path,
    { schema: { tags, querystring: commissionDownloadQuerySchema } },
    async (request, reply) => {
      const who = requesterOf(request);
      const content = await loadStatementContent(ctx, who, request.query);
      const firm = statementFirmOf(app.siteCache, who.caller.siteCode);
      const { doc, fileName } = statementDocument(who, content, ctx.now(), firm);
      return sendRenderedPdf(renderPool, request, reply, { kind: 'commission-statement-pdf', doc }, fileName);
    },
  );
};
