import {
  API_ROUTES,
  clientProfileSchema,
  fundCodeParamsSchema,
  markMessageReadResponseSchema,
  messageIdParamsSchema,
  messageListResponseSchema,
  planDetailSchema,
  planIdParamsSchema,
  planListResponseSchema,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createDbFileStore } from '../../files/index.js';
import { sendStoredFile } from '../../files/send-file.js';
import { principalAs, requireClient } from '../../plugins/auth-guards.js';
import { hotRouteSerializer } from '../../plugins/compiled-serializer.js';
import type { ModuleOptions } from '../module-options.js';
import type { ClientAreaContext, ClientRef } from './context.js';
import { assetsSelectionFile, factsheetFile, providerStatementFile } from './download-plan-file.js';
import { getPlanDetail } from './get-plan-detail.js';
import { getProfile } from './get-profile.js';
import { listMessages } from './list-messages.js';
import { listPlans } from './list-plans.js';
import { markMessageRead } from './mark-message-read.js';

const routes = API_ROUTES.clientArea;

const clientOf = (request: FastifyRequest): ClientRef => {
  const { clientId, siteCode } = principalAs(request, 'client');
  return { clientId, siteCode };
};

/**
 * Client area (docs/client-area.md): My Plan, plan detail, profile, message box and the plan's files. Client only
 * (requireClient: 404 on hosts without the client area, 401 anonymous, 403 other kinds); another client's ids answer
 * 404.
 */
export const clientAreaRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { config, db, now }) => {
  const ctx: ClientAreaContext = { db, config, files: createDbFileStore(db), now: now ?? (() => new Date()) };
  const tags = ['client area'];
  // The guard runs before validation: a host without the client area, or a caller who is not a client, learns
  // nothing about which ids or inputs would have been accepted.
  app.addHook('onRequest', requireClient);

  // The two most asked screens serialise with a compiled serialiser in production (plugins/compiled-serializer.ts).
  const serializerCompiler = hotRouteSerializer(config.responseSerializer);
  app.get(
    routes.plans.path,
    { schema: { tags, response: { 200: planListResponseSchema } }, serializerCompiler },
    (request) => listPlans(ctx, clientOf(request), request.language),
  );
  app.get(
    routes.plan.path,
    {
      schema: { tags, params: planIdParamsSchema, response: { 200: planDetailSchema } },
      serializerCompiler,
    },
    (request) => getPlanDetail(ctx, clientOf(request), request.params.id, request.language),
  );
  app.get(routes.profile.path, { schema: { tags, response: { 200: clientProfileSchema } } }, (request) =>
    getProfile(ctx, clientOf(request)),
  );
  app.get(
    routes.messages.path,
    { schema: { tags, response: { 200: messageListResponseSchema } } },
    (request) => listMessages(ctx, clientOf(request), request.language),
  );
  app.post(
    routes.markMessageRead.path,
    {
      schema: { tags, params: messageIdParamsSchema, response: { 200: markMessageReadResponseSchema } },
    },
    (request) => markMessageRead(ctx, clientOf(request), request.params.id, request.language),
  );

  app.get(
    routes.providerStatementFile.path,
    { schema: { tags, params: planIdParamsSchema } },
    async (request, reply) => {
      const { file, fileName } = await providerStatementFile(ctx, clientOf(request), request.params.id);
      return sendStoredFile(reply, file, fileName);
    },
  );
  app.get(
    routes.assetsSelectionFile.path,
    { schema: { tags, params: planIdParamsSchema } },
    async (request, reply) => {
      const { file, fileName } = await assetsSelectionFile(ctx, clientOf(request), request.params.id);
      return sendStoredFile(reply, file, fileName);
    },
  );
  app.get(
    routes.factsheetFile.path,
    { schema: { tags, params: fundCodeParamsSchema } },
    async (request, reply) => {
      const { file, fileName } = await factsheetFile(ctx, clientOf(request), request.params.fundCode);
      return sendStoredFile(reply, file, fileName);
    },
  );
};
