/** The system module's public surface: site information and health routes, the site cache, the sites' query. */
export { healthRoutes } from './health-routes.js';
export { selectAllSites } from './queries.js';
export { siteInfoRoutes } from './routes.js';
export { SiteCache } from './site-cache.js';
