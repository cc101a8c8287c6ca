import type { PasskeyOptionsResponse, StepUpRequest } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FormValidationError, HttpError } from '../../../plugins/errors.js';
import type { SessionControl } from '../../../plugins/session/plugin.js';
import { LIMITS } from '../abuse-limits.js';
import { type AuthContext, accountLocked, audit, enforceLimits } from '../context.js';
import { reserveAttempt } from '../login.js';
import { verifyPassword } from '../passwords.js';
import { clearFailedLogins } from '../queries.js';
import { recordSecurityEvent } from './activity.js';
import { signedInAccount } from './enrolment.js';
import { checkRecoveryCode, checkTotpCode } from './factor-check.js';
import { accountPasskeyChallenge, checkPasskeyAssertion } from './passkeys.js';
import { markStepUp, stepUpMethodsOf } from './step-up.js';

/** `POST /account/step_up/webauthn_options`: a challenge for this account's own passkeys, kept in this session. */
export async function stepUpPasskeyOptions(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionControl,
): Promise<PasskeyOptionsResponse> {
  const account = await signedInAccount(ctx, request);
  return accountPasskeyChallenge(ctx, request, reply, sessions, account.id, 'step-up');
}

/**
 * `POST /account/step_up`: proves the person is still there before a sensitive change. An account with an
 * authenticator uses it (or a recovery code), one with a passkey the passkey; one without a strong factor (a client on
 * e-mailed codes, a producer in the grace period) types the current password: it has no stronger factor, and must
 * never be locked out of changing its password (stepUpMethodsOf; docs/decisions/044-account-security.md). Failures
 * count on the account's lock like sign-in failures.
 */
export async function stepUp(ctx: AuthContext, request: FastifyRequest, body: StepUpRequest) {
  const action = 'mfa.step_up';
  const account = await signedInAccount(ctx, request);
  if (!stepUpMethodsOf(account).includes(body.method))
    throw new FormValidationError({ method: ['validation.notAllowed'] });
  await enforceLimits(ctx, request, [[LIMITS.otpVerifyPerAccount, String(account.id)]], {
    action,
    userId: account.id,
  });
  const reserved = await reserveAttempt(ctx, { userId: account.id });
  if (reserved.lockedFor > 0) throw accountLocked(reserved.lockedFor);
  const ok =
    body.method === 'webauthn'
      ? (await checkPasskeyAssertion(ctx, request, 'step-up', body.credential, account.id)) === account.id
      : body.method === 'password'
        ? await verifyPassword(account.passwordHash, body.code)
        : body.method === 'totp'
          ? await checkTotpCode(ctx, account.id, body.code)
          : await checkRecoveryCode(ctx, account.id, body.code);
  if (!ok) {
    await audit(ctx, request, {
      action,
      outcome: 'failure',
      userId: account.id,
      details: { method: body.method },
    });
    if (body.method !== 'password' && reserved.failures === 3)
      await recordSecurityEvent(ctx, request, account.id, 'mfa_failed');
    if (reserved.lockIfWrong > 0) throw accountLocked(reserved.lockIfWrong);
    // A field error, not a 401: the session is still signed in, only this check failed.
    if (body.method === 'webauthn') throw new HttpError(400, 'security.passkeyInvalid');
    throw new FormValidationError({
      code: [body.method === 'password' ? 'validation.passwordIncorrect' : 'security.mfaInvalid'],
    });
  }
  await clearFailedLogins(ctx.db, account.id);
  await markStepUp(ctx.db, request, ctx.now());
  await audit(ctx, request, {
    action,
    outcome: 'success',
    userId: account.id,
    details: { method: body.method },
  });
  if (body.method === 'recovery') await recordSecurityEvent(ctx, request, account.id, 'recovery_code_used');
  return { success: true as const };
}
