import { API_ROUTES, siteInfoSchema } from '@portal/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../module-options.js';

const routes = API_ROUTES.system;

/**
 * `GET /site_info`: the site of this host, with its page flags. Answered from the site cache as ready JSON text:
 * the cache checked it against `siteInfoSchema` when it built it, so the per-request serialiser has nothing to add.
 */
export const siteInfoRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app) => {
  app.get(
    routes.siteInfo.path,
    // The same answer for everyone on a host: no session to read (a signed-in page's /me keeps it alive).
    { config: { sessionLoad: 'none' }, schema: { tags: ['system'], response: { 200: siteInfoSchema } } },
    async (request, reply) => {
      // JSON text with a JSON content type goes out as it is; the typed reply only knows the object form.
      const untyped: FastifyReply = reply;
      return untyped.type('application/json; charset=utf-8').send(app.siteCache.siteInfoJson(request.site));
    },
  );
};
