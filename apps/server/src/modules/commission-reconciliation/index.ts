/** The commission reconciliation module's public surface: its routes. */
export { commissionReconciliationRoutes } from './routes.js';
