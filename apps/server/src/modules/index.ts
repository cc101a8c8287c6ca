import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './auth/index.js';
import { casesRoutes } from './cases/index.js';
import { clientAreaRoutes } from './client-area/index.js';
import { commissionLedgerRoutes } from './commission-ledger/index.js';
import { commissionReconciliationRoutes } from './commission-reconciliation/index.js';
import { commissionRoutes } from './commissions/index.js';
import { conversationRoutes } from './conversations/index.js';
import { planFormsRoutes } from './forms/index.js';
import { internalRevenueRoutes } from './internal-revenues/index.js';
import type { ModuleOptions } from './module-options.js';
import { notificationRoutes } from './notifications/index.js';
import { clientPerformanceRoutes, producerPerformanceRoutes } from './performance/index.js';
import { producerDetailsRoutes } from './producer-details/index.js';
import { producerListRoutes } from './producer-lists/index.js';
import { producerTeamRoutes } from './producer-team/index.js';
import { reportRoutes } from './reports/index.js';
import { sessionRoutes } from './session/index.js';
import { statementRoutes } from './statements/index.js';
import { siteInfoRoutes } from './system/index.js';

/** Feature modules, registered in this order under `{basePath}/{lang}/api`. A new feature adds one line. */
export const apiModules: FastifyPluginAsyncZod<ModuleOptions>[] = [
  siteInfoRoutes,
  sessionRoutes,
  authRoutes,
  clientAreaRoutes,
  statementRoutes,
  clientPerformanceRoutes,
  producerPerformanceRoutes,
  planFormsRoutes,
  producerListRoutes,
  producerTeamRoutes,
  producerDetailsRoutes,
  commissionRoutes,
  commissionLedgerRoutes,
  reportRoutes,
  internalRevenueRoutes,
  conversationRoutes,
  notificationRoutes,
  casesRoutes,
  commissionReconciliationRoutes,
];
