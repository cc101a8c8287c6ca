/** Performance reporting's public surface: its routes, and the figures themselves for documents (the statement PDF). */
export { getPerformance, getPerformances, type PerformanceContext } from './get-performance.js';
export { clientPerformanceRoutes, producerPerformanceRoutes } from './routes.js';
