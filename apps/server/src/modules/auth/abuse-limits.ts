import type { RateLimitRule } from '../../plugins/rate-limit/index.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Per-IP and per-account limits of the sign-in and account flows (docs/auth.md, "Rate limits"). Sign-in limits count
 * failures only, so an office behind one address, or a browser test suite, can sign in as often as it needs; the
 * account flows count every request, since each one may send an e-mail.
 */
export const LIMITS = {
  /** Not applied to a browser that signed in to the account before (device-cookie.ts, decision 018). */
  loginFailuresPerIp: { name: 'login-ip', limit: 30, windowMs: 15 * MINUTE },
  /** Per login name as typed (site, area, lower case), existing or not: also the lock of names with no account. */
  loginFailuresPerName: { name: 'login-name', limit: 10, windowMs: 15 * MINUTE },
  /**
   * The one-time-code steps have per-account limits only: reaching them takes the account's correct password, so a
   * per-address count would only let strangers behind the same address block each other (decision 018).
   */
  otpVerifyPerAccount: { name: 'otp-verify-user', limit: 10, windowMs: 15 * MINUTE },
  otpResendPerAccount: { name: 'otp-resend-user', limit: 3, windowMs: 15 * MINUTE },
  /** Codes sent per account, by login or resend: each mail voids the code before, so this also bounds that. */
  otpIssuePerAccount: { name: 'otp-issue-user', limit: 5, windowMs: 15 * MINUTE },
  registrationPerIp: { name: 'registration-ip', limit: 10, windowMs: HOUR },
  registrationPerIdentity: { name: 'registration-id', limit: 5, windowMs: HOUR },
  forgotPasswordPerIp: { name: 'forgot-ip', limit: 10, windowMs: HOUR },
  forgotPasswordPerAccount: { name: 'forgot-account', limit: 3, windowMs: HOUR },
  activationPerIp: { name: 'activate-ip', limit: 20, windowMs: HOUR },
  activationPerLogin: { name: 'activate-login', limit: 10, windowMs: HOUR },
  /**
   * Activation, reset and already-registered e-mails per person (user id), whatever identifier was typed (ID number,
   * AG client ID, login, advisor code): counted by the job before it sends (decision 017).
   */
  accountMailPerPerson: { name: 'account-mail-person', limit: 5, windowMs: HOUR },
  /**
   * Passkey challenges handed out per address: each one may open a session row for a visitor, so they are bounded;
   * generously, as an office behind one address opens many sign-in pages.
   */
  passkeyOptionsPerIp: { name: 'passkey-options-ip', limit: 200, windowMs: 15 * MINUTE },
  changePasswordPerUser: { name: 'change-password-user', limit: 10, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;
