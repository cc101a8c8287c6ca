import {
  documentTreeSchema,
  downloadDocumentQuerySchema,
  idParamsSchema,
  listDocumentQuerySchema,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition, sendStoredFile } from '../../files/send-file.js';
import { requireProducer } from '../../plugins/auth-guards.js';
import { HttpError } from '../../plugins/errors.js';
import { detailHtml } from '../../render/detail-html.js';
import type { DetailDocument } from '../../render/detail-model.js';
import { renderForRequest } from '../../render-pool/http.js';
import { RenderUnavailableError } from '../../render-pool/pool.js';
import type { ModuleOptions } from '../module-options.js';
import { loadClientDetail } from './client-detail.js';
import { listClientDocuments, openClientDocument } from './client-documents.js';
import { type DetailsContext, requesterOf } from './context.js';
import { loadPolicyDetail } from './policy-detail.js';
import { loadServiceRecordDetail } from './service-record-detail.js';

/**
 * The producer area's detail modals (policy detail, service record, client detail) as HTML fragments and PDFs, and
 * the client documents tree with its downloads (spec 1 §2 "Modals", §7). Every route: producers only, the record's
 * producer in the caller's subtree (else 404 like a missing id), team views audited.
 */
export const producerDetailsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { config, db, now, renderPool },
) => {
  const ctx: DetailsContext = { db, config, now: now ?? (() => new Date()), renderPool };
  const tags = ['producer details'];
  // Guard before validation: hosts without the b2b area, anonymous callers, clients and staff learn nothing.
  app.addHook('onRequest', requireProducer);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  const sendHtml = (reply: FastifyReply, doc: DetailDocument) =>
    reply.header('content-type', 'text/html; charset=utf-8').send(detailHtml(doc));

  /** Renders a detail PDF in the render pool (the caller's render cap applies) and sends it as a download. */
  const sendPdf = async (
    request: FastifyRequest,
    reply: FastifyReply,
    doc: DetailDocument,
    fileName: string,
  ) => {
    const pdf = await renderForRequest(renderPool, request, reply, async (signal) => {
      try {
        return await renderPool.run({ kind: 'detail-pdf', doc }, signal);
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
  };

  app.get(
    '/b2b/policy_detail/:id.html',
    { schema: { tags, params: idParamsSchema } },
    async (request, reply) => {
      const { doc } = await loadPolicyDetail(ctx, requesterOf(request), request.params.id);
      return sendHtml(reply, doc);
    },
  );
  app.get(
    '/b2b/policy_detail/:id.pdf',
    { schema: { tags, params: idParamsSchema } },
    async (request, reply) => {
      const { doc, fileName } = await loadPolicyDetail(ctx, requesterOf(request), request.params.id);
      return sendPdf(request, reply, doc, fileName);
    },
  );

  app.get(
    '/b2b/service_record_detail/:id.html',
    { schema: { tags, params: idParamsSchema } },
    async (request, reply) =>
      sendHtml(reply, await loadServiceRecordDetail(ctx, requesterOf(request), request.params.id)),
  );

  app.get(
    '/b2b/client_detail/:id.html',
    { schema: { tags, params: idParamsSchema } },
    async (request, reply) => {
      const { doc } = await loadClientDetail(ctx, requesterOf(request), request.params.id);
      return sendHtml(reply, doc);
    },
  );
  app.get(
    '/b2b/client_detail/:id.pdf',
    { schema: { tags, params: idParamsSchema } },
    async (request, reply) => {
      const { doc, fileName } = await loadClientDetail(ctx, requesterOf(request), request.params.id);
      return sendPdf(request, reply, doc, fileName);
    },
  );

  app.get(
    '/b2b/clients/list_document',
    { schema: { tags, querystring: listDocumentQuerySchema, response: { 200: documentTreeSchema } } },
    (request) => listClientDocuments(ctx, requesterOf(request), request.query.account_no),
  );
  app.get(
    '/b2b/clients/download_document',
    { schema: { tags, querystring: downloadDocumentQuerySchema } },
    async (request, reply) => {
      const { account_no: accountNo, file: nodeId } = request.query;
      const { file, fileName } = await openClientDocument(ctx, requesterOf(request), accountNo, nodeId);
      return sendStoredFile(reply, file, fileName, 'attachment');
    },
  );
};
