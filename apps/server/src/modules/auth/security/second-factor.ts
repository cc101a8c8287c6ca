import type { LoginMfaRequest, MeResponse } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FormValidationError, HttpError } from '../../../plugins/errors.js';
import { pendingMfaMethods, pendingOtpUserId } from '../../../plugins/session/pending-otp.js';
import type { SessionControl } from '../../../plugins/session/plugin.js';
import { LIMITS } from '../abuse-limits.js';
import { type AuthContext, accountLocked, audit, enforceLimits } from '../context.js';
import { completeSignIn, reserveAttempt } from '../login.js';
import { verifyOneTimeCode } from '../one-time-code.js';
import { findAccountById } from '../queries.js';
import { recordSecurityEvent } from './activity.js';
import { checkRecoveryCode, checkTotpCode } from './factor-check.js';
import { checkPasskeyAssertion } from './passkeys.js';
import { hasStrongFactor } from './policy.js';
import { trustBrowser } from './trusted-browser.js';

/** The failed second-factor attempt that sends the "failed confirmations" notice (once per run of failures). */
const NOTICE_AT_FAILURES = 3;

/** The account of this session's pending strong second factor, or a 401 telling the person to sign in again. */
export async function pendingStrongAccount(ctx: AuthContext, request: FastifyRequest, action: string) {
  const session = request.session;
  const userId = session ? pendingOtpUserId(session, ctx.now()) : null;
  const methods = session ? pendingMfaMethods(session) : null;
  const account = userId != null && methods ? await findAccountById(ctx.db, userId) : undefined;
  if (!session || !methods || !account || account.status !== 'active' || !hasStrongFactor(account)) {
    await audit(ctx, request, { action, outcome: 'not_pending', userId });
    throw new HttpError(401, 'security.mfaNotPending');
  }
  return { account, methods };
}

/**
 * `POST /login/mfa`: completes a sign-in with an authenticator code, a recovery code or a passkey (`email` goes to the
 * e-mailed code's check, as `POST /login` with otpCode does). A wrong code counts on the account's lock exactly like
 * a wrong password, before it is checked (login.ts reserveAttempt), so guesses at the code run into the same lock.
 */
export async function completeWithSecondFactor(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionControl,
  body: LoginMfaRequest,
): Promise<MeResponse> {
  if (body.method === 'email') {
    const account = await verifyOneTimeCode(ctx, request, body.code);
    return completeSignIn(ctx, request, reply, sessions, account, 'login.otp');
  }
  const action = 'login.mfa';
  const { account, methods } = await pendingStrongAccount(ctx, request, action);
  if (!methods.includes(body.method)) throw new FormValidationError({ method: ['validation.notAllowed'] });
  await enforceLimits(ctx, request, [[LIMITS.otpVerifyPerAccount, String(account.id)]], {
    action,
    userId: account.id,
  });
  const reserved = await reserveAttempt(ctx, { userId: account.id });
  const details = { method: body.method };
  if (reserved.lockedFor > 0) {
    await audit(ctx, request, { action, outcome: 'locked', userId: account.id, details });
    throw accountLocked(reserved.lockedFor);
  }
  const ok =
    body.method === 'webauthn'
      ? (await checkPasskeyAssertion(ctx, request, 'second-factor', body.credential, account.id)) !== null
      : body.method === 'totp'
        ? await checkTotpCode(ctx, account.id, body.code)
        : await checkRecoveryCode(ctx, account.id, body.code);
  if (!ok) {
    await audit(ctx, request, {
      action,
      outcome: 'failure',
      userId: account.id,
      details: { ...details, failures: reserved.failures },
    });
    if (reserved.failures === NOTICE_AT_FAILURES)
      await recordSecurityEvent(ctx, request, account.id, 'mfa_failed');
    if (reserved.lockIfWrong > 0) throw accountLocked(reserved.lockIfWrong);
    throw new HttpError(401, 'security.mfaInvalid');
  }
  const me = await completeSignIn(ctx, request, reply, sessions, account, action);
  if (body.method === 'recovery') await recordSecurityEvent(ctx, request, account.id, 'recovery_code_used');
  if (body.trustBrowser && account.kind !== 'staff') {
    await trustBrowser(ctx, request, reply, account.id);
    await recordSecurityEvent(ctx, request, account.id, 'trusted_browser_added');
  }
  return me;
}
