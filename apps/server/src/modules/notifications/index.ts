/** The notification centre's public surface: its routes (docs/notifications.md). */
export { notificationRoutes } from './routes.js';
