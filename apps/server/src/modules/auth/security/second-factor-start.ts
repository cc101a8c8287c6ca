import type { MeResponse, MfaMethod } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { getCurrentUser } from '../../../plugins/session/current-user.js';
import { MFA_PENDING, OTP_PENDING_UNTIL } from '../../../plugins/session/pending-otp.js';
import type { SessionControl } from '../../../plugins/session/plugin.js';
import type { AuthContext } from '../context.js';
import { OTP_POLICY } from '../one-time-code.js';
import type { Account } from '../queries.js';

/**
 * The strong methods an account is offered at sign-in and at a step-up: its passkeys, its authenticator, and the
 * recovery codes that came with its first strong factor (either kind).
 */
export function strongMethodsOf(
  account: Pick<Account, 'totpEnabled' | 'passkeyEnabled'>,
): Extract<MfaMethod, 'webauthn' | 'totp' | 'recovery'>[] {
  return [
    ...(account.passkeyEnabled ? (['webauthn'] as const) : []),
    ...(account.totpEnabled ? (['totp'] as const) : []),
    ...(account.passkeyEnabled || account.totpEnabled ? (['recovery'] as const) : []),
  ];
}

/**
 * After a correct password when an authenticator is due: like the e-mailed code's pending login (one-time-code.ts),
 * a fresh session without a user remembers the account (`otpUserId`) and until when, plus the methods offered; no
 * mail is sent. The answer is the `/me` shape with `mfa.methods`.
 */
export async function startStrongSecondFactor(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionControl,
  account: Account,
): Promise<MeResponse> {
  const pendingUntil = new Date(ctx.now().getTime() + OTP_POLICY.pendingTtlMs).toISOString();
  const session = await sessions.rotate(
    request,
    reply,
    null,
    { [OTP_PENDING_UNTIL]: pendingUntil, [MFA_PENDING]: strongMethodsOf(account) },
    account.id,
  );
  return getCurrentUser(ctx.db, session, null, ctx.now());
}
