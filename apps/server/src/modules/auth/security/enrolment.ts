import type { RecoveryCodesResponse, TotpEnrolResponse } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { HttpError } from '../../../plugins/errors.js';
import { MFA_ENROLMENT, STEP_UP_AT } from '../../../plugins/session/pending-otp.js';
import { updateSessionState } from '../../../plugins/session/queries.js';
import { LIMITS } from '../abuse-limits.js';
import { type AuthContext, audit, enforceLimits, settingsOf } from '../context.js';
import { findAccountById } from '../queries.js';
import { recordSecurityEvent } from './activity.js';
import { enrolmentDue, hasStrongFactor } from './policy.js';
import { deleteTotp, findTotp, replaceRecoveryCodes, saveUnconfirmedTotp, useTotpStep } from './queries.js';
import { newRecoveryCode, RECOVERY_CODE_COUNT, recoveryCodeHash } from './recovery-codes.js';
import { openSecret, sealSecret } from './secret-box.js';
import { requireStepUp } from './step-up.js';
import { matchingStep, newTotpSecret, totpUrl } from './totp.js';

/** The signed-in account, read afresh (its factors may have changed in another tab). */
export async function signedInAccount(ctx: AuthContext, request: FastifyRequest) {
  const principal = request.principal;
  const account = principal ? await findAccountById(ctx.db, principal.userId) : undefined;
  if (!account || !request.session) throw new HttpError(401, 'errors.unauthorized');
  return account;
}

/** Writes this session's data (forgetting cached copies everywhere). */
export async function saveSessionData(
  ctx: AuthContext,
  request: FastifyRequest,
  data: Record<string, unknown>,
) {
  const session = request.session;
  if (!session) return;
  session.data = data;
  await updateSessionState(ctx.db, session.idHash, { data });
}

/**
 * `POST /account/mfa/totp`: a new secret, not yet in force, for the person to add to their app (QR code and text).
 * Asking again before confirming replaces it. Adding a factor is a sensitive change: it needs a recent check. A
 * session held to enrolment has just signed in, which counts as one.
 */
export async function startTotpEnrolment(
  ctx: AuthContext,
  request: FastifyRequest,
): Promise<TotpEnrolResponse> {
  const account = await signedInAccount(ctx, request);
  requireStepUp(request, ctx.config, ctx.now());
  if (account.totpEnabled) throw new HttpError(409, 'security.totpAlreadyEnabled');
  const secret = newTotpSecret();
  const sealed = sealSecret(ctx.config.mfa, account.id, secret);
  if (!(await saveUnconfirmedTotp(ctx.db, account.id, sealed.keyId, sealed.sealed, ctx.now())))
    throw new HttpError(409, 'security.totpAlreadyEnabled');
  const { siteName } = await settingsOf(ctx, request);
  const otpauthUrl = totpUrl(secret, siteName, account.login);
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  await audit(ctx, request, { action: 'mfa.totp_start', outcome: 'success', userId: account.id });
  return {
    secret,
    otpauthUrl,
    qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** A new set of recovery codes for the account (the old set stops working); answers the codes, shown once. */
export async function issueRecoveryCodes(ctx: AuthContext, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => newRecoveryCode());
  const hashes = codes.map((code) => recoveryCodeHash(ctx.config.sessionSecret, userId, code));
  await replaceRecoveryCodes(ctx.db, userId, hashes, ctx.now());
  return codes;
}

/**
 * `POST /account/mfa/totp/confirm`: the first code from the app puts the authenticator in force and answers ten
 * recovery codes, shown this once. Lifts the enrolment hold of this session; counts as a step-up.
 */
export async function confirmTotp(
  ctx: AuthContext,
  request: FastifyRequest,
  code: string,
): Promise<RecoveryCodesResponse> {
  const action = 'mfa.totp_confirm';
  const account = await signedInAccount(ctx, request);
  await enforceLimits(ctx, request, [[LIMITS.otpVerifyPerAccount, String(account.id)]], {
    action,
    userId: account.id,
  });
  const row = await findTotp(ctx.db, account.id);
  if (!row) throw new HttpError(400, 'security.totpNotStarted');
  if (row.confirmedAt) throw new HttpError(409, 'security.totpAlreadyEnabled');
  const secret = openSecret(ctx.config.mfa, account.id, { keyId: row.keyId, sealed: row.secretSealed });
  const step = secret ? matchingStep(secret, code, ctx.now()) : null;
  if (step === null || !(await useTotpStep(ctx.db, account.id, step, ctx.now()))) {
    await audit(ctx, request, { action, outcome: 'failure', userId: account.id });
    throw new HttpError(400, 'security.mfaInvalid');
  }
  const recoveryCodes = await issueRecoveryCodes(ctx, account.id);
  const { [MFA_ENROLMENT]: _hold, ...data } = request.session?.data ?? {};
  await saveSessionData(ctx, request, { ...data, [STEP_UP_AT]: ctx.now().toISOString() });
  await audit(ctx, request, { action, outcome: 'success', userId: account.id });
  await recordSecurityEvent(ctx, request, account.id, 'factor_added');
  return { recoveryCodes };
}

/**
 * `DELETE /account/mfa/totp`: removes the authenticator, after a recent check, and the recovery codes unless a
 * passkey keeps them. An account that must have a strong factor and whose grace period is over is then held to
 * enrolment again, in this session too.
 */
export async function removeTotp(ctx: AuthContext, request: FastifyRequest) {
  const account = await signedInAccount(ctx, request);
  requireStepUp(request, ctx.config, ctx.now());
  if (!account.totpEnabled) throw new HttpError(404, 'security.totpNotEnabled');
  await deleteTotp(ctx.db, account.id, { keepRecoveryCodes: account.passkeyEnabled });
  if (enrolmentDue(ctx.config, { ...account, totpEnabled: false }, ctx.now()))
    await saveSessionData(ctx, request, { ...request.session?.data, [MFA_ENROLMENT]: true });
  await audit(ctx, request, { action: 'mfa.totp_remove', outcome: 'success', userId: account.id });
  await recordSecurityEvent(ctx, request, account.id, 'factor_removed');
  return { success: true as const };
}

/** `POST /account/mfa/recovery_codes`: a new set of ten (the old ones stop working), after a recent check. */
export async function regenerateRecoveryCodes(
  ctx: AuthContext,
  request: FastifyRequest,
): Promise<RecoveryCodesResponse> {
  const account = await signedInAccount(ctx, request);
  requireStepUp(request, ctx.config, ctx.now());
  if (!hasStrongFactor(account)) throw new HttpError(404, 'security.totpNotEnabled');
  const recoveryCodes = await issueRecoveryCodes(ctx, account.id);
  await audit(ctx, request, { action: 'mfa.recovery_codes', outcome: 'success', userId: account.id });
  await recordSecurityEvent(ctx, request, account.id, 'recovery_codes_renewed');
  return { recoveryCodes };
}
