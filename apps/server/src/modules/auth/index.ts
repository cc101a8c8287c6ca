/**
 * The auth module's public surface: sign-in and account routes, the lock policy, password hashing, and the step-up
 * check other modules put in front of sensitive changes (docs/security/account-security.md).
 */
export { LOCK_POLICY } from './lockout.js';
export { hashPassword } from './passwords.js';
export { authRoutes } from './routes.js';
export { sealSecret } from './security/secret-box.js';
export { requireStepUp } from './security/step-up.js';
