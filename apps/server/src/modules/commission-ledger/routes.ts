import {
  API_ROUTES,
  clawbackExposureQuerySchema,
  clawbackExposureSchema,
  commissionDisputeCreatedSchema,
  commissionDisputeCreateSchema,
  commissionLedgerPageSchema,
  commissionLedgerQuerySchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaEnabled } from '../../plugins/auth-guards.js';
import { replyError } from '../../plugins/errors.js';
import type { ModuleOptions } from '../module-options.js';
import { type LedgerContext, ledgerRequesterOf } from './context.js';
import { createDispute } from './disputes.js';
import { loadClawbackExposure } from './exposure.js';
import { exportLedger, loadLedger } from './ledger.js';

const routes = API_ROUTES.commissionLedger;

/**
 * The producer's commission ledger (docs/producer/commission-ledger.md): the lines from projected to paid with their
 * totals, their Excel export, the clawback exposure, and disputes of a line. Producers with the commission permission,
 * over themselves or a producer of their subtree (with or without that producer's team).
 */
export const commissionLedgerRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { db, now, renderPool, queryInBatches },
) => {
  const ctx: LedgerContext = { db, now: now ?? (() => new Date()), renderPool, queryInBatches };
  const tags = ['commission-ledger'];

  // Guard before validation: hosts without the b2b area, anonymous callers, clients and staff learn nothing.
  app.addHook('onRequest', async (request, reply) => {
    if (!areaEnabled(request, 'producer')) return replyError(request, reply, 404, 'errors.notFound');
    if (!request.principal) return replyError(request, reply, 401, 'errors.unauthorized');
    if (request.principal.kind !== 'producer') return replyError(request, reply, 403, 'errors.forbidden');
  });

  app.get(
    routes.ledger.path,
    {
      schema: {
        tags,
        querystring: commissionLedgerQuerySchema,
        response: { 200: commissionLedgerPageSchema },
      },
    },
    (request) => loadLedger(ctx, ledgerRequesterOf(request), request.query),
  );

  app.get(
    routes.ledgerExport.path,
    { schema: { tags, querystring: commissionLedgerQuerySchema } },
    (request, reply) => exportLedger(ctx, ledgerRequesterOf(request), request.query, request, reply),
  );

  app.get(
    routes.clawbackExposure.path,
    { schema: { tags, querystring: clawbackExposureQuerySchema, response: { 200: clawbackExposureSchema } } },
    (request) => loadClawbackExposure(ctx, ledgerRequesterOf(request), request.query),
  );

  app.post(
    routes.createDispute.path,
    {
      schema: {
        tags,
        body: commissionDisputeCreateSchema,
        response: { 200: commissionDisputeCreatedSchema },
      },
    },
    (request) => createDispute(ctx, ledgerRequesterOf(request), request.body as never),
  );
};
