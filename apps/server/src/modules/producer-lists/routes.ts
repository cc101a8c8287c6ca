import {
  API_ROUTES,
  clientList,
  followupTypeListSchema,
  newBusinessList,
  requirementList,
  serviceRecordList,
  siteCapabilities,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ProducerCaller } from '../../db/team-scope.js';
import { principalAs, requireProducer } from '../../plugins/auth-guards.js';
import { hotRouteSerializer } from '../../plugins/compiled-serializer.js';
import { replyError } from '../../plugins/errors.js';
import type { ModuleOptions } from '../module-options.js';
import { clientServerList } from './client-list.js';
import { exportProducerList } from './export-list.js';
import { listFollowupTypes } from './list-followup-types.js';
import { newBusinessServerList } from './new-business-list.js';
import { requirementServerList } from './requirement-list.js';
import { type ProducerListsContext, searchProducerList } from './search-list.js';
import { serviceRecordServerList } from './service-record-list.js';

const routes = API_ROUTES.producerLists;

/** onRequest: 404 for the Service Records API where the site has none (its capabilities), before any sign-in check. */
export async function requireServiceRecordsArea(request: FastifyRequest, reply: FastifyReply) {
  if (!siteCapabilities(request.site.code).has('serviceRecords')) {
    return replyError(request, reply, 404, 'errors.notFound');
  }
}

const callerOf = (request: FastifyRequest): ProducerCaller => {
  const { userId, producerId, siteCode } = principalAs(request, 'producer');
  return { userId, producerId, siteCode };
};

/**
 * Producer lists (docs/producer/lists.md): New Business, Service Records and Clients searches, and the follow-up type
 * options. Producer only (requireProducer: 404 without a b2b area, 401 anonymous, 403 clients and staff), guarded
 * before the criteria are validated so a caller without access learns nothing about accepted inputs. Criteria are the
 * contract's schemas: anything malformed is a 400 with field errors.
 */
export const producerListRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { db, config, renderPool, queryInBatches, now },
) => {
  const ctx: ProducerListsContext = {
    db,
    exports: { renderPool, queryInBatches, now: now ?? (() => new Date()) },
  };
  const tags = ['producer lists'];
  // The three searches serialise with a compiled serialiser in production (plugins/compiled-serializer.ts).
  const serializerCompiler = hotRouteSerializer(config.responseSerializer);

  await app.register(async (plugin) => {
    const lists = plugin.withTypeProvider<ZodTypeProvider>();
    lists.addHook('onRequest', requireProducer);
    lists.post(
      routes.newBusiness.path,
      {
        schema: { tags, body: newBusinessList.criteria, response: { 200: newBusinessList.response } },
        serializerCompiler,
      },
      (request) =>
        searchProducerList(ctx, callerOf(request), newBusinessServerList, request.body, request.language),
    );
    lists.post(
      routes.clients.path,
      {
        schema: { tags, body: clientList.criteria, response: { 200: clientList.response } },
        serializerCompiler,
      },
      (request) =>
        searchProducerList(ctx, callerOf(request), clientServerList, request.body, request.language),
    );
    lists.post(
      routes.requirements.path,
      {
        schema: { tags, body: requirementList.criteria, response: { 200: requirementList.response } },
        serializerCompiler,
      },
      (request) =>
        searchProducerList(ctx, callerOf(request), requirementServerList, request.body, request.language),
    );
    lists.get(
      routes.requirementExport.path,
      { schema: { tags, querystring: requirementList.criteria } },
      (request, reply) =>
        exportProducerList(
          ctx,
          callerOf(request),
          requirementServerList,
          request.query,
          request.language,
          request,
          reply,
        ),
    );
    lists.get(
      routes.newBusinessExport.path,
      { schema: { tags, querystring: newBusinessList.criteria } },
      (request, reply) =>
        exportProducerList(
          ctx,
          callerOf(request),
          newBusinessServerList,
          request.query,
          request.language,
          request,
          reply,
        ),
    );
    lists.get(
      routes.clientExport.path,
      { schema: { tags, querystring: clientList.criteria } },
      (request, reply) =>
        exportProducerList(
          ctx,
          callerOf(request),
          clientServerList,
          request.query,
          request.language,
          request,
          reply,
        ),
    );
  });

  await app.register(async (plugin) => {
    const records = plugin.withTypeProvider<ZodTypeProvider>();
    records.addHook('onRequest', requireServiceRecordsArea);
    records.addHook('onRequest', requireProducer);
    records.post(
      routes.serviceRecords.path,
      {
        schema: { tags, body: serviceRecordList.criteria, response: { 200: serviceRecordList.response } },
        serializerCompiler,
      },
      (request) =>
        searchProducerList(ctx, callerOf(request), serviceRecordServerList, request.body, request.language),
    );
    records.get(
      routes.followupTypes.path,
      { schema: { tags, response: { 200: followupTypeListSchema } } },
      (request) => listFollowupTypes(ctx, request.language),
    );
    records.get(
      routes.serviceRecordExport.path,
      { schema: { tags, querystring: serviceRecordList.criteria } },
      (request, reply) =>
        exportProducerList(
          ctx,
          callerOf(request),
          serviceRecordServerList,
          request.query,
          request.language,
          request,
          reply,
        ),
    );
  });
};
