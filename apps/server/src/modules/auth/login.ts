import { type LoginRequest, type MeResponse, siteCapabilities } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FormValidationError, HttpError } from '../../plugins/errors.js';
import type { RateLimitRule } from '../../plugins/rate-limit/index.js';
import { getCurrentUser } from '../../plugins/session/current-user.js';
import type { SessionControl } from '../../plugins/session/plugin.js';
import { principalOf } from '../../plugins/session/principal.js';
import { LIMITS } from './abuse-limits.js';
import { type AuthContext, accountLocked, audit, countAttempt, settingsOf } from './context.js';
import { isKnownDevice, rememberDevice } from './device-cookie.js';
import { lockSecondsLeft, nameLockKey, nextFailureState } from './lockout.js';
import { startOneTimeCode, verifyOneTimeCode } from './one-time-code.js';
import { verifyPassword } from './passwords.js';
import {
  type Account,
  clearFailedLogins,
  clearNameLock,
  findAccountByLogin,
  findProducerAccount,
  lockStateForUpdate,
  nameLockStateForUpdate,
  saveFailedLogin,
  saveNameLockState,
  saveSuccessfulLogin,
  undoReservedFailure,
} from './queries.js';
import { recordSecurityEvent } from './security/activity.js';
import { hasStrongFactor, secondStepFor, signedInSessionData } from './security/policy.js';
import { startStrongSecondFactor } from './security/second-factor-start.js';
import { isTrustedBrowser } from './security/trusted-browser.js';

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
export function kindFor(request: FastifyRequest, area: LoginRequest['area']): Kind {
  const { code, features } = request.site;
  if (!features.external) {
    if (area !== 'b2b') throw new FormValidationError({ area: ['validation.notAllowed'] });
    return 'staff';
  }
  if (!siteCapabilities(code).hasArea(area)) throw new FormValidationError({ base: ['auth.areaNotOffered'] });
  return area === 'b2c' ? 'client' : 'producer';
}

function findCandidate(ctx: AuthContext, request: FastifyRequest, kind: Kind, login: string) {
  const site = request.site.code;
  return kind === 'producer'
    ? findProducerAccount(ctx.db, site, login)
    : findAccountByLogin(ctx.db, site, kind, login);
}

/**
 * The session becomes the account's: new id, new CSRF token (fixation), failure count cleared, audited; the browser
 * is remembered for the account (device-cookie.ts).
 */
export async function completeSignIn(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionControl,
  account: Account,
  action: string,
  /** false: this sign-in skipped the second factor (a trusted browser), so it does not count as a fresh check. */
  stepUp = true,
): Promise<MeResponse> {
  const at = ctx.now();
  // Read before the cookie is renewed below: a browser new to an account that has signed in before is a notice.
  const newBrowser = account.lastLoginAt != null && !isKnownDevice(ctx.config, request, account.id, at);
  await saveSuccessfulLogin(ctx.db, account.id, at);
  const session = await sessions.rotate(
    request,
    reply,
    account.id,
    signedInSessionData(ctx.config, account, at, stepUp),
  );
  rememberDevice(ctx.config, request, reply, account.id, at);
  // Noticed by e-mail and SMS only for accounts with an authenticator: for the others every sign-in would mail them
  // (an e-mailed code already does), and the row on their activity list is enough (decision 044).
  if (newBrowser)
    await recordSecurityEvent(
      ctx,
      request,
      account.id,
      'new_browser',
      {},
      { notify: hasStrongFactor(account) },
    );
  // Only active producers are found to sign in (findProducerAccount); later requests read the state afresh.
  request.principal = principalOf({ ...account, status: 'active', producerActive: true }, session.siteCode);
  await audit(ctx, request, {
    action,
    outcome: 'success',
    userId: account.id,
    details: { kind: account.kind },
  });
  return getCurrentUser(ctx.db, session, request.principal, at, ctx.config.sessionIdleMs);
}

/** Whose lock an attempt counts against: the account, or a login name as typed (see lockSubjectOf). */
export type LockSubject = { userId: number } | { nameKey: string };

/**
 * A lock belongs to the name typed. A producer signs in by Login ID or by Advisor Code; with one lock per account,
 * five wrong passwords under one name would lock the other too, and anyone could learn which Advisor Code is whose
 * Login ID by locking one and trying the other. So the account's own lock (the users row) counts attempts under its
 * Login ID, and every other name (an Advisor Code, a name without an account) has a lock of its own, keyed by an
 * HMAC of the name. Each name then locks, answers and runs out alike whichever account it reaches, if any. The
 * price: a producer's password can be guessed under both names, twice the lock's allowance per period, still under
 * the per-name and per-address limits (docs/security/sessions-and-headers.md).
 */
