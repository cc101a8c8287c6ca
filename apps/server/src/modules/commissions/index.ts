/** The commissions module's public surface: its routes and the statement lines' query (revenue checks read it). */
export { selectStatementLines } from './queries.js';
export { commissionRoutes } from './routes.js';
