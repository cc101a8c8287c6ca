/** The commission ledger module's public surface: its routes. */
export { commissionLedgerRoutes } from './routes.js';
