// The auth module's SQL, one file per flow; imported through here so callers need not know which file holds what.
export * from './account-queries.js';
export * from './account-token-queries.js';
export * from './one-time-code-queries.js';
export * from './password-queries.js';
export * from './sign-in-lock-queries.js';
