import { timingSafeEqual } from 'node:crypto';
import {
  API_ROUTES,
  errorResponseSchema,
  FORMS_CLIENT_SECRET_HEADER,
  FORMS_NOT_FOUND,
  formDocumentParamsSchema,
  formsListQuerySchema,
  formsListResponseSchema,
  PUBLIC_FORMS_ROUTES,
  planFormsResponseSchema,
  planIdParamsSchema,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createDbFileStore } from '../../files/index.js';
import { sendStoredFile } from '../../files/send-file.js';
import { principalAs, requireClient } from '../../plugins/auth-guards.js';
import { replyError } from '../../plugins/errors.js';
import type { ModuleOptions } from '../module-options.js';
import { downloadForm } from './download-form.js';
import { languageOfClientLang, listForms } from './list-forms.js';
import { listPlanForms } from './list-plan-forms.js';

const routes = API_ROUTES.forms;

const notFound = (reply: FastifyReply) => reply.code(404).send({ error: FORMS_NOT_FOUND });

function sameSecret(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The public forms API (docs/client-area.md), mounted at `{basePath}/api/public/front/operation-procedure` (outside the
 * language-prefixed API: it takes client_lang instead, and needs no session). The client-secret header identifies
 * the calling site; the forms themselves are public documents, so it is not an authorization and their files open
 * without it.
 */
export const publicFormsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { config, db }) => {
  const files = createDbFileStore(db);
  const tags = ['forms'];
  app.get(
    PUBLIC_FORMS_ROUTES.list.path,
    {
      schema: {
        tags,
        querystring: formsListQuerySchema,
        response: { 200: formsListResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        // The list is publicly cacheable (below), and whether it or a 401 comes back depends on this header: a
        // shared cache must key on it, or it would hand the list to callers without the secret.
        reply.header('vary', FORMS_CLIENT_SECRET_HEADER);
        if (!sameSecret(request.headers[FORMS_CLIENT_SECRET_HEADER], config.formsClientSecret))
          return replyError(request, reply, 401, 'errors.unauthorized');
      },
    },
    async (request, reply) => {
      const { provider_code, product_type_code, client_lang } = request.query;
      const list = await listForms(db, config.basePath, {
        providerCode: provider_code,
        productType: product_type_code,
        language: languageOfClientLang(client_lang),
      });
      reply.header('cache-control', 'public, max-age=300');
      return list ?? notFound(reply);
    },
  );
  app.get(
    PUBLIC_FORMS_ROUTES.document.path,
    { schema: { tags, params: formDocumentParamsSchema } },
    async (request, reply) => {
      const { file, fileName } = await downloadForm(db, files, request.params.formId);
      return sendStoredFile(reply, file, fileName);
    },
  );
};

/** The plan's Form Download tab for the signed-in client: `GET {lang}/api/b2c/plans/:id/forms`. */
export const planFormsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { config, db }) => {
  app.addHook('onRequest', requireClient);
  app.get(
    routes.planForms.path,
    {
      schema: {
        tags: ['forms'],
        params: planIdParamsSchema,
        response: { 200: planFormsResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { clientId, siteCode } = principalAs(request, 'client');
      const list = await listPlanForms(
        db,
        config.basePath,
        { clientId, siteCode },
        request.params.id,
        request.language,
      );
      reply.header('cache-control', 'private, no-store');
      return list ?? { data: [] };
    },
  );
};
