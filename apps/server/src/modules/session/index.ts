/** The session module's public surface: its routes. */
export { sessionRoutes } from './routes.js';
