import type { Readable } from 'node:stream';
import {
  API_ROUTES,
  consolidatedStatementQuerySchema,
  monthlyStatementDownloadQuerySchema,
  partyIdParamsSchema,
  producerStatementBundleQuerySchema,
  statementIdParamsSchema,
  statementPolicyListSchema,
  statementQuerySchema,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveTeamScope, type TeamScope, type TeamScopeRequest } from '../../db/team-scope.js';
import { createDbFileStore } from '../../files/index.js';
import { contentDisposition, sendStoredFile } from '../../files/send-file.js';
import { principalAs, requireClient, requireProducer } from '../../plugins/auth-guards.js';
import {
  abandonedSignal,
  renderForRequest,
  renderOwner,
  sendHeadersOnly,
  sendPdf,
} from '../../render-pool/http.js';
import type { ModuleOptions } from '../module-options.js';
import type { StatementRequester, StatementsContext } from './context.js';
import { DocumentCache, documentCacheSettings } from './document-cache.js';
import {
  type BundleRequest,
  bundlePdfName,
  bundleZipName,
  planBundle,
  renderBundlePdf,
  streamBundleZip,
} from './download-statements.js';
import { getPolicyList } from './get-policy-list.js';
import { providerStatementOf } from './provider-statement.js';
import {
  type PlannedStatement,
  plannedFileName,
  planStatement,
  type StatementChoice,
  statementHtmlOf,
  statementPdfOf,
} from './view-statement.js';

const routes = API_ROUTES.statements;

/**
 * The requester of a statement route. A producer reads with their whole team (the caller's own scope) unless a
 * bundle names a selected producer and includedTeam (the Clients search it was made from).
 */
const requesterOf = (request: FastifyRequest, scope?: TeamScope): StatementRequester => {
  const { principal, language } = request;
  if (principal?.kind === 'producer') {
    const caller = {
      userId: principal.userId,
      producerId: principal.producerId,
      siteCode: principal.siteCode,
    };
    const producerScope = scope ?? {
      caller,
      producerId: caller.producerId,
      includedTeam: true,
      viewingOther: false,
    };
    return { producerScope, siteCode: principal.siteCode, language };
  }
  const { clientId, siteCode } = principalAs(request, 'client');
  return { clientId, siteCode, language };
};

/**
 * Clients (their own accounts) and producers (the accounts serviced inside their team, docs/producer/details.md) read
 * statements; everyone else gets the client area's answers: 404 where the area is off, 401 anonymous, 403 staff.
 */
const requireStatementReader = (request: FastifyRequest, reply: FastifyReply) =>
  request.principal?.kind === 'producer' ? requireProducer(request, reply) : requireClient(request, reply);

function sendHtml(reply: FastifyReply, html: Buffer) {
  return reply.header('content-type', 'text/html; charset=utf-8').send(html);
}

/**
 * Monthly and consolidated statements (docs/client-area.md), client and producer views. The language of the statement
 * is the URL's; only the last six full months are served.
 */
