import { meResponseSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCurrentUser } from '../../plugins/session/current-user.js';
import type { ModuleOptions } from '../module-options.js';

/**
 * `GET /me` is the first call of every page load: it opens an (anonymous) session when there is none, so the
 * browser always leaves with a CSRF token for its next write. `DELETE /logout` ends the session on the server and
 * answers the fresh anonymous state, so the page can carry on without another round trip.
 */
export const sessionRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { db, now = () => new Date() },
) => {
  app.get(
    '/me',
    { schema: { tags: ['session'], response: { 200: meResponseSchema } } },
    async (request, reply) => {
      const session = await app.sessions.ensure(request, reply);
      reply.header('cache-control', 'no-store');
      return getCurrentUser(db, session, request.principal, now());
    },
  );

  app.delete(
    '/logout',
    { schema: { tags: ['session'], response: { 200: meResponseSchema } } },
    async (request, reply) => {
      await app.sessions.end(request, reply);
      const session = await app.sessions.ensure(request, reply);
      reply.header('cache-control', 'no-store');
      return getCurrentUser(db, session, null, now());
    },
  );
};
