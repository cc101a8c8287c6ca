/** The client area's public surface: its routes. */
export { clientAreaRoutes } from './routes.js';
