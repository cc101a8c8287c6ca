import { createHmac } from 'node:crypto';
import type {
  Passkey,
  PasskeyAssertion,
  PasskeyOptionsResponse,
  PasskeyRegistered,
  PasskeyRegisterRequest,
} from '@portal/contract';
import {
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../../plugins/errors.js';
import { MFA_ENROLMENT, STEP_UP_AT } from '../../../plugins/session/pending-otp.js';
import type { SessionControl } from '../../../plugins/session/plugin.js';
import { type AuthContext, audit, settingsOf } from '../context.js';
import { recordSecurityEvent } from './activity.js';
import { issueRecoveryCodes, saveSessionData, signedInAccount } from './enrolment.js';
import {
  deletePasskey,
  findPasskeyByCredential,
  insertPasskey,
  listPasskeys,
  PASSKEYS_PER_ACCOUNT,
  usePasskey,
} from './passkey-queries.js';
import { enrolmentDue, hasStrongFactor } from './policy.js';
import { deleteRecoveryCodes } from './queries.js';
import { keepChallenge, relyingParty, takeChallenge } from './relying-party.js';
import { requireStepUp } from './step-up.js';

/**
 * The user handle a passkey stores for its account: a keyed hash of the account id, so the authenticator learns
 * nothing about the account and a passkey sign-in can check the handle belongs to the passkey's account.
 */
export function passkeyUserHandle(ctx: AuthContext, userId: number) {
  return new Uint8Array(
    createHmac('sha256', ctx.config.sessionSecret).update(`passkey-user:${userId}`).digest(),
  );
}

/**
 * `POST /account/passkeys/options`: options for the browser to make a new passkey (discoverable, with user
 * verification). Adding a factor needs a recent check, as for the authenticator.
 */
export async function passkeyRegistrationOptions(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionControl,
): Promise<PasskeyOptionsResponse> {
  const account = await signedInAccount(ctx, request);
  requireStepUp(request, ctx.config, ctx.now());
  const existing = await listPasskeys(ctx.db, account.id);
  if (existing.length >= PASSKEYS_PER_ACCOUNT) throw new HttpError(409, 'security.passkeyLimit');
  const { rpID } = relyingParty(ctx, request);
  const { siteName } = await settingsOf(ctx, request);
  const options = await generateRegistrationOptions({
    rpName: siteName,
    rpID,
    userName: account.login,
    userID: passkeyUserHandle(ctx, account.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({
      id: p.credentialId,
      transports: p.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const csrfToken = await keepChallenge(ctx, request, reply, sessions, 'register', options.challenge);
  return { options: options as unknown as Record<string, unknown>, csrfToken };
}

/**
 * `POST /account/passkeys`: checks the browser's answer against the challenge of this session and stores the
 * passkey. Lifts the enrolment hold (a passkey is a strong factor) and counts as a step-up. The account's first
 * strong factor comes with ten recovery codes, answered this once, as after setting up an authenticator.
 */
export async function registerPasskey(
  ctx: AuthContext,
  request: FastifyRequest,
  body: PasskeyRegisterRequest,
): Promise<PasskeyRegistered> {
  const action = 'mfa.passkey_add';
  const account = await signedInAccount(ctx, request);
  requireStepUp(request, ctx.config, ctx.now());
  const challenge = await takeChallenge(ctx, request, 'register');
  if (!challenge) throw new HttpError(400, 'security.passkeyExpired');
  const { rpID, origins } = relyingParty(ctx, request);
  let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>['registrationInfo'];
  try {
    const result = await verifyRegistrationResponse({
      response: body.credential,
      expectedChallenge: challenge,
      expectedOrigin: origins,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
    info = result.verified ? result.registrationInfo : undefined;
  } catch (error) {
    request.log.info({ err: error }, 'passkey registration refused');
  }
  if (!info) {
    await audit(ctx, request, { action, outcome: 'failure', userId: account.id });
    throw new HttpError(400, 'security.passkeyInvalid');
  }
  const at = ctx.now();
  const saved = await insertPasskey(ctx.db, {
    userId: account.id,
    credentialId: info.credential.id,
    publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
    signCount: info.credential.counter,
    transports: body.credential.response.transports ?? [],
    name: body.name,
    createdAt: at,
  });
  if (!saved) throw new HttpError(409, 'security.passkeyExists');
  const recoveryCodes = hasStrongFactor(account) ? undefined : await issueRecoveryCodes(ctx, account.id);
  const { [MFA_ENROLMENT]: _hold, ...data } = request.session?.data ?? {};
  await saveSessionData(ctx, request, { ...data, [STEP_UP_AT]: at.toISOString() });
  await audit(ctx, request, { action, outcome: 'success', userId: account.id });
  await recordSecurityEvent(ctx, request, account.id, 'passkey_added', { name: body.name });
  const [row] = (await listPasskeys(ctx.db, account.id)).filter((p) => p.credentialId === info.credential.id);
  const passkey = toPasskey(row ?? { id: 0, name: body.name, createdAt: at, lastUsedAt: null });
  return recoveryCodes ? { ...passkey, recoveryCodes } : passkey;
}

function toPasskey(row: { id: number; name: string; createdAt: Date; lastUsedAt: Date | null }): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** `GET /account/passkeys`. */
export async function listAccountPasskeys(ctx: AuthContext, request: FastifyRequest) {
  const account = await signedInAccount(ctx, request);
  return { data: (await listPasskeys(ctx.db, account.id)).map(toPasskey) };
}

/**
 * `DELETE /account/passkeys/:id`, after a recent check. Removing the last strong factor of an account that must have
 * one (grace period over) holds the session to enrolment again, as removing the authenticator does.
 */
export async function removePasskey(ctx: AuthContext, request: FastifyRequest, id: number) {
  const account = await signedInAccount(ctx, request);
  requireStepUp(request, ctx.config, ctx.now());
  if (!(await deletePasskey(ctx.db, account.id, id))) throw new HttpError(404, 'errors.notFound');
  const left = (await listPasskeys(ctx.db, account.id)).length;
  if (left === 0 && !account.totpEnabled) await deleteRecoveryCodes(ctx.db, account.id);
  if (enrolmentDue(ctx.config, { ...account, passkeyEnabled: left > 0 }, ctx.now()))
    await saveSessionData(ctx, request, { ...request.session?.data, [MFA_ENROLMENT]: true });
  await audit(ctx, request, { action: 'mfa.passkey_remove', outcome: 'success', userId: account.id });
  await recordSecurityEvent(ctx, request, account.id, 'passkey_removed');
  return { success: true as const };
}

/**
 * Options for a check with one of the account's own passkeys (the second step of a sign-in, a step-up): the challenge
 * is kept in this session under `purpose`, for one answer. An account without a passkey has nothing to offer: 404.
 */
export async function accountPasskeyChallenge(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionControl,
  userId: number,
  purpose: 'second-factor' | 'step-up',
): Promise<PasskeyOptionsResponse> {
  const passkeys = await listPasskeys(ctx.db, userId);
  if (passkeys.length === 0) throw new HttpError(404, 'errors.notFound');
  const { rpID } = relyingParty(ctx, request);
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: 'required',
    allowCredentials: passkeys.map((p) => ({
      id: p.credentialId,
      transports: p.transports as AuthenticatorTransport[],
    })),
  });
  const csrfToken = await keepChallenge(ctx, request, reply, sessions, purpose, options.challenge);
  return { options: options as unknown as Record<string, unknown>, csrfToken };
}

/**
 * Checks an assertion against the challenge of `purpose` in this session: a known passkey (of `userId` when the
 * account is known already), the site's relying party, user verification, and a signature counter that went
 * forward. A counter that went back means a copied authenticator: refused, and recorded on the account's activity.
 * Answers the passkey's account id, or null.
 */
export async function checkPasskeyAssertion(
  ctx: AuthContext,
  request: FastifyRequest,
  purpose: 'second-factor' | 'sign-in' | 'step-up',
  credential: PasskeyAssertion,
  userId: number | null,
): Promise<number | null> {
  const challenge = await takeChallenge(ctx, request, purpose);
  const row = await findPasskeyByCredential(ctx.db, credential.id);
  if (!challenge || !row || (userId !== null && row.userId !== userId)) return null;
  const handle = credential.response.userHandle;
  if (handle && handle !== isoBase64URL.fromBuffer(passkeyUserHandle(ctx, row.userId))) return null;
  const { rpID, origins } = relyingParty(ctx, request);
  let newCounter: number | null = null;
  try {
    const result = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: origins,
      expectedRPID: rpID,
      credential: {
        id: row.credentialId,
        publicKey: isoBase64URL.toBuffer(row.publicKey) as Uint8Array<ArrayBuffer>,
        counter: row.signCount,
        transports: row.transports as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    });
    if (result.verified) newCounter = result.authenticationInfo.newCounter;
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (message.includes('counter')) {
      await recordSecurityEvent(ctx, request, row.userId, 'passkey_counter_mismatch', { passkey: row.id });
    }
    request.log.info({ err: error }, 'passkey assertion refused');
  }
  if (newCounter === null) return null;
  if (!(await usePasskey(ctx.db, row.id, newCounter, ctx.now()))) {
    await recordSecurityEvent(ctx, request, row.userId, 'passkey_counter_mismatch', { passkey: row.id });
    return null;
  }
  return row.userId;
}
