import { createHmac, randomInt } from 'node:crypto';
import { type MeResponse, OTP_RESEND_INTERVAL_SECONDS } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors.js';
import { getCurrentUser } from '../../plugins/session/current-user.js';
import { OTP_PENDING_UNTIL, pendingMfaMethods, pendingOtpUserId } from '../../plugins/session/pending-otp.js';
import type { Session, SessionControl } from '../../plugins/session/plugin.js';
import { updateSessionState } from '../../plugins/session/queries.js';
import { safeEqual } from '../../plugins/session/tokens.js';
import { LIMITS } from './abuse-limits.js';
import { maskEmail } from './account-links.js';
import { type AuthContext, audit, enforceLimits, queueMail, settingsOf } from './context.js';
import {
  type Account,
  consumeOneTimeCode,
  countWrongOneTimeCode,
  findAccountById,
  findLatestOneTimeCodeAt,
  findOpenOneTimeCode,
  insertOneTimeCode,
  lockUser,
  voidOneTimeCodes,
} from './queries.js';

/** A code lives 10 minutes and allows 5 wrong guesses; the pending login itself ends after 30 minutes. */
export const OTP_POLICY = {
  codeTtlMs: 10 * 60_000,
  maxAttempts: 5,
  pendingTtlMs: 30 * 60_000,
} as const;

/**
 * Codes are stored as an HMAC under the server secret, bound to the session: a 6-digit code has too little entropy
 * for a plain hash to protect it, and the same code in another session hashes differently.
 */
function codeHash(secret: string, sessionIdHash: string, code: string): string {
  return createHmac('sha256', secret).update(`otp\0${sessionIdHash}\0${code}`).digest('hex');
}

/** Six digits from the CSPRNG, leading zeros kept. */
function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Counts one code against the account's allowance (`otpIssuePerAccount`, shared by login and resend), before
 * anything changes: past it the request answers 429, no mail goes out and the code already sent keeps working. A
 * person who knows the password can therefore neither flood the mailbox nor keep voiding the owner's code.
 */
async function countCodeIssued(ctx: AuthContext, request: FastifyRequest, account: Account, action: string) {
  await enforceLimits(ctx, request, [[LIMITS.otpIssuePerAccount, String(account.id)]], {
    action,
    userId: account.id,
  });
}

/**
 * Voids earlier codes, stores a fresh one for this session and e-mails it (after countCodeIssued). With `unlessSince`,
 * nothing happens (answers false) when a code was issued after that instant: checked under the account's row lock,
 * so of two resends sent together (a double click) exactly one issues a code and one e-mail goes out.
 */
async function issueCode(
  ctx: AuthContext,
  request: FastifyRequest,
  session: Session,
  account: Account,
  unlessSince?: Date,
): Promise<boolean> {
  if (!account.email) throw new Error('issueCode called for an account without e-mail');
  const code = newCode();
  const at = ctx.now();
  const issued = await ctx.db.transaction(async (tx) => {
    await lockUser(tx, account.id);
    if (unlessSince) {
      const last = await findLatestOneTimeCodeAt(tx, account.id);
      if (last && last > unlessSince) return false;
    }
    await voidOneTimeCodes(tx, account.id, at);
    await insertOneTimeCode(tx, {
      userId: account.id,
      sessionIdHash: session.idHash,
      codeHash: codeHash(ctx.config.sessionSecret, session.idHash, code),
      expiresAt: new Date(at.getTime() + OTP_POLICY.codeTtlMs),
      createdAt: at,
    });
    return true;
  });
  if (!issued) return false;
  const { siteName } = await settingsOf(ctx, request);
  // Through the mail queue like every e-mail (retried when SMTP fails); after a correct password, so the time this
  // takes tells nothing.
  await queueMail(ctx, request, 'otpCode', account.email, {
    siteName,
    code,
    minutes: OTP_POLICY.codeTtlMs / 60_000,
  });
  return true;
}

/**
 * After a correct password when a code is required: a fresh session (no user yet) remembers the pending login, and
 * the code goes out by e-mail. The answer is the `/me` shape with `otpUserId` set; past the account's allowance of
 * codes it is a 429 instead, and the session and the code already sent stay as they were.
 */
export async function startOneTimeCode(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  account: Account,
  sessions: SessionControl,
): Promise<MeResponse> {
  await countCodeIssued(ctx, request, account, 'login');
  const session = await sessions.rotate(request, reply, null);
  const pendingUntil = new Date(ctx.now().getTime() + OTP_POLICY.pendingTtlMs).toISOString();
  session.otpUserId = account.id;
  session.data = { ...session.data, [OTP_PENDING_UNTIL]: pendingUntil };
  await updateSessionState(ctx.db, session.idHash, { otpUserId: session.otpUserId, data: session.data });
  await issueCode(ctx, request, session, account);
  return getCurrentUser(ctx.db, session, null, ctx.now());
}

