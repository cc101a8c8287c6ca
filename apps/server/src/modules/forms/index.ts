/** The forms module's public surface: the plan forms' routes and the public forms API. */
export { planFormsRoutes, publicFormsRoutes } from './routes.js';
