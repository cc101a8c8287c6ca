/** The reports module's public surface: its routes. */
export { reportRoutes } from './routes.js';
