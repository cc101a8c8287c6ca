import {
  API_ROUTES,
  commissionDisputeListQuerySchema,
  commissionDisputeListSchema,
  commissionDisputePatchSchema,
  commissionDisputeSchema,
  disputeParamsSchema,
  importIdParamsSchema,
  importLinesQuerySchema,
  importLinesSchema,
  importPostedSchema,
  importTemplateSchema,
  importTemplateUpdateSchema,
  insurerParamsSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerUploads } from '../../files/index.js';
import { requireStaffPermission } from '../../plugins/staff-permission.js';
import type { ModuleOptions } from '../module-options.js';
import { listDisputes, updateDispute } from './disputes.js';
import { loadImportLines } from './import-lines.js';
import { postImport } from './import-post.js';
import { registerImportUpload } from './import-upload.js';
import { notifyDisputeChange } from './notify.js';
import { loadTemplate, updateTemplate } from './templates.js';

const routes = API_ROUTES.commissionReconciliation;

const staffOf = (request: { staffCaller?: { userId: number; staffId: number } }) => {
  const caller = request.staffCaller;
  if (!caller) throw new Error('staff permission guard did not run');
  return caller;
};

/**
 * Commission reconciliation for staff (docs/internal/commission-import.md): producers' disputes of ledger lines,
 * insurer statement imports (preview, post) and their mapping templates. Every route behind one guard: staff host,
 * staff member, the "Commission reconciliation" menu row, checked before validation.
 */
export const commissionReconciliationRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  await registerUploads(app);
  const { db, now, notifier } = options;
  const clock = now ?? (() => new Date());
  const tags = ['internal'];

  app.addHook('onRequest', requireStaffPermission(db, 'commissionReconciliation'));

  app.get(
    routes.disputes.path,
    {
      schema: {
        tags,
        querystring: commissionDisputeListQuerySchema,
        response: { 200: commissionDisputeListSchema },
      },
    },
    (request) => listDisputes(db, request.query),
  );

  app.patch(
    routes.updateDispute.path,
    {
      schema: {
        tags,
        params: disputeParamsSchema,
        body: commissionDisputePatchSchema,
        response: { 200: commissionDisputeSchema },
      },
    },
    async (request) => {
      const change = await updateDispute(db, staffOf(request), request.params.id, request.body, clock());
      if (change.statusChanged) await notifyDisputeChange(db, notifier, request, change.dispute, clock());
      return change.dispute;
    },
  );

  registerImportUpload(app, options, routes.createImport.path, tags);

  app.get(
    routes.importLines.path,
    {
      schema: {
        tags,
        params: importIdParamsSchema,
        querystring: importLinesQuerySchema,
        response: { 200: importLinesSchema },
      },
    },
    (request) => loadImportLines(db, request.params.id, request.query),
  );

  app.post(
    routes.postImport.path,
    { schema: { tags, params: importIdParamsSchema, response: { 200: importPostedSchema } } },
    (request) => postImport(db, request.params.id, clock()),
  );

  app.get(
    routes.template.path,
    { schema: { tags, params: insurerParamsSchema, response: { 200: importTemplateSchema } } },
    (request) => loadTemplate(db, request.params.insurer),
  );

  app.patch(
    routes.updateTemplate.path,
    {
      schema: {
        tags,
        params: insurerParamsSchema,
        body: importTemplateUpdateSchema,
        response: { 200: importTemplateSchema },
      },
    },
    (request) => updateTemplate(db, staffOf(request).userId, request.params.insurer, request.body),
  );
};
