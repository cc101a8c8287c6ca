import {
  API_ROUTES,
  loginResponseSchema,
  passkeyLoginRequestSchema,
  passkeyOptionsResponseSchema,
  passkeyParamsSchema,
  passkeyRegisteredSchema,
  passkeyRegisterRequestSchema,
  passkeysResponseSchema,
  successResponseSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthContext } from '../context.js';
import { passkeySignInOptions, secondFactorPasskeyOptions, signInWithPasskey } from './passkey-sign-in.js';
import {
  listAccountPasskeys,
  passkeyRegistrationOptions,
  registerPasskey,
  removePasskey,
} from './passkeys.js';

const routes = API_ROUTES.auth;

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
type PreHandler = NonNullable<Parameters<ZodApp['get']>[1]['preHandler']>;

/** Passkeys (docs/security/account-security.md, "Passkeys"): the sign-in calls and the Security page's list. */
export function registerPasskeyRoutes(app: ZodApp, ctx: AuthContext, requireSignedIn: PreHandler) {
  const tags = ['account-security'];
  const signedIn = { preHandler: requireSignedIn };
  // Enrolling a passkey lifts an enrolment hold, as enrolling an authenticator does.
  const enrolling = { ...signedIn, config: { duringMfaEnrolment: true } };

  app.post(
    routes.loginMfaPasskeyOptions.path,
    { schema: { tags, response: { 200: passkeyOptionsResponseSchema } } },
    (request, reply) => secondFactorPasskeyOptions(ctx, request, reply, app.sessions),
  );
  app.post(
    routes.passkeyLoginOptions.path,
    { schema: { tags, response: { 200: passkeyOptionsResponseSchema } } },
    (request, reply) => passkeySignInOptions(ctx, request, reply, app.sessions),
  );
  app.post(
    routes.passkeyLogin.path,
    { schema: { tags, body: passkeyLoginRequestSchema, response: { 200: loginResponseSchema } } },
    (request, reply) => signInWithPasskey(ctx, request, reply, app.sessions, request.body),
  );
  app.get(
    routes.passkeys.path,
    { ...enrolling, schema: { tags, response: { 200: passkeysResponseSchema } } },
    (request) => listAccountPasskeys(ctx, request),
  );
  app.post(
    routes.passkeyRegisterOptions.path,
    { ...enrolling, schema: { tags, response: { 200: passkeyOptionsResponseSchema } } },
    (request, reply) => passkeyRegistrationOptions(ctx, request, reply, app.sessions),
  );
  app.post(
    routes.passkeyRegister.path,
    {
      ...enrolling,
      schema: { tags, body: passkeyRegisterRequestSchema, response: { 200: passkeyRegisteredSchema } },
    },
    (request) => registerPasskey(ctx, request, request.body),
  );
  app.delete(
    routes.passkeyRemove.path,
    { ...signedIn, schema: { tags, params: passkeyParamsSchema, response: { 200: successResponseSchema } } },
    (request) => removePasskey(ctx, request, request.params.id),
  );
}
