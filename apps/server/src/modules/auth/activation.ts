import type { AccountFlowResponse, ActivateRequest } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { FormValidationError, type MessageRef } from '../../plugins/errors.js';
import { deleteUserSessions } from '../../plugins/session/queries.js';
import { sha256 } from '../../plugins/session/tokens.js';
import { LIMITS } from './abuse-limits.js';
import { type AuthContext, audit, enforceLimits, settingsOf } from './context.js';
import { nameLockKey } from './lockout.js';
import { passwordProblems } from './password-policy.js';
import { hashPassword } from './passwords.js';
import {
  advisorCodeOf,
  clearNameLock,
  consumeAccountToken,
  findLiveAccountToken,
  savePassword,
  voidAccountTokens,
  voidOneTimeCodes,
} from './queries.js';
import { recordSecurityEvent } from './security/activity.js';

/**
 * `POST /activate`, for both links: without `type` it activates a pending account (activation link), with
 * `type` B2B or B2C it resets the password of an active producer or client account (reset link). The code must be
 * live, unused and issued for that login on this site; the new password must pass the site's policy. Setting it
 * uses the code up, clears any lock and ends every session of the account (pending one-time-code logins too).
 */
export async function activate(
  ctx: AuthContext,
  request: FastifyRequest,
  body: ActivateRequest,
): Promise<AccountFlowResponse> {
  const purpose = body.type ? 'reset' : 'activation';
  const action = purpose === 'reset' ? 'password.reset' : 'account.activation';
  const details = body.type ? { type: body.type } : {};
  await enforceLimits(
    ctx,
    request,
    [
      [LIMITS.activationPerIp, request.ip],
      [LIMITS.activationPerLogin, `${request.site.code}:${body.login.toLowerCase()}`],
    ],
    { action, details },
  );
  const at = ctx.now();
  const token = await findLiveAccountToken(ctx.db, sha256(body.activationCode), purpose, at);
  const expectedKind = body.type === 'B2B' ? 'producer' : 'client';
  const valid =
    token &&
    token.siteCode === request.site.code &&
    token.login.toLowerCase() === body.login.toLowerCase() &&
    (purpose === 'activation' ? token.status === 'pending' : token.status === 'active') &&
    (purpose === 'activation' || token.kind === expectedKind);
  if (!valid) {
    await audit(ctx, request, { action, outcome: 'failure', userId: token?.userId ?? null, details });
    throw new FormValidationError({ base: ['auth.linkInvalid'] });
  }

  const { passwordPolicy } = await settingsOf(ctx, request);
  const errors: Record<string, MessageRef[]> = {};
  const problems = passwordProblems(body.password, token.login, passwordPolicy);
  if (problems.length > 0) errors.password = problems;
  if (body.passwordConfirmation !== body.password)
    errors.passwordConfirmation = ['validation.passwordConfirmation'];
  if (Object.keys(errors).length > 0) throw new FormValidationError(errors);

  const passwordHash = await hashPassword(body.password);
  const done = await ctx.db.transaction(async (tx) => {
    if (!(await consumeAccountToken(tx, token.tokenId, at))) return false;
    await savePassword(tx, token.userId, passwordHash, at, { activate: purpose === 'activation' });
    // A producer's Advisor Code has a lock of its own (login.ts, lockSubjectOf): the new password clears it too.
    const advisorCode = token.kind === 'producer' ? await advisorCodeOf(tx, token.userId) : null;
    if (advisorCode)
      await clearNameLock(tx, nameLockKey(ctx.config.sessionSecret, token.siteCode, 'producer', advisorCode));
    await voidAccountTokens(tx, token.userId, at);
    // Every session ends, pending one-time-code logins included, and their codes stop working.
    await deleteUserSessions(tx, token.userId);
    await voidOneTimeCodes(tx, token.userId, at);
    await audit(ctx, request, { action, outcome: 'success', userId: token.userId, details }, tx);
    return true;
  });
  if (done && purpose === 'reset') await recordSecurityEvent(ctx, request, token.userId, 'password_reset');
  if (!done) {
    // The same link was used a moment ago by a request that raced this one.
    await audit(ctx, request, { action, outcome: 'failure', userId: token.userId, details });
    throw new FormValidationError({ base: ['auth.linkInvalid'] });
  }
  return { success: true, loginId: token.login };
}
