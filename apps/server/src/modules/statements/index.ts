/**
 * The statements module's public surface: its routes, the firm's letterhead (commission statements use it), the
 * sweep of rendered documents, and loading a statement (the render pool's and the generator's tests read one).
 */
export type { StatementsContext } from './context.js';
export { deleteRenderedDocumentsBefore } from './queries.js';
export { statementRoutes } from './routes.js';
export { statementFirmOf } from './statement-firm.js';
export { loadStatement } from './view-statement.js';
