export * from './permissions.js';
export * from './revenues.js';
