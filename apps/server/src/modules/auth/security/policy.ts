import type { Config } from '../../../config.js';
import { MFA_ENROLMENT, STEP_UP_AT } from '../../../plugins/session/pending-otp.js';
import type { Account } from '../queries.js';

/**
 * What a correct password leads to (docs/security/account-security.md):
 *   - 'strong': the account has an authenticator or a passkey: one of them (or a recovery code) is asked, whoever the person is; for a
 *     client it replaces the e-mailed code;
 *   - 'email': no authenticator, and the site or the account asks for an e-mailed code (clients on afs);
 *   - 'none': the password is all (producers and staff without an authenticator; those past their grace period are
 *     then held to enrolment, see enrolmentDue).
 */
export type SecondStep = 'strong' | 'email' | 'none';

/** An authenticator or at least one passkey: the account has a factor that counts as strong. */
export function hasStrongFactor(account: Pick<Account, 'totpEnabled' | 'passkeyEnabled'>): boolean {
  return account.totpEnabled || account.passkeyEnabled;
}

export function secondStepFor(
  account: Pick<Account, 'totpEnabled' | 'passkeyEnabled'>,
  emailCodeRequired: boolean,
): SecondStep {
  if (hasStrongFactor(account)) return 'strong';
  return emailCodeRequired ? 'email' : 'none';
}

/**
 * Whether an account must enrol an authenticator before anything else: its audience must have a strong factor
 * (MFA_REQUIRED_FOR), it has none, and its grace period (MFA_GRACE_DAYS from `users.mfa_grace_from`) is over.
 */
export function enrolmentDue(
  config: Pick<Config, 'mfa'>,
  account: Pick<Account, 'kind' | 'totpEnabled' | 'passkeyEnabled' | 'mfaGraceFrom'>,
  now: Date,
): boolean {
  if (hasStrongFactor(account) || !config.mfa.requiredFor.has(account.kind)) return false;
  return now.getTime() - account.mfaGraceFrom.getTime() >= config.mfa.graceMs;
}

/**
 * What a fresh signed-in session carries: a full sign-in counts as a step-up for STEP_UP_MINUTES (one that skipped
 * the second factor on a trusted browser does not); and the enrolment hold when one is due.
 */
export function signedInSessionData(
  config: Pick<Config, 'mfa'>,
  account: Pick<Account, 'kind' | 'totpEnabled' | 'passkeyEnabled' | 'mfaGraceFrom'>,
  at: Date,
  stepUp = true,
): Record<string, unknown> {
  return {
    ...(stepUp ? { [STEP_UP_AT]: at.toISOString() } : {}),
    ...(enrolmentDue(config, account, at) ? { [MFA_ENROLMENT]: true } : {}),
  };
}
