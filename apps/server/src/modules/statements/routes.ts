import type { Readable } from 'node:stream';
import {
  consolidatedStatementQuerySchema,
  monthlyStatementDownloadQuerySchema,
  partyIdParamsSchema,
  statementBundleQuerySchema,
  statementIdParamsSchema,
  statementPolicyListSchema,
  statementQuerySchema,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../files/send-file.js';
import { principalAs, requireClient } from '../../plugins/auth-guards.js';
import { statementHtml } from '../../render/statement-html.js';
import { abandonedSignal, renderForRequest, renderOwner, sendHeadersOnly } from '../../render-pool/http.js';
import type { ModuleOptions } from '../module-options.js';
import type { StatementRequester, StatementsContext } from './context.js';
import {
  type BundleRequest,
  bundlePdfName,
  bundleZipName,
  planBundle,
  renderBundlePdf,
  streamBundleZip,
} from './download-statements.js';
import { getPolicyList } from './get-policy-list.js';
import {
  buildPlanned,
  loadStatement,
  type PlannedStatement,
  plannedFileName,
  planStatement,
  statementsPdf,
} from './view-statement.js';

const requesterOf = (request: FastifyRequest): StatementRequester => {
  const { clientId, siteCode } = principalAs(request, 'client');
  return { clientId, siteCode, language: request.language };
};

function sendHtml(reply: FastifyReply, html: string) {
  return reply.header('content-type', 'text/html; charset=utf-8').send(html);
}

function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string, kind: 'inline' | 'attachment') {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-length', String(pdf.length))
    .header('content-disposition', contentDisposition(kind, fileName))
    .send(pdf);
}

/**
 * Monthly and consolidated statements (spec 1 §7), client view. The language of the statement is the URL's; only
 * the last six full months are served. Producer views of statements belong to the producer-area issue.
 */
export const statementRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { config, db, now, renderPool },
) => {
  const ctx: StatementsContext = { db, config, now: now ?? (() => new Date()), renderPool };
  const tags = ['statements'];
  // Guard before validation: hosts without the client area and non-clients learn nothing about inputs.
  app.addHook('onRequest', requireClient);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/statement/policy_list/:partyId',
    { schema: { tags, params: partyIdParamsSchema, response: { 200: statementPolicyListSchema } } },
    (request) => getPolicyList(ctx, requesterOf(request), request.params.partyId),
  );

  app.get(
    '/statement/:id.html',
    { schema: { tags, params: statementIdParamsSchema, querystring: statementQuerySchema } },
    async (request, reply) => {
      const doc = await loadStatement(ctx, requesterOf(request), request.params.id, request.query);
      return sendHtml(reply, statementHtml(doc));
    },
  );
  /**
   * One statement as a PDF (GET), or its headers only (HEAD): the access check runs in both, rendering only in GET,
   * in the render pool, within the requester's concurrent-render cap.
   */
  const statementPdf = async (request: FastifyRequest, reply: FastifyReply, planned: PlannedStatement) => {
    const fileName = plannedFileName(planned);
    if (request.method === 'HEAD')
      return sendHeadersOnly(reply, 'application/pdf', contentDisposition('inline', fileName));
    const pdf = await renderForRequest(renderPool, request, reply, async (signal) =>
      statementsPdf(ctx, [await buildPlanned(ctx, requesterOf(request), planned)], signal),
    );
    return sendPdf(reply, pdf, fileName, 'inline');
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: '/statement/:id.pdf',
    schema: { tags, params: statementIdParamsSchema, querystring: statementQuerySchema },
    handler: async (request, reply) => {
      const planned = await planStatement(ctx, requesterOf(request), request.params.id, request.query);
      return statementPdf(request, reply, planned);
    },
  });

  app.get(
    '/statement/consolidate_statement/:id.html',
    { schema: { tags, params: statementIdParamsSchema, querystring: consolidatedStatementQuerySchema } },
    async (request, reply) => {
      const { month, selected_currency: currency } = request.query;
      const doc = await loadStatement(ctx, requesterOf(request), request.params.id, { month, currency });
      return sendHtml(reply, statementHtml(doc));
    },
  );
  app.route({
    method: ['GET', 'HEAD'],
    url: '/statement/consolidate_statement/:id.pdf',
    schema: { tags, params: statementIdParamsSchema, querystring: consolidatedStatementQuerySchema },
    handler: async (request, reply) => {
      const { month, selected_currency: currency } = request.query;
      const who = requesterOf(request);
      const planned = await planStatement(ctx, who, request.params.id, { month, currency });
      return statementPdf(request, reply, planned);
    },
  });

  /** Several statements in one PDF (GET), or its headers only (HEAD). */
  const bundlePdf = async (request: FastifyRequest, reply: FastifyReply, bundle: BundleRequest) => {
    const who = requesterOf(request);
    const planned = await planBundle(ctx, who, bundle);
    const fileName = bundlePdfName(planned, bundle);
    if (request.method === 'HEAD')
      return sendHeadersOnly(reply, 'application/pdf', contentDisposition('attachment', fileName));
    const pdf = await renderForRequest(renderPool, request, reply, (signal) =>
      renderBundlePdf(ctx, who, planned, signal),
    );
    return sendPdf(reply, pdf, fileName, 'attachment');
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: '/statement/download_monthly_statement',
    schema: { tags, querystring: monthlyStatementDownloadQuerySchema },
    handler: (request, reply) => {
      const { month, party_id: partyId, selected_currency: currency } = request.query;
      return bundlePdf(request, reply, { partyIds: String(partyId), month, currency });
    },
  });
  app.route({
    method: ['GET', 'HEAD'],
    url: '/statement/download_pdf',
    schema: { tags, querystring: statementBundleQuerySchema },
    handler: (request, reply) => {
      const { party_ids: partyIds, month, selected_currency: currency } = request.query;
      return bundlePdf(request, reply, { partyIds, month, currency });
    },
  });
  /**
   * One PDF per account in a streamed ZIP. The requester's render slot is held until the archive is complete or
   * abandoned; leaving stops the remaining entries.
   */
  app.route({
    method: ['GET', 'HEAD'],
    url: '/statement/download_zip',
    schema: { tags, querystring: statementBundleQuerySchema },
    handler: async (request, reply) => {
      const { party_ids: partyIds, month, selected_currency: currency } = request.query;
      const bundle = { partyIds, month, currency };
      const who = requesterOf(request);
      const planned = await planBundle(ctx, who, bundle);
      const disposition = contentDisposition('attachment', bundleZipName(bundle));
      if (request.method === 'HEAD') return sendHeadersOnly(reply, 'application/zip', disposition);
      const reservation = renderPool.reserve(renderOwner(request));
      reply.raw.once('close', reservation.release);
      let stream: Readable;
      try {
        stream = await streamBundleZip(ctx, who, planned, abandonedSignal(reply), (error) =>
          request.log.error({ err: error }, 'statement ZIP failed while streaming'),
        );
      } catch (error) {
        reservation.release();
        throw error;
      }
      stream.once('close', reservation.release);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', disposition)
        .send(stream);
    },
  });
};
