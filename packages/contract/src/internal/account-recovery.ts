import { z } from 'zod';
import { MAX_LOGIN_LENGTH } from '../auth.js';
import { SITE_CODES } from '../constants.js';
import { safeText } from '../text.js';

/*
 * Account recovery by the office (docs/security/account-security.md, "Recovery by the office"): a person who lost
 * both their factor and their recovery codes, or whose sessions must end now, is helped by staff holding the
 * "Account Recovery" menu. Every call is under `{basePath}/{lang}/api`; the two changes need the staff member's own
 * step-up and write the reason they were made.
 */

/** `GET /internal/accounts?site=&login=`: one account, by the name it signs in with on a site. */
export const accountLookupQuerySchema = z.object({
  site: z.enum(SITE_CODES),
  login: safeText().trim().min(1).max(MAX_LOGIN_LENGTH),
});
export type AccountLookupQuery = z.infer<typeof accountLookupQuerySchema>;

/** What the office sees of an account: who it is and what secures it, never a secret or a session's id. */
export const recoveryAccountSchema = z.object({
  id: z.number().int(),
  site: z.enum(SITE_CODES),
  login: z.string(),
  kind: z.enum(['client', 'producer', 'staff']),
  name: z.string(),
  status: z.string(),
  totpEnabled: z.boolean(),
  passkeys: z.number().int(),
  recoveryCodesLeft: z.number().int(),
  trustedBrowsers: z.number().int(),
  sessions: z.number().int(),
});
export type RecoveryAccount = z.infer<typeof recoveryAccountSchema>;

/** How the office made sure it is the account's owner asking (written on the change, shown in the audit). */
export const IDENTITY_CHECKS = ['callBack', 'inPerson', 'videoCall'] as const;
export type IdentityCheck = (typeof IDENTITY_CHECKS)[number];

/** `POST /internal/accounts/{id}/reset_factors` and `…/end_sessions`: why, and how the person was verified. */
export const accountRecoveryActionSchema = z.object({
  identityCheck: z.enum(IDENTITY_CHECKS),
  note: safeText().trim().min(5).max(500),
});
export type AccountRecoveryAction = z.infer<typeof accountRecoveryActionSchema>;
