import {
  API_ROUTES,
  documentTreeSchema,
  downloadDocumentQuerySchema,
  idParamsSchema,
  listDocumentQuerySchema,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendStoredFile } from '../../files/send-file.js';
import { requireProducer } from '../../plugins/auth-guards.js';
import { detailHtml } from '../../render/detail-html.js';
import type { DetailDocument } from '../../render/detail-model.js';
import { sendRenderedPdf } from '../../render-pool/http.js';
import type { ModuleOptions } from '../module-options.js';
import { loadClientDetail } from './client-detail.js';
import { listClientDocuments, openClientDocument } from './client-documents.js';
import { type DetailsContext, requesterOf } from './context.js';
import { loadPolicyDetail } from './policy-detail.js';
import { loadServiceRecordDetail } from './service-record-detail.js';

const routes = API_ROUTES.producerDetails;

/**
 * The producer area's detail modals (policy detail, service record, client detail) as HTML fragments and PDFs, and
 * the client documents tree with its downloads (docs/producer/details.md). Every route: producers only, the record's
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

  const sendHtml = (reply: FastifyReply, doc: DetailDocument) =>
    reply.header('content-type', 'text/html; charset=utf-8').send(detailHtml(doc));

  /** Renders a detail PDF in the render pool (the caller's render cap applies) and sends it as a download. */
  const sendPdf = (request: FastifyRequest, reply: FastifyReply, doc: DetailDocument, fileName: string) =>
    sendRenderedPdf(renderPool, request, reply, { kind: 'detail-pdf', doc }, fileName);

  app.get(routes.policyHtml.path, { schema: { tags, params: idParamsSchema } }, async (request, reply) => {
    const { doc } = await loadPolicyDetail(ctx, requesterOf(request), request.params.id);
    return sendHtml(reply, doc);
  });
  app.get(routes.policyPdf.path, { schema: { tags, params: idParamsSchema } }, async (request, reply) => {
    const { doc, fileName } = await loadPolicyDetail(ctx, requesterOf(request), request.params.id);
    return sendPdf(request, reply, doc, fileName);
  });

  app.get(
    routes.serviceRecordHtml.path,
    { schema: { tags, params: idParamsSchema } },
    async (request, reply) =>
      sendHtml(reply, await loadServiceRecordDetail(ctx, requesterOf(request), request.params.id)),
  );

  app.get(routes.clientHtml.path, { schema: { tags, params: idParamsSchema } }, async (request, reply) => {
    const { doc } = await loadClientDetail(ctx, requesterOf(request), request.params.id, {
      withPerformance: false,
    });
    return sendHtml(reply, doc);
  });
  app.get(routes.clientPdf.path, { schema: { tags, params: idParamsSchema } }, async (request, reply) => {
    const { doc, fileName } = await loadClientDetail(ctx, requesterOf(request), request.params.id, {
      withPerformance: true,
    });
    return sendPdf(request, reply, doc, fileName);
  });

  app.get(
    routes.clientDocuments.path,
    { schema: { tags, querystring: listDocumentQuerySchema, response: { 200: documentTreeSchema } } },
    (request) => listClientDocuments(ctx, requesterOf(request), request.query.account_no),
  );
  app.get(
    routes.clientDocumentDownload.path,
    { schema: { tags, querystring: downloadDocumentQuerySchema } },
    async (request, reply) => {
      const { account_no: accountNo, file: nodeId } = request.query;
      const { file, fileName } = await openClientDocument(ctx, requesterOf(request), accountNo, nodeId);
      return sendStoredFile(reply, file, fileName, 'attachment');
    },
  );
};
