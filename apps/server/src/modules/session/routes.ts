import { API_ROUTES, meResponseSchema, sessionTimingSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hotRouteSerializer } from '../../plugins/compiled-serializer.js';
import { replyError } from '../../plugins/errors.js';
import { getCurrentUser, sessionTiming } from '../../plugins/session/current-user.js';
import type { ModuleOptions } from '../module-options.js';

const routes = API_ROUTES.session;

/**
 * `GET /me` is the first call of every page load: the browser always leaves with a CSRF token for its next write.
 * A visitor who has not signed in gets a signed token for a cookie and no session row (decision 018), so page loads
 * of visitors write nothing. `DELETE /logout` ends the session on the server and answers the fresh anonymous state,
 * so the page can carry on without another round trip.
 *
 * `GET /session` and `POST /session/keep_alive` serve the idle-timeout warning (WCAG 2.2.1): the first tells a page
 * how long the session has left without counting as activity (so several open tabs can ask without keeping an
 * unattended session alive), the second is the person's "stay signed in". Both answer 401 once the session ended.
 */
export const sessionRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { db, config, now = () => new Date() },
) => {
  const idleMs = config.sessionIdleMs;

  app.get(
    routes.me.path,
    {
      // The session hook reads the person with the session: a signed-in `/me` is one statement.
      config: { sessionLoad: 'withSummary', duringMfaEnrolment: true },
      schema: { tags: ['session'], response: { 200: meResponseSchema } },
      serializerCompiler: hotRouteSerializer(config.responseSerializer),
    },
    async (request, reply) => {
      const csrfToken = app.sessions.csrfToken(request, reply);
      reply.header('cache-control', 'no-store');
      const visitor = request.session ?? { csrfToken };
      return getCurrentUser(db, visitor, request.principal, now(), idleMs, request.userSummary);
    },
  );

  app.delete(
    routes.logout.path,
    {
      config: { duringMfaEnrolment: true },
      schema: { tags: ['session'], response: { 200: meResponseSchema } },
    },
    async (request, reply) => {
      const csrfToken = await app.sessions.end(request, reply);
      reply.header('cache-control', 'no-store');
      return getCurrentUser(db, { csrfToken }, null, now(), idleMs);
    },
  );

  app.get(
    routes.timing.path,
    {
      config: { sessionActivity: false, duringMfaEnrolment: true },
      schema: { tags: ['session'], response: { 200: sessionTimingSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!request.session || !request.principal)
        return replyError(request, reply, 401, 'errors.unauthorized');
      return sessionTiming(request.session, idleMs, now());
    },
  );

  app.post(
    routes.keepAlive.path,
    {
      config: { duringMfaEnrolment: true },
      schema: { tags: ['session'], response: { 200: sessionTimingSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!request.session || !request.principal)
        return replyError(request, reply, 401, 'errors.unauthorized');
      await app.sessions.touch(request);
      return sessionTiming(request.session, idleMs, now());
    },
  );
};
