export * from './account-recovery.js';
export * from './permissions.js';
export * from './revenue-edit.js';
export * from './revenue-list.js';
export * from './revenues.js';
