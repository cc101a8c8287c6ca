/** The team tree's public surface: its routes. */
export { producerTeamRoutes } from './routes.js';
