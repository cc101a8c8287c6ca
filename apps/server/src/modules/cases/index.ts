/** Cases (docs/producer/cases.md): their routes. */
export { casesRoutes } from './routes.js';
