import {
  commissionDownloadQuerySchema,
  commissionListParamsSchema,
  commissionStatementListSchema,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../files/send-file.js';
import { areaEnabled } from '../../plugins/auth-guards.js';
import { HttpError } from '../../plugins/errors.js';
import { renderForRequest } from '../../render-pool/http.js';
import { RenderUnavailableError } from '../../render-pool/pool.js';
import type { ModuleOptions } from '../module-options.js';
import { statementFirmOf } from '../statements/statement-firm.js';
import { CommissionRefusal, type CommissionsContext, requesterOf } from './context.js';
import { listStatements } from './list-statements.js';
import { loadStatementContent, statementDocument } from './statement-document.js';

const refuse = (
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  key: CommissionRefusal['messageKey'],
) => reply.code(status).send({ errors: { base: [request.t(key)] } });

/**
 * Commission statements (spec 1 §2 /b2b/commissions, §7): the list of issued statements per month and region, and
 * each statement as a PDF rendered from the producer's pay-out records (decision 023). Producers with the
 * commission permission only; the producer asked for must be the caller or in their subtree. Refusals answer
 * `{ errors: { base: [message] } }` (the spec's commission answers carry an errors object).
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
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  // Only this module's routes: its refusals keep the spec's errors shape; anything else goes to the app's handler.
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof CommissionRefusal) return refuse(request, reply, error.statusCode, error.messageKey);
    throw error;
  });

  app.get(
    '/b2b/commissions/list_statement/:producerId',
    {
      schema: { tags, params: commissionListParamsSchema, response: { 200: commissionStatementListSchema } },
    },
    (request) => listStatements(ctx, requesterOf(request), request.params.producerId),
  );

  app.get(
    '/b2b/commissions/download_statement',
    { schema: { tags, querystring: commissionDownloadQuerySchema } },
    async (request, reply) => {
      const who = requesterOf(request);
      const content = await loadStatementContent(ctx, who, request.query);
      const firm = statementFirmOf(app.siteCache, who.caller.siteCode);
      const { doc, fileName } = statementDocument(who, content, ctx.now(), firm);
      const pdf = await renderForRequest(renderPool, request, reply, async (signal) => {
        try {
          return await renderPool.run({ kind: 'commission-statement-pdf', doc }, signal);
        } catch (error) {
          if (error instanceof RenderUnavailableError) throw new HttpError(503, 'statements.pdfUnavailable');
          throw error;
        }
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(pdf.length))
        .header('content-disposition', contentDisposition('attachment', fileName))
        .send(pdf);
    },
  );
};
