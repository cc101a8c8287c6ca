import type { AccountLookupQuery, AccountRecoveryAction, RecoveryAccount } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../../plugins/errors.js';
import { deleteUserSessions } from '../../../plugins/session/queries.js';
import { type AuthContext, audit } from '../context.js';
import { recordSecurityEvent } from './activity.js';
import { findRecoveryAccount, resetSecondFactors } from './office-recovery-queries.js';
import { requireStepUp } from './step-up.js';

/*
 * Recovery by the office (docs/security/account-security.md, "Recovery by the office"). A person who lost their
 * authenticator or passkey and their recovery codes cannot prove themselves to the portal any more; staff holding the
 * Account Recovery menu, after checking who is asking by a way the firm trusts (a call back to the number on file, in
 * person, a video call), remove the account's second factors so it can enrol again, or sign it out everywhere. Each
 * change needs the staff member's own recent check, names how the person was verified and why, is written to the audit
 * log under the staff member, and reaches the account's owner as a security notice by every channel.
 */

/** The staff member acting: set by the permission guard on every route of this screen. */
function actingStaff(request: FastifyRequest) {
  const caller = request.staffCaller;
  if (!caller) throw new HttpError(403, 'errors.forbidden');
  return caller;
}

async function accountOrNotFound(ctx: AuthContext, where: Parameters<typeof findRecoveryAccount>[1]) {
  const row = await findRecoveryAccount(ctx.db, where, ctx.now(), ctx.config.sessionIdleMs);
  if (!row) throw new HttpError(404, 'errors.notFound');
  return row;
}

function viewOf(row: Awaited<ReturnType<typeof accountOrNotFound>>): RecoveryAccount {
  return {
    id: row.id,
    site: row.site,
    login: row.login,
    kind: row.kind,
    name: row.name,
    status: row.status,
    totpEnabled: row.totpEnabled,
    passkeys: row.passkeys,
    recoveryCodesLeft: row.recoveryCodesLeft,
    trustedBrowsers: row.trustedBrowsers,
    sessions: row.sessions,
  };
}

/** `GET /internal/accounts?site=&login=`: the account and what secures it (404 when there is none). */
export async function lookUpAccount(ctx: AuthContext, request: FastifyRequest, query: AccountLookupQuery) {
  actingStaff(request);
  return viewOf(await accountOrNotFound(ctx, { site: query.site, login: query.login }));
}

/**
 * The account a change is about, with the checks every change makes: the staff member's recent check, and never
 * their own account (a staff member who lost their factor asks a colleague, as anyone else does).
 */
async function accountToChange(ctx: AuthContext, request: FastifyRequest, id: number) {
  const staff = actingStaff(request);
  requireStepUp(request, ctx.config, ctx.now());
  const row = await findRecoveryAccount(ctx.db, { id }, ctx.now(), ctx.config.sessionIdleMs);
  if (!row) throw new HttpError(404, 'errors.notFound');
  if (row.id === staff.userId) throw new HttpError(409, 'security.officeRecoveryOwnAccount');
  return { staff, row };
}

/**
 * What every change by the office writes after it: the audit row under the staff member, with how the person was
 * verified and why; the security event the account's owner sees (without the staff member's browser or address)
 * and its notice; then the account as it now is.
 */
async function recordOfficeChange(
  ctx: AuthContext,
  request: FastifyRequest,
  change: Awaited<ReturnType<typeof accountToChange>>,
  action: AccountRecoveryAction,
  what: { audit: string; event: 'sessions_ended_by_office' | 'factors_reset_by_office'; details: object },
) {
  const { staff, row } = change;
  await audit(ctx, request, {
    action: what.audit,
    outcome: 'success',
    userId: staff.userId,
    details: { accountId: row.id, ...what.details, identityCheck: action.identityCheck, note: action.note },
  });
  await recordSecurityEvent(
    ctx,
    request,
    row.id,
    what.event,
    { byStaffUserId: staff.userId },
    { byOffice: true },
  );
  return viewOf(await accountOrNotFound(ctx, { site: row.site, id: row.id }));
}

/** `POST /internal/accounts/{id}/end_sessions`: the account is signed out of every browser, at its next request. */
export async function endAccountSessions(
  ctx: AuthContext,
  request: FastifyRequest,
  id: number,
  action: AccountRecoveryAction,
) {
  const change = await accountToChange(ctx, request, id);
  await deleteUserSessions(ctx.db, change.row.id);
  return recordOfficeChange(ctx, request, change, action, {
    audit: 'office.end_sessions',
    event: 'sessions_ended_by_office',
    details: { ended: change.row.sessions },
  });
}

/**
 * `POST /internal/accounts/{id}/reset_factors`: the authenticator, passkeys, recovery codes and remembered browsers
 * go, and the account is signed out everywhere. An audience that must have a strong factor is sent to enrolment at
 * its next sign-in (its grace period is not given again: the password alone must not be enough for weeks); a client
 * goes back to the e-mailed code.
 */
export async function resetAccountFactors(
  ctx: AuthContext,
  request: FastifyRequest,
  id: number,
  action: AccountRecoveryAction,
) {
  const change = await accountToChange(ctx, request, id);
  const { row } = change;
  const now = ctx.now();
  const graceFrom = ctx.config.mfa.requiredFor.has(row.kind)
    ? new Date(now.getTime() - ctx.config.mfa.graceMs)
    : now;
  await resetSecondFactors(ctx.db, row.id, graceFrom);
  await deleteUserSessions(ctx.db, row.id);
  return recordOfficeChange(ctx, request, change, action, {
    audit: 'office.reset_factors',
    event: 'factors_reset_by_office',
    details: {
      removed: { totp: row.totpEnabled, passkeys: row.passkeys, recoveryCodes: row.recoveryCodesLeft },
    },
  });
}
