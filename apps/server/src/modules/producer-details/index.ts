/** The producer detail documents' public surface: their routes. */
export { producerDetailsRoutes } from './routes.js';