/** The pending login of this request's session, or a 401 telling the person to sign in again. */
async function pendingAccount(ctx: AuthContext, request: FastifyRequest, action: string) {
  const session = request.session;
  // A sign-in waiting for the authenticator is not an e-mailed code's: no code may be sent or taken for it, or the
  // e-mail would stand in for the stronger factor.
  const strongPending = !!session && pendingMfaMethods(session) !== null;
  const userId = session && !strongPending ? pendingOtpUserId(session, ctx.now()) : null;
  const account = userId != null ? await findAccountById(ctx.db, userId) : undefined;
  if (!session || !account || account.status !== 'active' || !account.email) {
    await audit(ctx, request, { action, outcome: 'not_pending', userId });
    throw new HttpError(401, 'auth.otpNotPending');
  }
  return { session, account };
}

/**
 * Second step of a login: the code must be the newest one issued to this very session, unexpired, with fewer than
 * five wrong guesses. Answers the account, whose sign-in the caller then completes.
 */
export async function verifyOneTimeCode(
  ctx: AuthContext,
  request: FastifyRequest,
  code: string,
): Promise<Account> {
  const action = 'login.otp';
  const { session, account } = await pendingAccount(ctx, request, action);
  await enforceLimits(ctx, request, [[LIMITS.otpVerifyPerAccount, String(account.id)]], {
    action,
    userId: account.id,
  });
  const at = ctx.now();
  const open = await findOpenOneTimeCode(ctx.db, account.id, session.idHash);
  if (!open || open.expiresAt <= at || open.attempts >= OTP_POLICY.maxAttempts) {
    await audit(ctx, request, { action, outcome: 'expired', userId: account.id });
    throw new HttpError(401, 'auth.otpExpired');
  }
  if (!safeEqual(codeHash(ctx.config.sessionSecret, session.idHash, code), open.codeHash)) {
    const attempts = await countWrongOneTimeCode(ctx.db, open.id);
    await audit(ctx, request, { action, outcome: 'failure', userId: account.id, details: { attempts } });
    throw new HttpError(401, attempts >= OTP_POLICY.maxAttempts ? 'auth.otpExpired' : 'auth.otpInvalid');
  }
  if (!(await consumeOneTimeCode(ctx.db, open.id, at, OTP_POLICY.maxAttempts))) {
    await audit(ctx, request, { action, outcome: 'expired', userId: account.id });
    throw new HttpError(401, 'auth.otpExpired');
  }
  return account;
}

/**
 * A new code only once the last one is OTP_RESEND_INTERVAL_SECONDS old: repeated clicks would otherwise send a
 * burst of mails and use up the account's allowance within seconds (three codes in two seconds, then a block of
 * minutes). Checked before the rate limits, so a click that is too early costs nothing; the answer says how long
 * to wait (Retry-After and the message), and the page counts down.
 */
async function refuseTooSoon(ctx: AuthContext, request: FastifyRequest, userId: number, action: string) {
  const last = await findLatestOneTimeCodeAt(ctx.db, userId);
  if (!last) return;
  const waitMs = last.getTime() + OTP_RESEND_INTERVAL_SECONDS * 1000 - ctx.now().getTime();
  if (waitMs <= 0) return;
  const seconds = Math.ceil(waitMs / 1000);
  await audit(ctx, request, { action, outcome: 'too_soon', userId });
  throw new HttpError(429, 'auth.otpResendTooSoon', { 'retry-after': String(seconds) }, { seconds });
}

/** `POST /resend_otp`: a fresh code for the pending login (the previous one stops working). */
export async function resendOneTimeCode(ctx: AuthContext, request: FastifyRequest): Promise<{ msg: string }> {
  const action = 'login.otp_resend';
  const { session, account } = await pendingAccount(ctx, request, action);
  await refuseTooSoon(ctx, request, account.id, action);
  await enforceLimits(ctx, request, [[LIMITS.otpResendPerAccount, String(account.id)]], {
    action,
    userId: account.id,
  });
  await countCodeIssued(ctx, request, account, action);
  const since = new Date(ctx.now().getTime() - OTP_RESEND_INTERVAL_SECONDS * 1000);
  // A resend that arrived together with another one (passed refuseTooSoon at the same moment) is refused here.
  if (!(await issueCode(ctx, request, session, account, since))) {
    await refuseTooSoon(ctx, request, account.id, action);
    throw new HttpError(429, 'auth.otpResendTooSoon', { 'retry-after': '1' }, { seconds: 1 });
  }
  await audit(ctx, request, { action, outcome: 'success', userId: account.id });
  return { msg: request.t('auth.otpResent', { email: maskEmail(account.email ?? '') }) };
}

/** `POST /cancel_otp`: forgets the pending login and voids its code; answers the anonymous `/me` shape. */
export async function cancelOneTimeCode(ctx: AuthContext, request: FastifyRequest): Promise<MeResponse> {
  const session = request.session;
  if (!session) throw new HttpError(401, 'auth.otpNotPending');
  const userId = session.otpUserId;
  if (userId != null) {
    const { [OTP_PENDING_UNTIL]: _dropped, ...data } = session.data ?? {};
    session.otpUserId = null;
    session.data = data;
    await ctx.db.transaction(async (tx) => {
      await voidOneTimeCodes(tx, userId, ctx.now());
      await updateSessionState(tx, session.idHash, { otpUserId: null, data });
      await audit(ctx, request, { action: 'login.otp_cancel', outcome: 'success', userId }, tx);
    });
  }
  return getCurrentUser(ctx.db, session, null, ctx.now());
}
