/** The staff revenue module's public surface: its routes. */
export { internalRevenueRoutes } from './routes.js';
