/**
 * The producer lists' public surface: their routes, the team scope of a list request (reports resolve theirs the
 * same way), the follow-up types' words, and the New Business list's definition (the producer home counts its stages
 * with the list's own statement, so its figures are the list's totals).
 */
export { followupTypeWord } from './followup-type-words.js';
export { newBusinessServerList } from './new-business-list.js';
export { producerListRoutes } from './routes.js';
export { listScope, type ProducerListsContext } from './search-list.js';
