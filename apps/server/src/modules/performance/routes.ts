import {
  API_ROUTES,
  idParamsSchema,
  performanceQuerySchema,
  performanceResponseSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalAs, requireClient, requireProducer } from '../../plugins/auth-guards.js';
import type { ModuleOptions } from '../module-options.js';
import { getPerformance, type PerformanceContext } from './get-performance.js';

const tags = ['performance'];

/**
 * GET /b2c/performance (docs/performance-reporting.md): a client's own plans. Client only, checked before the query
 * is validated (404 on hosts without the client area, 401 anonymous, 403 other kinds).
 */
export const clientPerformanceRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, now }) => {
  const ctx: PerformanceContext = { db, now: now ?? (() => new Date()) };
  app.addHook('onRequest', requireClient);
  app.get(
    API_ROUTES.performance.client.path,
    { schema: { tags, querystring: performanceQuerySchema, response: { 200: performanceResponseSchema } } },
    (request) => {
      const { clientId, siteCode } = principalAs(request, 'client');
      return getPerformance(ctx, { kind: 'client', clientId, siteCode }, request.query);
    },
  );
};

/**
 * GET /b2b/clients/:id/performance: the same figures for a producer's client, over the plans the producer or
 * their subtree services (none: 404, as for a client who does not exist).
 */
export const producerPerformanceRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, now }) => {
  const ctx: PerformanceContext = { db, now: now ?? (() => new Date()) };
  app.addHook('onRequest', requireProducer);
  app.get(
    API_ROUTES.performance.producerClient.path,
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: performanceQuerySchema,
        response: { 200: performanceResponseSchema },
      },
    },
    (request) => {
      const { producerId, siteCode } = principalAs(request, 'producer');
      return getPerformance(
        ctx,
        { kind: 'producer', producerId, clientId: request.params.id, siteCode },
        request.query,
      );
    },
  );
};
