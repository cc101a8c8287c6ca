import {
  payoutRecordsQuerySchema,
  payoutRecordsResponseSchema,
  revenueDetailSchema,
  revenueParamsSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStaffPermission } from '../../plugins/staff-permission.js';
import type { ModuleOptions } from '../module-options.js';
import { loadRevenueDetail } from './detail.js';
import { loadPayoutRecords } from './payout-records.js';

/**
 * The internal staff area's revenues (spec 2 §2–§9): the detail document and its Particular pay-out records.
 * Every route of this plugin sits behind one guard (staff host, staff member, the Revenues menu row), run before
 * validation so a caller without the permission learns nothing about the inputs.
 */
export const internalRevenueRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, now }) => {
  const clock = now ?? (() => new Date());
  const tags = ['internal'];

  app.addHook('onRequest', requireStaffPermission(db, 'revenues'));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/internal/revenues/:id',
    { schema: { tags, params: revenueParamsSchema, response: { 200: revenueDetailSchema } } },
    (request) => loadRevenueDetail(db, request.params.id, clock(), request.t),
  );

  app.get(
    '/internal/revenues/payout_record/:id',
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
};
