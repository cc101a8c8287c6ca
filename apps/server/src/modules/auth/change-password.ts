import type { AccountFlowResponse, ChangePasswordRequest } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { noticeMinute } from '../../notifications/index.js';
import { FormValidationError, HttpError, type MessageRef } from '../../plugins/errors.js';
import { STEP_UP_AT } from '../../plugins/session/pending-otp.js';
import type { SessionControl } from '../../plugins/session/plugin.js';
import { deleteUserSessions } from '../../plugins/session/queries.js';
import { LIMITS } from './abuse-limits.js';
import { type AuthContext, audit, enforceLimits, queueMail, settingsOf } from './context.js';
import { passwordProblems } from './password-policy.js';
import { hashPassword, verifyPassword } from './passwords.js';
import {
  findAccountById,
  passwordHashForUpdate,
  savePassword,
  voidAccountTokens,
  voidOneTimeCodes,
} from './queries.js';
import { recordSecurityEvent } from './security/activity.js';
import { hasStrongFactor } from './security/policy.js';
import { requireStepUp } from './security/step-up.js';

/**
 * `POST /change_password` for a signed-in client or producer. Every problem is answered at once as field errors;
 * on success the other sessions of the account end (a thief holding one is out, and so is a login waiting for its
 * one-time code), this one stays signed in under a new id and CSRF token (the SPA re-reads `/me`), open reset links
 * and codes stop working, and the account holder is told by e-mail.
 */
export async function changePassword(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionControl,
  body: ChangePasswordRequest,
): Promise<AccountFlowResponse> {
  const action = 'password.change';
  const principal = request.principal;
  const session = request.session;
  if (!principal || !session) throw new HttpError(401, 'errors.unauthorized');
  await enforceLimits(ctx, request, [[LIMITS.changePasswordPerUser, String(principal.userId)]], {
    action,
    userId: principal.userId,
  });
  const account = await findAccountById(ctx.db, principal.userId);
  if (!account) throw new HttpError(401, 'errors.unauthorized');
  // With an authenticator or a passkey, the current password alone is not enough: it needs a recent second-factor
  // check too. Without one, the current password is the re-authentication (decision 044).
  if (hasStrongFactor(account)) requireStepUp(request, ctx.config, ctx.now());

  const errors: Record<string, MessageRef[]> = {};
  const currentOk = await verifyPassword(account.passwordHash, body.currentPassword);
  if (!currentOk) errors.currentPassword = ['validation.passwordIncorrect'];
  const { passwordPolicy, siteName } = await settingsOf(ctx, request);
  const problems = passwordProblems(body.newPassword, account.login, passwordPolicy);
  if (problems.length === 0 && currentOk && body.newPassword === body.currentPassword) {
    problems.push('validation.passwordUnchanged');
  }
  if (problems.length > 0) errors.newPassword = problems;
  if (body.confirmNewPassword !== body.newPassword)
    errors.confirmNewPassword = ['validation.passwordConfirmation'];
  if (Object.keys(errors).length > 0) {
    const reasons = Object.keys(errors);
    await audit(ctx, request, {
      action,
      outcome: 'failure',
      userId: account.id,
      details: { fields: reasons },
    });
    throw new FormValidationError(errors);
  }

  const passwordHash = await hashPassword(body.newPassword);
  const at = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    // The hash checked above must still be the stored one: a change that landed meanwhile (the same form sent twice,
    // or another tab) decides. Under the row lock, so two changes never both pass.
    const stored = await passwordHashForUpdate(tx, account.id);
    if (stored !== account.passwordHash) return 'changed meanwhile' as const;
    await savePassword(tx, account.id, passwordHash, at, { activate: false });
    await voidAccountTokens(tx, account.id, at, 'reset');
    // Other sessions end, pending one-time-code logins begun with the old password included; their codes die.
    await deleteUserSessions(tx, account.id, session.idHash);
    await voidOneTimeCodes(tx, account.id, at);
    await audit(ctx, request, { action, outcome: 'success', userId: account.id }, tx);
    return 'changed' as const;
  });
  if (outcome === 'changed meanwhile') {
    const stored = (await findAccountById(ctx.db, account.id))?.passwordHash;
    // The same change already made (a double-submitted form): answered as done, with no second e-mail or audit
    // row. Any other change meanwhile makes the current password typed here a wrong one.
    if (stored && (await verifyPassword(stored, body.newPassword))) {
      await audit(ctx, request, { action, outcome: 'repeat', userId: account.id });
      return { success: true };
    }
    await audit(ctx, request, {
      action,
      outcome: 'failure',
      userId: account.id,
      details: { fields: ['currentPassword'] },
    });
    throw new FormValidationError({ currentPassword: ['validation.passwordIncorrect'] });
  }
  // Like every sign-in step: whoever may have learnt this session's id before the change holds nothing afterwards.
  const { internal: _internal, ...carried } = session.data;
  await sessions.rotate(request, reply, account.id, { ...carried, [STEP_UP_AT]: at.toISOString() });
  // The e-mail below is this event's notice by mail; the other channels (SMS) get it from the notifier.
  await recordSecurityEvent(ctx, request, account.id, 'password_changed', {}, { except: ['mail'] });
  if (account.email) {
    await queueMail(ctx, request, 'passwordChanged', account.email, {
      siteName,
      login: account.login,
      at: noticeMinute(at),
    });
  }
  return { success: true };
}
