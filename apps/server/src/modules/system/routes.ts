import { errorResponseSchema, healthResponseSchema, siteInfoSchema } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../module-options.js';
import { getSiteInfo } from './get-site-info.js';

/** `GET /site_info`: the site of this host, with its page flags. */
export const siteInfoRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, config }) => {
  app.get(
    '/site_info',
    { schema: { tags: ['system'], response: { 200: siteInfoSchema } } },
    async (request) => getSiteInfo(db, request.site, config.backOfficeUrl),
  );
};

/** Liveness and readiness for load balancers: answers 503 when the database does not. */
export const healthRoutes: FastifyPluginAsyncZod<Pick<ModuleOptions, 'db'>> = async (app, { db }) => {
  app.get(
    '/healthz',
    { schema: { tags: ['system'], response: { 200: healthResponseSchema, 503: errorResponseSchema } } },
    async (request, reply) => {
      try {
        await db.execute(sql`select 1`);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.code(503).send({ error: request.t('errors.unavailable') });
      }
    },
  );
};
