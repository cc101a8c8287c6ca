import {
  API_ROUTES,
  producerIdParamsSchema,
  producerProfileSchema,
  subtreeQuerySchema,
  subtreeResponseSchema,
  teamSearchQuerySchema,
  teamSearchResponseSchema,
  treeNodeQuerySchema,
  treeNodesResponseSchema,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProducerCaller } from '../../db/team-scope.js';
import { principalAs, requireProducer } from '../../plugins/auth-guards.js';
import type { ModuleOptions } from '../module-options.js';
import { getProducerProfile } from './get-producer-profile.js';
import { searchTeam } from './search-team.js';
import { getSubtree, getTreeNodes } from './tree-nodes.js';

const routes = API_ROUTES.producerTeam;

const callerOf = (request: FastifyRequest): ProducerCaller => {
  const { userId, producerId, siteCode } = principalAs(request, 'producer');
  return { userId, producerId, siteCode };
};

/**
 * The producer's team (docs/producer/team-and-profile.md): the lazily loaded team tree, expand-all, search, and
 * producer profiles. Producers only (requireProducer: 404 on hosts without the producer area, 401 anonymous, 403 other
 * kinds); an id outside the caller's subtree answers 404 like a missing one.
 */
export const producerTeamRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  const tags = ['producer team'];
  // The guard runs before validation: a caller who may not be here learns nothing about which inputs would pass.
  app.addHook('onRequest', requireProducer);

  app.get(
    routes.treeNode.path,
    { schema: { tags, querystring: treeNodeQuerySchema, response: { 200: treeNodesResponseSchema } } },
    (request) => getTreeNodes(db, callerOf(request), request.query, request.t),
  );
  app.get(
    routes.subtree.path,
    { schema: { tags, querystring: subtreeQuerySchema, response: { 200: subtreeResponseSchema } } },
    (request) => getSubtree(db, callerOf(request), request.query.id, request.query.limit),
  );
  app.get(
    routes.search.path,
    { schema: { tags, querystring: teamSearchQuerySchema, response: { 200: teamSearchResponseSchema } } },
    (request) => searchTeam(db, callerOf(request), request.query.q),
  );
  app.get(
    routes.profile.path,
    { schema: { tags, params: producerIdParamsSchema, response: { 200: producerProfileSchema } } },
    (request) => getProducerProfile(db, callerOf(request), request.params.producerId),
  );
};
