import { createHmac } from 'node:crypto';
import {
  type AccountActivity,
  type AccountSession,
  RECOVERY_CODES_LOW,
  type SecurityOverview,
  type TrustedBrowser,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../../plugins/errors.js';
import { MFA_ENROLMENT } from '../../../plugins/session/pending-otp.js';
import { deleteSession, deleteUserSessions } from '../../../plugins/session/queries.js';
import { type AuthContext, audit } from '../context.js';
import { ACTIVITY_DAYS, recordSecurityEvent } from './activity.js';
import { deviceName } from './device-name.js';
import { signedInAccount } from './enrolment.js';
import { hasStrongFactor } from './policy.js';
import {
  countUnusedRecoveryCodes,
  deleteTrustedBrowser,
  listActivity,
  listTrustedBrowsers,
  listUserSessions,
} from './queries.js';
import { requireStepUp, stepUpMethodsOf } from './step-up.js';

/**
 * A session as the person's list names it: an HMAC of its id hash, so the list never carries anything a cookie
 * could be made from, and a reference means nothing outside this server.
 */
function sessionRef(secret: string, idHash: string): string {
  return createHmac('sha256', secret).update(`session-ref\0${idHash}`).digest('base64url').slice(0, 22);
}

/** `GET /account/security`: what the Security page shows. */
export async function securityOverview(ctx: AuthContext, request: FastifyRequest): Promise<SecurityOverview> {
  const account = await signedInAccount(ctx, request);
  const left = hasStrongFactor(account) ? await countUnusedRecoveryCodes(ctx.db, account.id) : 0;
  const required = ctx.config.mfa.requiredFor.has(account.kind);
  return {
    totpEnabled: account.totpEnabled,
    recoveryCodesLeft: left,
    recoveryCodesEnabled: hasStrongFactor(account),
    recoveryCodesLow: hasStrongFactor(account) && left <= RECOVERY_CODES_LOW,
    strongFactorRequired: required,
    graceEndsAt:
      required && !hasStrongFactor(account)
        ? new Date(account.mfaGraceFrom.getTime() + ctx.config.mfa.graceMs).toISOString()
        : null,
    enrolmentRequired: request.session?.data?.[MFA_ENROLMENT] === true,
    stepUpMethods: stepUpMethodsOf(account),
    trustedBrowsersAllowed: account.kind !== 'staff',
  };
}

/** `GET /account/sessions`: the account's live signed-in sessions, this one marked. */
export async function listSessions(
  ctx: AuthContext,
  request: FastifyRequest,
): Promise<{ data: AccountSession[] }> {
  const account = await signedInAccount(ctx, request);
  const rows = await listUserSessions(ctx.db, account.id, ctx.now(), ctx.config.sessionIdleMs);
  return {
    data: rows.map((row) => ({
      id: sessionRef(ctx.config.sessionSecret, row.idHash),
      current: row.idHash === request.session?.idHash,
      device: deviceName(row.userAgent),
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
    })),
  };
}

/**
 * `DELETE /account/sessions/:id`: ends one session. The row goes, every process's cache forgets it
 * (forgetSessionsEverywhere here, the database trigger's notification elsewhere), so its next request is signed out.
 */
export async function endSession(ctx: AuthContext, request: FastifyRequest, ref: string) {
  const account = await signedInAccount(ctx, request);
  // Ending sessions follows a recent check, so a stolen session cannot throw its owner out.
  requireStepUp(request, ctx.config, ctx.now());
  const rows = await listUserSessions(ctx.db, account.id, ctx.now(), ctx.config.sessionIdleMs);
  const target = rows.find((row) => sessionRef(ctx.config.sessionSecret, row.idHash) === ref);
  if (!target) throw new HttpError(404, 'security.sessionNotFound');
  await deleteSession(ctx.db, target.idHash);
  await audit(ctx, request, { action: 'session.end', outcome: 'success', userId: account.id });
  if (target.idHash !== request.session?.idHash)
    await recordSecurityEvent(ctx, request, account.id, 'session_ended');
  return { success: true as const };
}

/** `POST /account/sessions/end_others`: every other session of the account ends, pending sign-ins included. */
export async function endOtherSessions(ctx: AuthContext, request: FastifyRequest) {
  const account = await signedInAccount(ctx, request);
  requireStepUp(request, ctx.config, ctx.now());
  const current = request.session?.idHash;
  const others = (await listUserSessions(ctx.db, account.id, ctx.now(), ctx.config.sessionIdleMs)).filter(
    (row) => row.idHash !== current,
  );
  await deleteUserSessions(ctx.db, account.id, current);
  await audit(ctx, request, {
    action: 'session.end_others',
    outcome: 'success',
    userId: account.id,
    details: { ended: others.length },
  });
  if (others.length > 0) await recordSecurityEvent(ctx, request, account.id, 'session_ended');
  return { success: true as const };
}

/** `GET /account/activity`: the account's security events of the last ACTIVITY_DAYS, newest first. */
export async function listAccountActivity(
  ctx: AuthContext,
  request: FastifyRequest,
): Promise<{ data: AccountActivity[] }> {
  const account = await signedInAccount(ctx, request);
  const since = new Date(ctx.now().getTime() - ACTIVITY_DAYS * 86_400_000);
  const rows = await listActivity(ctx.db, account.id, since);
  return {
    data: rows.map((row) => ({
      type: row.type as AccountActivity['type'],
      at: row.at.toISOString(),
      device: row.device,
      ip: row.ip,
    })),
  };
}

/** `GET /account/trusted_browsers`. */
export async function listAccountTrustedBrowsers(
  ctx: AuthContext,
  request: FastifyRequest,
): Promise<{ data: TrustedBrowser[] }> {
  const account = await signedInAccount(ctx, request);
  const rows = await listTrustedBrowsers(ctx.db, account.id, ctx.now());
  return {
    data: rows.map((row) => ({
      id: row.id,
      device: row.device,
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    })),
  };
}

/** `DELETE /account/trusted_browsers/:id`: that browser is asked for the second factor again. */
export async function removeTrustedBrowser(ctx: AuthContext, request: FastifyRequest, id: number) {
  const account = await signedInAccount(ctx, request);
  if (!(await deleteTrustedBrowser(ctx.db, account.id, id))) throw new HttpError(404, 'errors.notFound');
  await audit(ctx, request, { action: 'mfa.trusted_browser_remove', outcome: 'success', userId: account.id });
  return { success: true as const };
}
