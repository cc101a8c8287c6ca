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
import type { ModuleOptions } from '../module-options.js';
import type { StatementRequester, StatementsContext } from './context.js';
import { downloadStatementsPdf, downloadStatementsZip } from './download-statements.js';
import { getPolicyList } from './get-policy-list.js';
import { loadStatement, statementFileName, statementsPdf } from './view-statement.js';

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
export const statementRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { config, db, now }) => {
  const ctx: StatementsContext = { db, config, now: now ?? (() => new Date()) };
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
  app.get(
    '/statement/:id.pdf',
    { schema: { tags, params: statementIdParamsSchema, querystring: statementQuerySchema } },
    async (request, reply) => {
      const doc = await loadStatement(ctx, requesterOf(request), request.params.id, request.query);
      return sendPdf(reply, await statementsPdf(ctx, [doc]), statementFileName(doc), 'inline');
    },
  );

  app.get(
    '/statement/consolidate_statement/:id.html',
    { schema: { tags, params: statementIdParamsSchema, querystring: consolidatedStatementQuerySchema } },
    async (request, reply) => {
      const { month, selected_currency: currency } = request.query;
      const doc = await loadStatement(ctx, requesterOf(request), request.params.id, { month, currency });
      return sendHtml(reply, statementHtml(doc));
    },
  );
  app.get(
    '/statement/consolidate_statement/:id.pdf',
    { schema: { tags, params: statementIdParamsSchema, querystring: consolidatedStatementQuerySchema } },
    async (request, reply) => {
      const { month, selected_currency: currency } = request.query;
      const doc = await loadStatement(ctx, requesterOf(request), request.params.id, { month, currency });
      return sendPdf(reply, await statementsPdf(ctx, [doc]), statementFileName(doc), 'inline');
    },
  );

  app.get(
    '/statement/download_monthly_statement',
    { schema: { tags, querystring: monthlyStatementDownloadQuerySchema } },
    async (request, reply) => {
      const { month, party_id: partyId, selected_currency: currency } = request.query;
      const { pdf, fileName } = await downloadStatementsPdf(ctx, requesterOf(request), {
        partyIds: String(partyId),
        month,
        currency,
      });
      return sendPdf(reply, pdf, fileName, 'attachment');
    },
  );
  app.get(
    '/statement/download_pdf',
    { schema: { tags, querystring: statementBundleQuerySchema } },
    async (request, reply) => {
      const { party_ids: partyIds, month, selected_currency: currency } = request.query;
      const { pdf, fileName } = await downloadStatementsPdf(ctx, requesterOf(request), {
        partyIds,
        month,
        currency,
      });
      return sendPdf(reply, pdf, fileName, 'attachment');
    },
  );
  app.get(
    '/statement/download_zip',
    { schema: { tags, querystring: statementBundleQuerySchema } },
    async (request, reply) => {
      const { party_ids: partyIds, month, selected_currency: currency } = request.query;
      const { stream, fileName } = await downloadStatementsZip(
        ctx,
        requesterOf(request),
        { partyIds, month, currency },
        (error) => request.log.error({ err: error }, 'statement ZIP failed while streaming'),
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', fileName))
        .send(stream);
    },
  );
};
