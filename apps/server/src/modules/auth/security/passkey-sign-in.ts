import type { MeResponse, PasskeyLoginRequest, PasskeyOptionsResponse } from '@portal/contract';
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../../plugins/errors.js';
import type { SessionControl } from '../../../plugins/session/plugin.js';
import { LIMITS } from '../abuse-limits.js';
import { type AuthContext, accountLocked, audit, countAttempt, enforceLimits } from '../context.js';
import { completeSignIn, kindFor, reserveAttempt } from '../login.js';
import { findPasskeyAccount } from '../queries.js';
import { findPasskeyByCredential } from './passkey-queries.js';
import { accountPasskeyChallenge, checkPasskeyAssertion } from './passkeys.js';
import { keepChallenge, relyingParty, takeChallenge } from './relying-party.js';
import { pendingStrongAccount } from './second-factor.js';

async function limitOptions(ctx: AuthContext, request: FastifyRequest, action: string) {
  await enforceLimits(ctx, request, [[LIMITS.passkeyOptionsPerIp, request.ip]], { action });
}

/** `POST /login/mfa/webauthn_options`: a challenge for the passkeys of the account whose sign-in is pending. */
export async function secondFactorPasskeyOptions(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionControl,
): Promise<PasskeyOptionsResponse> {
  const action = 'login.mfa_passkey_options';
  await limitOptions(ctx, request, action);
  const { account, methods } = await pendingStrongAccount(ctx, request, action);
  if (!methods.includes('webauthn')) throw new HttpError(404, 'errors.notFound');
  return accountPasskeyChallenge(ctx, request, reply, sessions, account.id, 'second-factor');
}

/** `POST /login/passkey/options`: a challenge for any passkey of this site (the browser offers its own). */
export async function passkeySignInOptions(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionControl,
): Promise<PasskeyOptionsResponse> {
  await limitOptions(ctx, request, 'login.passkey_options');
  const { rpID } = relyingParty(ctx, request);
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
  const csrfToken = await keepChallenge(ctx, request, reply, sessions, 'sign-in', options.challenge);
  return { options: options as unknown as Record<string, unknown>, csrfToken };
}

/**
 * `POST /login/passkey`: a sign-in with a passkey alone. A passkey with user verification is two factors in one
 * (the device and its PIN or biometric), so no second step follows. It counts like a password attempt: on the
 * per-address failure limit and on the account's lock, and a locked account cannot use it.
 */
export async function signInWithPasskey(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionControl,
  body: PasskeyLoginRequest,
): Promise<MeResponse> {
  const action = 'login.passkey';
  const kind = kindFor(request, body.area);
  const limits = await countAttempt(ctx, request, [[LIMITS.loginFailuresPerIp, request.ip]], { action });
  const failed = async (userId: number | null, reason: string) => {
    await audit(ctx, request, { action, outcome: 'failure', userId, details: { kind, reason } });
    return new HttpError(401, 'security.passkeyInvalid');
  };
  const row = await findPasskeyByCredential(ctx.db, body.credential.id);
  const account = row ? await findPasskeyAccount(ctx.db, row.userId, request.site.code, kind) : undefined;
  if (account?.status !== 'active') {
    await takeChallenge(ctx, request, 'sign-in');
    throw await failed(account?.id ?? null, account ? account.status : 'unknown');
  }
  const reserved = await reserveAttempt(ctx, { userId: account.id });
  if (reserved.lockedFor > 0) {
    await limits.refund();
    await audit(ctx, request, { action, outcome: 'locked', userId: account.id });
    throw accountLocked(reserved.lockedFor);
  }
  if ((await checkPasskeyAssertion(ctx, request, 'sign-in', body.credential, account.id)) === null) {
    const error = await failed(account.id, 'assertion');
    if (reserved.lockIfWrong > 0) throw accountLocked(reserved.lockIfWrong);
    throw error;
  }
  await limits.refund();
  return completeSignIn(ctx, request, reply, sessions, account, action);
}