export const statementRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { config, db, now, renderPool },
) => {
  // One per process: PDFs in the shared table, HTML and remembered keys in memory (decision 025).
  const documents = new DocumentCache(db, documentCacheSettings(), config.pdfFontPath, app.log);
  const ctx: StatementsContext = {
    db,
    config,
    now: now ?? (() => new Date()),
    renderPool,
    documents,
    sites: app.siteCache,
  };
  /** A statement as HTML, after the access check (planStatement) and from the cache when unchanged. */
  const html = async (
    request: FastifyRequest,
    reply: FastifyReply,
    partyId: number,
    choice: StatementChoice,
  ) => {
    const who = requesterOf(request);
    return sendHtml(reply, await statementHtmlOf(ctx, who, await planStatement(ctx, who, partyId, choice)));
  };
  /**
   * A bundle's requester. A producer's bundle carries the Clients search it was made from: its selectedProducerId
   * (404 outside the caller's subtree) and includedTeam narrow the accounts that may be read. Clients send neither.
   */
  const bundleRequesterOf = async (request: FastifyRequest, search: TeamScopeRequest) => {
    const principal = request.principal;
    if (principal?.kind !== 'producer') return requesterOf(request);
    const caller = {
      userId: principal.userId,
      producerId: principal.producerId,
      siteCode: principal.siteCode,
    };
    const { selectedProducerId, includedTeam } = search;
    return requesterOf(request, await resolveTeamScope(db, caller, { selectedProducerId, includedTeam }));
  };
  const tags = ['statements'];
  // Guard before validation: hosts without the client area and non-clients learn nothing about inputs.
  app.addHook('onRequest', requireStatementReader);

  app.get(
    routes.policyList.path,
    { schema: { tags, params: partyIdParamsSchema, response: { 200: statementPolicyListSchema } } },
    (request) => getPolicyList(ctx, requesterOf(request), request.params.partyId),
  );

  const files = createDbFileStore(db);
  app.get(
    routes.providerStatement.path,
    { schema: { tags, params: partyIdParamsSchema } },
    async (request, reply) => {
      const { file, fileName } = await providerStatementOf(
        ctx,
        files,
        requesterOf(request),
        request.params.partyId,
      );
      return sendStoredFile(reply, file, fileName);
    },
  );

  app.get(
    routes.html.path,
    { schema: { tags, params: statementIdParamsSchema, querystring: statementQuerySchema } },
    (request, reply) => html(request, reply, request.params.id, request.query),
  );
  /**
   * One statement as a PDF (GET), or its headers only (HEAD): the access check runs in both, rendering only in GET,
   * in the render pool, within the requester's concurrent-render cap.
   */
  const statementPdf = async (request: FastifyRequest, reply: FastifyReply, planned: PlannedStatement) => {
    const fileName = plannedFileName(planned);
    if (request.method === 'HEAD')
      return sendHeadersOnly(reply, 'application/pdf', contentDisposition('inline', fileName));
    const pdf = await statementPdfOf(ctx, requesterOf(request), planned, (work) =>
      renderForRequest(renderPool, request, reply, work),
    );
    return sendPdf(reply, pdf, fileName, 'inline');
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: routes.pdf.path,
    schema: { tags, params: statementIdParamsSchema, querystring: statementQuerySchema },
    handler: async (request, reply) => {
      const planned = await planStatement(ctx, requesterOf(request), request.params.id, request.query);
      return statementPdf(request, reply, planned);
    },
  });

  app.get(
    routes.consolidatedHtml.path,
    { schema: { tags, params: statementIdParamsSchema, querystring: consolidatedStatementQuerySchema } },
    (request, reply) => {
      const { month, selected_currency: currency } = request.query;
      return html(request, reply, request.params.id, { month, currency });
    },
  );
  app.route({
    method: ['GET', 'HEAD'],
    url: routes.consolidatedPdf.path,
    schema: { tags, params: statementIdParamsSchema, querystring: consolidatedStatementQuerySchema },
    handler: async (request, reply) => {
      const { month, selected_currency: currency } = request.query;
      const who = requesterOf(request);
      const planned = await planStatement(ctx, who, request.params.id, { month, currency });
      return statementPdf(request, reply, planned);
    },
  });

  /** Several statements in one PDF (GET), or its headers only (HEAD). */
  const bundlePdf = async (
    request: FastifyRequest,
    reply: FastifyReply,
    bundle: BundleRequest,
    search: TeamScopeRequest = {},
  ) => {
    const who = await bundleRequesterOf(request, search);
    const planned = await planBundle(ctx, who, bundle);
    const fileName = bundlePdfName(planned);
    if (request.method === 'HEAD')
      return sendHeadersOnly(reply, 'application/pdf', contentDisposition('attachment', fileName));
    const pdf = await renderForRequest(renderPool, request, reply, (signal) =>
      renderBundlePdf(ctx, who, planned, signal),
    );
    return sendPdf(reply, pdf, fileName, 'attachment');
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: routes.monthlyDownload.path,
    schema: { tags, querystring: monthlyStatementDownloadQuerySchema },
    handler: (request, reply) => {
      const { month, party_id: partyId, selected_currency: currency } = request.query;
      return bundlePdf(request, reply, { partyIds: String(partyId), month, currency });
    },
  });
  app.route({
    method: ['GET', 'HEAD'],
    url: routes.bundlePdf.path,
    schema: { tags, querystring: producerStatementBundleQuerySchema },
    handler: (request, reply) => {
      const { party_ids: partyIds, month, selected_currency: currency } = request.query;
      return bundlePdf(request, reply, { partyIds, month, currency }, request.query);
    },
  });
  /**
   * One PDF per account in a streamed ZIP. The requester's render slot is held until the archive is complete or
   * abandoned; leaving stops the remaining entries.
   */
  app.route({
    method: ['GET', 'HEAD'],
    url: routes.bundleZip.path,
    schema: { tags, querystring: producerStatementBundleQuerySchema },
    handler: async (request, reply) => {
      const { party_ids: partyIds, month, selected_currency: currency } = request.query;
      const bundle = { partyIds, month, currency };
      const who = await bundleRequesterOf(request, request.query);
      const planned = await planBundle(ctx, who, bundle);
      const disposition = contentDisposition('attachment', bundleZipName(planned));
      if (request.method === 'HEAD') return sendHeadersOnly(reply, 'application/zip', disposition);
      const owner = renderOwner(request);
      const reservation = await renderPool.reserve(owner);
      reply.raw.once('close', reservation.release);
      let stream: Readable;
      try {
        // Its entries, rendered while the archive streams, wait in the requester's turn.
        stream = await renderPool.asOwner(owner, () =>
          streamBundleZip(ctx, who, planned, abandonedSignal(reply), (error) =>
            request.log.error({ err: error }, 'statement ZIP failed while streaming'),
          ),
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
