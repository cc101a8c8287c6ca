import { type LoginRequest, type MeResponse, SITE_AREAS } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FormValidationError, HttpError } from '../../plugins/errors.js';
import { getCurrentUser } from '../../plugins/session/current-user.js';
import type { SessionControl } from '../../plugins/session/plugin.js';
import { principalOf } from '../../plugins/session/principal.js';
import { LIMITS } from './abuse-limits.js';
import { type AuthContext, accountLocked, audit, checkLimits, settingsOf } from './context.js';
import { LOCK_POLICY, lockSecondsLeft, nextFailureState } from './lockout.js';
import { startOneTimeCode, verifyOneTimeCode } from './one-time-code.js';
import { verifyPassword } from './passwords.js';
import {
  type Account,
  clearFailedLogins,
  findAccountByLogin,
  findProducerAccount,
  lockStateForUpdate,
  saveFailedLogin,
  saveSuccessfulLogin,
} from './queries.js';

type Kind = 'client' | 'producer' | 'staff';

const FAILURE_MESSAGE = {
  client: 'auth.loginFailedClient',
  producer: 'auth.loginFailedProducer',
  staff: 'auth.loginFailedStaff',
} as const;

/**
 * Who may sign in here: clients in area b2c (afs only), producers in b2b; a staff host (internal pages only) signs
 * staff in through its b2b form. Asking for b2c where the site is producer-only is a form error, not a failed login.
 */
function kindFor(request: FastifyRequest, area: LoginRequest['area']): Kind {
  const { code, features } = request.site;
  if (!features.external) {
    if (area !== 'b2b') throw new FormValidationError({ area: ['validation.notAllowed'] });
    return 'staff';
  }
  if (!SITE_AREAS[code].includes(area)) throw new FormValidationError({ base: ['auth.areaNotOffered'] });
  return area === 'b2c' ? 'client' : 'producer';
}

function findCandidate(ctx: AuthContext, request: FastifyRequest, kind: Kind, login: string) {
  const site = request.site.code;
  return kind === 'producer'
    ? findProducerAccount(ctx.db, site, login)
    : findAccountByLogin(ctx.db, site, kind, login);
}

/** The session becomes the account's: new id, new CSRF token (fixation), failure count cleared, audited. */
async function completeSignIn(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionControl,
  account: Account,
  action: string,
): Promise<MeResponse> {
  const at = ctx.now();
  await saveSuccessfulLogin(ctx.db, account.id, at);
  const session = await sessions.rotate(request, reply, account.id);
  request.principal = principalOf({ ...account, status: 'active' }, session.siteCode);
  await audit(ctx, request, {
    action,
    outcome: 'success',
    userId: account.id,
    details: { kind: account.kind },
  });
  return getCurrentUser(ctx.db, session, request.principal, at);
}

/** Counts a wrong password on the account; answers the lock it may have caused (seconds, 0 for none). */
async function recordWrongPassword(ctx: AuthContext, account: Account): Promise<number> {
  const at = ctx.now();
  const state = await ctx.db.transaction(async (tx) => {
    const next = nextFailureState(await lockStateForUpdate(tx, account.id), at);
    await saveFailedLogin(tx, account.id, next);
    return next;
  });
  return lockSecondsLeft(state.lockedUntil, at);
}

/**
 * `POST /login`. With `otpCode` (and a pending login in the session) it completes a one-time-code sign-in;
 * otherwise it checks the password. Every outcome is audited; every failure answers one message per area that does
 * not tell whether the login exists, in about the same time either way.
 */
export async function login(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionControl,
  body: LoginRequest,
): Promise<MeResponse> {
  const kind = kindFor(request, body.area);
  if (body.otpCode !== undefined) {
    const account = await verifyOneTimeCode(ctx, request, body.otpCode);
    return completeSignIn(ctx, request, reply, sessions, account, 'login.otp');
  }

  const action = 'login';
  const name = body.login.toLowerCase();
  const nameKey = `${request.site.code}:${kind}:${name}`;
  const details = { kind, login: name.slice(0, 100) };
  await checkLimits(
    ctx,
    request,
    [
      [LIMITS.loginFailuresPerIp, request.ip],
      [LIMITS.loginFailuresPerName, nameKey],
    ],
    { action, details },
  );
  const countFailure = async () => {
    await ctx.limiter.hit(LIMITS.loginFailuresPerIp, request.ip);
    return ctx.limiter.hit(LIMITS.loginFailuresPerName, nameKey);
  };
  const failed = () => new HttpError(401, FAILURE_MESSAGE[kind]);

  const account = await findCandidate(ctx, request, kind, body.login);
  if (!account) {
    // A name without an account "locks" like a real one after as many failures, so the lock tells nothing.
    const seen = await ctx.limiter.peek(LIMITS.loginFailuresPerName, nameKey);
    await verifyPassword(null, body.password);
    if (seen.count >= LOCK_POLICY.threshold) {
      await audit(ctx, request, { action, outcome: 'locked', details });
      throw accountLocked(seen.retryAfterSeconds);
    }
    const after = await countFailure();
    await audit(ctx, request, { action, outcome: 'failure', details: { ...details, reason: 'unknown' } });
    if (after.count >= LOCK_POLICY.threshold) throw accountLocked(after.retryAfterSeconds);
    throw failed();
  }

  const lockedFor = lockSecondsLeft(account.lockedUntil, ctx.now());
  if (lockedFor > 0) {
    // Refused without looking at the password; the attempt neither counts nor extends the lock.
    await verifyPassword(null, body.password);
    await audit(ctx, request, { action, outcome: 'locked', userId: account.id, details });
    throw accountLocked(lockedFor);
  }

  const passwordOk = await verifyPassword(account.passwordHash, body.password);
  if (!passwordOk || account.status !== 'active') {
    const lockSeconds = await recordWrongPassword(ctx, account);
    await countFailure();
    const reason = passwordOk ? account.status : 'password';
    await audit(ctx, request, {
      action,
      outcome: 'failure',
      userId: account.id,
      details: { ...details, reason },
    });
    if (lockSeconds > 0) throw accountLocked(lockSeconds);
    throw failed();
  }

  const settings = await settingsOf(ctx, request);
  if (!(account.otpRequired ?? settings.otpRequired[kind])) {
    return completeSignIn(ctx, request, reply, sessions, account, action);
  }
  await clearFailedLogins(ctx.db, account.id);
  if (!account.email) {
    await audit(ctx, request, { action, outcome: 'otp_no_email', userId: account.id, details });
    throw new HttpError(401, 'auth.otpNoEmail');
  }
  const me = await startOneTimeCode(ctx, request, reply, account, sessions);
  await audit(ctx, request, { action, outcome: 'otp_required', userId: account.id, details });
  return me;
}