function lockSubjectOf(
  ctx: AuthContext,
  request: FastifyRequest,
  kind: Kind,
  account: Account | undefined,
  name: string,
): LockSubject {
  return account && account.login.toLowerCase() === name
    ? { userId: account.id }
    : { nameKey: nameLockKey(ctx.config.sessionSecret, request.site.code, kind, name) };
}

/**
 * Counts the attempt as a failure *before* the password is checked, under a row lock: of any number of simultaneous
 * attempts, only as many get a password check as the lock allows, one after another. Answers the lock already
 * running (the attempt is refused and nothing is counted), or else the lock a wrong password now brings (0 for none).
 * A correct password then clears the count (saveSuccessfulLogin / clearFailedLogins).
 */
export async function reserveAttempt(ctx: AuthContext, subject: LockSubject) {
  const at = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const current =
      'userId' in subject
        ? await lockStateForUpdate(tx, subject.userId)
        : await nameLockStateForUpdate(tx, subject.nameKey);
    const lockedFor = lockSecondsLeft(current?.lockedUntil ?? null, at);
    if (lockedFor > 0) return { lockedFor, lockIfWrong: 0, failures: current?.failedAttempts ?? 0 };
    const next = nextFailureState(current, at);
    if ('userId' in subject) await saveFailedLogin(tx, subject.userId, next);
    else await saveNameLockState(tx, subject.nameKey, next);
    return {
      lockedFor: 0,
      lockIfWrong: lockSecondsLeft(next.lockedUntil, at),
      failures: next.failedAttempts,
    };
  });
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
  const account = await findCandidate(ctx, request, kind, body.login);
  // A browser that signed in to this account before is not held back by what others behind its address got wrong
  // (decision 018); the per-name limit and the account lock hold it like everyone else.
  const knownDevice = !!account && isKnownDevice(ctx.config, request, account.id, ctx.now());
  // Counted before the password is checked (and given back unless it fails), so a burst cannot pass a check that
  // none of its requests has failed yet.
  const checks: [RateLimitRule, string][] = [[LIMITS.loginFailuresPerName, nameKey]];
  if (!knownDevice) checks.unshift([LIMITS.loginFailuresPerIp, request.ip]);
  const limits = await countAttempt(ctx, request, checks, { action, details: { ...details, knownDevice } });
  const failed = () => new HttpError(401, FAILURE_MESSAGE[kind]);

  // A name without an account locks exactly like an account (its own lock row), so the answers tell nothing.
  const subject = lockSubjectOf(ctx, request, kind, account, name);
  const reserved = await reserveAttempt(ctx, subject);
  if (reserved.lockedFor > 0) {
    // Refused without looking at the password; the attempt neither counts nor extends the lock.
    await verifyPassword(null, body.password);
    await limits.refund();
    await audit(ctx, request, { action, outcome: 'locked', userId: account?.id ?? null, details });
    throw accountLocked(reserved.lockedFor);
  }

  // An unknown login is checked against a dummy hash: the same time as a wrong password.
  const passwordOk = await verifyPassword(account?.passwordHash, body.password);
  if (!account || !passwordOk || account.status !== 'active') {
    // Already counted, on the lock and on the limits.
    const reason = !account ? 'unknown' : passwordOk ? account.status : 'password';
    await audit(ctx, request, {
      action,
      outcome: 'failure',
      userId: account?.id ?? null,
      details: { ...details, reason },
    });
    if (reserved.lockIfWrong > 0) throw accountLocked(reserved.lockIfWrong);
    throw failed();
  }
  // Sign-in limits count failures only; the attempt counted on the name's own lock is cleared (the account's is
  // cleared by saveSuccessfulLogin / clearFailedLogins below).
  await limits.refund();
  if ('nameKey' in subject) await clearNameLock(ctx.db, subject.nameKey);

  const settings = await settingsOf(ctx, request);
  const step = secondStepFor(account, account.otpRequired ?? settings.otpRequired[kind]);
  if (step === 'strong') {
    if (kind !== 'staff' && (await isTrustedBrowser(ctx, request, account.id))) {
      return completeSignIn(ctx, request, reply, sessions, account, 'login.trusted', false);
    }
    // The password's attempt stays counted until the second factor passes: a correct password must not reset the
    // lock, or guesses at the code would never reach it.
    await undoReservedFailure(ctx.db, account.id);
    const me = await startStrongSecondFactor(ctx, request, reply, sessions, account);
    await audit(ctx, request, { action, outcome: 'mfa_required', userId: account.id, details });
    return me;
  }
  if (step === 'none') {
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
