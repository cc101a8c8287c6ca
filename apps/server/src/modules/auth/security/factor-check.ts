import type { AuthContext } from '../context.js';
import { findTotp, useRecoveryCode, useTotpStep } from './queries.js';
import { recoveryCodeHash } from './recovery-codes.js';
import { openSecret } from './secret-box.js';
import { matchingStep } from './totp.js';

/**
 * Checks an authenticator code against the account's confirmed authenticator. A code is accepted once: its time
 * step must be newer than the last one accepted, recorded in the same statement that checks it.
 */
export async function checkTotpCode(ctx: AuthContext, userId: number, code: string): Promise<boolean> {
  const row = await findTotp(ctx.db, userId);
  if (!row?.confirmedAt) return false;
  const secret = openSecret(ctx.config.mfa, userId, { keyId: row.keyId, sealed: row.secretSealed });
  if (!secret) {
    ctx.log.error({ userId, keyId: row.keyId }, 'authenticator secret cannot be opened (key missing?)');
    return false;
  }
  const step = matchingStep(secret, code.trim(), ctx.now());
  if (step === null || (row.lastUsedStep != null && step <= row.lastUsedStep)) return false;
  return useTotpStep(ctx.db, userId, step);
}

/** Uses up one of the account's recovery codes; answers whether it was live. */
export function checkRecoveryCode(ctx: AuthContext, userId: number, code: string): Promise<boolean> {
  if (code.length > 40) return Promise.resolve(false);
  return useRecoveryCode(ctx.db, userId, recoveryCodeHash(ctx.config.sessionSecret, userId, code), ctx.now());
}
