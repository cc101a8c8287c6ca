import {
  API_ROUTES,
  payoutRecordsQuerySchema,
  payoutRecordsResponseSchema,
  revenueDetailSchema,
  revenueEditSchema,
  revenueList,
  revenueListOptionsSchema,
  revenueParamsSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runList } from '../../lists/index.js';
import { requireStaffPermission } from '../../plugins/staff-permission.js';
import { requireStepUp } from '../auth/index.js';
import type { ModuleOptions } from '../module-options.js';
import { deleteRevenue } from './delete.js';
import { loadRevenueDetail } from './detail.js';
import { editRevenue } from './edit.js';
import { loadPayoutRecords } from './payout-records.js';
import { staffCallerOf } from './revenue-audit.js';
import { revenueServerList } from './revenue-list.js';
import { loadRevenueListOptions } from './revenue-list-options.js';

const routes = API_ROUTES.internalRevenues;

/**
 * The internal staff area's revenues (docs/internal/README.md): the index search and its filters' options, the detail
 * document, its Particular pay-out records, and the edit and delete of one revenue (docs/internal/revenue-api.md).
 * Every route of this plugin sits behind one guard (staff host, staff member, the Revenues menu row), run before
 * validation so a caller without the permission learns nothing about the inputs.
 */
export const internalRevenueRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { db, now, config },
) => {
  const clock = now ?? (() => new Date());
  const tags = ['internal'];

  app.addHook('onRequest', requireStaffPermission(db, 'revenues'));

  app.post(
    routes.search.path,
    { schema: { tags, body: revenueList.criteria, response: { 200: revenueList.response } } },
    (request) =>
      runList(
        db,
        revenueServerList,
        { staffId: staffCallerOf(request).staffId },
        request.body,
        request.language,
      ),
  );

  // A static path: the router matches it before `/:id`, so "options" is never taken for a revenue id.
  app.get(routes.options.path, { schema: { tags, response: { 200: revenueListOptionsSchema } } }, () =>
    loadRevenueListOptions(db),
  );

  app.get(
    routes.detail.path,
    { schema: { tags, params: revenueParamsSchema, response: { 200: revenueDetailSchema } } },
    (request) => loadRevenueDetail(db, request.params.id, clock(), request.language),
  );

  app.get(
    routes.payoutRecords.path,
    {
      schema: {
        tags,
        params: revenueParamsSchema,
        querystring: payoutRecordsQuerySchema,
        response: { 200: payoutRecordsResponseSchema },
      },
    },
    (request) => loadPayoutRecords(db, request.params.id, request.query),
  );

  app.patch(
    routes.edit.path,
    {
      schema: {
        tags,
        params: revenueParamsSchema,
        body: revenueEditSchema,
        response: { 200: revenueDetailSchema },
      },
    },
    async (request) => {
      const now = clock();
      // A change to money records needs a recent second-factor check (or sign-in): 401 `stepUp: true` otherwise.
      requireStepUp(request, config, now);
      await editRevenue(db, request, request.params.id, request.body, now);
      return loadRevenueDetail(db, request.params.id, now, request.language);
    },
  );

  app.delete(
    routes.remove.path,
    { schema: { tags, params: revenueParamsSchema } },
    async (request, reply) => {
      requireStepUp(request, config, clock());
      await deleteRevenue(db, request, request.params.id, clock());
      return reply.code(204).send();
    },
  );
};
