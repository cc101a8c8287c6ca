/** Conversations between clients and their producers: the routes. */
export { conversationRoutes } from './routes.js';
