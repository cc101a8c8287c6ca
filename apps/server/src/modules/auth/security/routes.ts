import {
  API_ROUTES,
  accountActivityResponseSchema,
  accountLookupQuerySchema,
  accountRecoveryActionSchema,
  accountSessionsResponseSchema,
  idParamsSchema,
  loginMfaRequestSchema,
  loginResponseSchema,
  passkeyOptionsResponseSchema,
  recoveryAccountSchema,
  recoveryCodesResponseSchema,
  securityOverviewSchema,
  sessionRefParamsSchema,
  stepUpRequestSchema,
  successResponseSchema,
  totpConfirmRequestSchema,
  totpEnrolResponseSchema,
  trustedBrowserParamsSchema,
  trustedBrowsersResponseSchema,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaEnabled } from '../../../plugins/auth-guards.js';
import { replyError } from '../../../plugins/errors.js';
import { requireStaffPermission } from '../../../plugins/staff-permission.js';
import type { AuthContext } from '../context.js';
import {
  endOtherSessions,
  endSession,
  listAccountActivity,
  listAccountTrustedBrowsers,
  listSessions,
  removeTrustedBrowser,
  securityOverview,
} from './account-sessions.js';
import { confirmTotp, regenerateRecoveryCodes, removeTotp, startTotpEnrolment } from './enrolment.js';
import { endAccountSessions, lookUpAccount, resetAccountFactors } from './office-recovery.js';
import { registerPasskeyRoutes } from './passkey-routes.js';
import { completeWithSecondFactor } from './second-factor.js';
import { stepUp, stepUpPasskeyOptions } from './step-up-check.js';

const routes = API_ROUTES.auth;

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** Every account-security call is the signed-in person's own, on a host that serves their area. */
async function requireSignedIn(request: FastifyRequest, reply: FastifyReply) {
  if (!request.principal) return replyError(request, reply, 401, 'errors.unauthorized');
  if (!areaEnabled(request, request.principal.kind))
    return replyError(request, reply, 404, 'errors.notFound');
}

/**
 * Account security (docs/security/account-security.md): the second step of a sign-in, the authenticator and its
 * recovery codes, step-up, sessions, trusted browsers and activity. Registered by the auth module's routes, so its
 * answers are `no-store` like every sign-in answer.
 */
export function registerAccountSecurityRoutes(app: ZodApp, ctx: AuthContext) {
  const tags = ['account-security'];
  const signedIn = { preHandler: requireSignedIn };
  // Reachable while a session is held to enrolment: what enrolling needs.
  const enrolling = { ...signedIn, config: { duringMfaEnrolment: true } };

  app.post(
    routes.loginMfa.path,
    { schema: { tags, body: loginMfaRequestSchema, response: { 200: loginResponseSchema } } },
    (request, reply) => completeWithSecondFactor(ctx, request, reply, app.sessions, request.body),
  );
  app.get(
    routes.securityOverview.path,
    { ...enrolling, schema: { tags, response: { 200: securityOverviewSchema } } },
    (request) => securityOverview(ctx, request),
  );
  app.post(
    routes.totpEnrol.path,
    { ...enrolling, schema: { tags, response: { 200: totpEnrolResponseSchema } } },
    (request) => startTotpEnrolment(ctx, request),
  );
  app.post(
    routes.totpConfirm.path,
    {
      ...enrolling,
      schema: { tags, body: totpConfirmRequestSchema, response: { 200: recoveryCodesResponseSchema } },
    },
    (request) => confirmTotp(ctx, request, request.body.code),
  );
  app.delete(
    routes.totpRemove.path,
    { ...signedIn, schema: { tags, response: { 200: successResponseSchema } } },
    (request) => removeTotp(ctx, request),
  );
  app.post(
    routes.recoveryCodes.path,
    { ...signedIn, schema: { tags, response: { 200: recoveryCodesResponseSchema } } },
    (request) => regenerateRecoveryCodes(ctx, request),
  );
  app.post(
    routes.stepUp.path,
    { ...signedIn, schema: { tags, body: stepUpRequestSchema, response: { 200: successResponseSchema } } },
    (request) => stepUp(ctx, request, request.body),
  );
  app.post(
    routes.stepUpPasskeyOptions.path,
    { ...signedIn, schema: { tags, response: { 200: passkeyOptionsResponseSchema } } },
    (request, reply) => stepUpPasskeyOptions(ctx, request, reply, app.sessions),
  );
  app.get(
    routes.sessions.path,
    { ...signedIn, schema: { tags, response: { 200: accountSessionsResponseSchema } } },
    (request) => listSessions(ctx, request),
  );
  app.delete(
    routes.endSession.path,
    {
      ...signedIn,
      schema: { tags, params: sessionRefParamsSchema, response: { 200: successResponseSchema } },
    },
    (request) => endSession(ctx, request, request.params.id),
  );
  app.post(
    routes.endOtherSessions.path,
    { ...signedIn, schema: { tags, response: { 200: successResponseSchema } } },
    (request) => endOtherSessions(ctx, request),
  );
  app.get(
    routes.activity.path,
    { ...signedIn, schema: { tags, response: { 200: accountActivityResponseSchema } } },
    (request) => listAccountActivity(ctx, request),
  );
  app.get(
    routes.trustedBrowsers.path,
    { ...signedIn, schema: { tags, response: { 200: trustedBrowsersResponseSchema } } },
    (request) => listAccountTrustedBrowsers(ctx, request),
  );
  app.delete(
    routes.removeTrustedBrowser.path,
    {
      ...signedIn,
      schema: { tags, params: trustedBrowserParamsSchema, response: { 200: successResponseSchema } },
    },
    (request) => removeTrustedBrowser(ctx, request, request.params.id),
  );
  registerPasskeyRoutes(app, ctx, requireSignedIn);
  registerOfficeRecoveryRoutes(app, ctx);
}

/** The office's recovery screen (staff with the Account Recovery menu): guarded before validation. */
function registerOfficeRecoveryRoutes(app: ZodApp, ctx: AuthContext) {
  const tags = ['account-recovery'];
  const guarded = { onRequest: requireStaffPermission(ctx.db, 'accountRecovery') };
  app.get(
    routes.recoveryAccount.path,
    {
      ...guarded,
      schema: { tags, querystring: accountLookupQuerySchema, response: { 200: recoveryAccountSchema } },
    },
    (request) => lookUpAccount(ctx, request, request.query),
  );
  const change = {
    ...guarded,
    schema: {
      tags,
      params: idParamsSchema,
      body: accountRecoveryActionSchema,
      response: { 200: recoveryAccountSchema },
    },
  };
  app.post(routes.recoveryEndSessions.path, change, (request) =>
    endAccountSessions(ctx, request, request.params.id, request.body),
  );
  app.post(routes.recoveryResetFactors.path, change, (request) =>
    resetAccountFactors(ctx, request, request.params.id, request.body),
  );
}
