import {
  API_ROUTES,
  accountFlowResponseSchema,
  activateRequestSchema,
  cancelOtpRequestSchema,
  changePasswordRequestSchema,
  forgetPasswordB2bRequestSchema,
  forgetPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  registrationRequestSchema,
  resendOtpRequestSchema,
  resendOtpResponseSchema,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaEnabled } from '../../plugins/auth-guards.js';
import { replyError } from '../../plugins/errors.js';
import type { ModuleOptions } from '../module-options.js';
import { defineAccountMailJobs } from './account-mail-jobs.js';
import { activate } from './activation.js';
import { changePassword } from './change-password.js';
import type { AuthContext } from './context.js';
import { forgotClientPassword, forgotProducerPassword } from './forgot-password.js';
import { login } from './login.js';
import { cancelOneTimeCode, resendOneTimeCode } from './one-time-code.js';
import { register } from './registration.js';
import { defineSecurityNoticeJobs } from './security/activity.js';
import { registerAccountSecurityRoutes } from './security/routes.js';

const routes = API_ROUTES.auth;

/** Change password is for clients and producers; staff manage theirs in the back-office system. */
async function requireClientOrProducer(request: FastifyRequest, reply: FastifyReply) {
  if (!request.principal) return replyError(request, reply, 401, 'errors.unauthorized');
  if (request.principal.kind === 'staff') return replyError(request, reply, 403, 'errors.forbidden');
  if (!areaEnabled(request, request.principal.kind))
    return replyError(request, reply, 404, 'errors.notFound');
}

/**
 * The client and producer account flows (registration, activation, forgotten password, reset) belong to hosts that
 * serve client and producer pages: on a staff host they answer 404, like those pages (plugins/auth-guards.ts), and
 * no link is ever mailed from there. (A producer-only site keeps its neutral answer to client registration and
 * forgotten password: there is no client there to find.)
 */
async function requireExternalHost(request: FastifyRequest, reply: FastifyReply) {
  if (!request.site.features.external) return replyError(request, reply, 404, 'errors.notFound');
}

/**
 * Sign-in and account flows (docs/auth.md): login with an optional one-time code, registration, activation, forgotten
 * password and reset, change password. Answers never carry secrets and are never cached.
 */
export const authRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { config, db, now, limiter, jobs, mail, notifier },
) => {
  const clock = now ?? (() => new Date());
  const ctx: AuthContext = {
    db,
    config,
    now: clock,
    mail,
    notifier,
    jobs,
    limiter,
    log: app.log,
    // Bound just below: the queue's handler needs the finished context.
    accountMail: (job) => queueAccountMail(job),
    securityNotice: (job) => queueSecurityNotice(job),
  };
  const queueAccountMail = defineAccountMailJobs(ctx);
  const queueSecurityNotice = defineSecurityNoticeJobs(ctx);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  // Account-flow jobs queued by a request start once its answer is out (decision 017, "Same time in every branch").
  // The next turn of the event loop, so what is left of this request (its I/O callbacks, a test's injected
  // answer) runs first: on PGlite a query runs synchronously once it starts.
  app.addHook('onResponse', async () => {
    setImmediate(() => jobs.wakeDeferred());
  });

  const tags = ['auth'];
  app.post(
    routes.login.path,
    { schema: { tags, body: loginRequestSchema, response: { 200: loginResponseSchema } } },
    (request, reply) => login(ctx, request, reply, app.sessions, request.body),
  );
  app.post(
    routes.resendOtp.path,
    { schema: { tags, body: resendOtpRequestSchema, response: { 200: resendOtpResponseSchema } } },
    (request) => resendOneTimeCode(ctx, request),
  );
  app.post(
    routes.cancelOtp.path,
    { schema: { tags, body: cancelOtpRequestSchema, response: { 200: loginResponseSchema } } },
    (request) => cancelOneTimeCode(ctx, request),
  );
  app.post(
    routes.registration.path,
    {
      schema: { tags, body: registrationRequestSchema, response: { 200: accountFlowResponseSchema } },
      preHandler: requireExternalHost,
    },
    (request) => register(ctx, request, request.body),
  );
  app.post(
    routes.activate.path,
    {
      schema: { tags, body: activateRequestSchema, response: { 200: accountFlowResponseSchema } },
      preHandler: requireExternalHost,
    },
    (request) => activate(ctx, request, request.body),
  );
  app.post(
    routes.forgetPassword.path,
    {
      schema: { tags, body: forgetPasswordRequestSchema, response: { 200: accountFlowResponseSchema } },
      preHandler: requireExternalHost,
    },
    (request) => forgotClientPassword(ctx, request, request.body),
  );
  app.post(
    routes.forgetPasswordB2b.path,
    {
      schema: { tags, body: forgetPasswordB2bRequestSchema, response: { 200: accountFlowResponseSchema } },
      preHandler: requireExternalHost,
    },
    (request) => forgotProducerPassword(ctx, request, request.body),
  );
  app.post(
    routes.changePassword.path,
    {
      schema: { tags, body: changePasswordRequestSchema, response: { 200: accountFlowResponseSchema } },
      preHandler: requireClientOrProducer,
    },
    (request, reply) => changePassword(ctx, request, reply, app.sessions, request.body),
  );
  registerAccountSecurityRoutes(app, ctx);
};
