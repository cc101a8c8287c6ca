import { siteInfoSchema } from '@portal/contract';
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
