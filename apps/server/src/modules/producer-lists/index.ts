/**
 * The producer lists' public surface: their routes, the team scope of a list request (reports resolve theirs the
 * same way), the follow-up types' words, and the requirement views' predicate (the producer home counts its
 * requirement figures with it, so each figure is the list's total).
 */
export { followupTypeWord } from './followup-type-words.js';
export { requirementViewFilter } from './requirement-list.js';
export { producerListRoutes } from './routes.js';
export { listScope, type ProducerListsContext } from './search-list.js';
