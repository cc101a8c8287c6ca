import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './auth/routes.js';
import { clientAreaRoutes } from './client-area/routes.js';
import { commissionRoutes } from './commissions/routes.js';
import { planFormsRoutes } from './forms/routes.js';
import { internalRevenueRoutes } from './internal-revenues/routes.js';
import type { ModuleOptions } from './module-options.js';
import { producerDetailsRoutes } from './producer-details/routes.js';
import { producerListRoutes } from './producer-lists/routes.js';
import { producerTeamRoutes } from './producer-team/routes.js';
import { reportRoutes } from './reports/routes.js';
import { sessionRoutes } from './session/routes.js';
import { statementRoutes } from './statements/routes.js';
import { siteInfoRoutes } from './system/routes.js';

/** Feature modules, registered in this order under `{basePath}/{lang}/api`. A new feature adds one line. */
export const apiModules: FastifyPluginAsyncZod<ModuleOptions>[] = [
  siteInfoRoutes,
  sessionRoutes,
  authRoutes,
  clientAreaRoutes,
  statementRoutes,
  planFormsRoutes,
  producerListRoutes,
  producerTeamRoutes,
  producerDetailsRoutes,
  commissionRoutes,
  reportRoutes,
  internalRevenueRoutes,
];
