import { z } from 'zod';
import { idParamsSchema } from './lists/criteria.js';
import { passkeyAssertionSchema } from './passkeys.js';
import { safeText } from './text.js';

/**
 * Account security (docs/security/account-security.md): second factors, recovery codes, step-up, sessions,
 * trusted browsers and the activity a person sees. Every call is under `{basePath}/{lang}/api` and answers
 * `Cache-Control: no-store`.
 */

/** The ways a sign-in can be confirmed. `email` is the e-mailed code, confirmed through `POST /login` (otpCode). */
export const MFA_METHODS = ['totp', 'webauthn', 'recovery', 'email'] as const;
export const mfaMethodSchema = z.enum(MFA_METHODS);
export type MfaMethod = z.infer<typeof mfaMethodSchema>;

/** Ten recovery codes per set; at or below this many unused ones, the person is warned. */
export const RECOVERY_CODES_LOW = 2;

const REQUIRED = { message: 'required' };
/** A code as typed: an authenticator's six digits, or a recovery code (case, spaces and dashes ignored). */
const codeField = safeText().trim().min(1, REQUIRED).max(40);

/** "Don't ask again on this browser for 30 days" (never for staff). */
const trustBrowserField = z.boolean().optional();

/**
 * `POST /login/mfa`: the second step of a sign-in with an authenticator or a recovery code, or with a passkey
 * (`webauthn`: the browser's assertion for the options of `POST /login/mfa/webauthn_options`).
 */
export const loginMfaRequestSchema = z.union([
  z.object({
    method: z.literal('webauthn'),
    credential: passkeyAssertionSchema,
    trustBrowser: trustBrowserField,
  }),
  z.object({
    method: z.enum(['totp', 'recovery', 'email']),
    code: codeField,
    trustBrowser: trustBrowserField,
  }),
]);
export type LoginMfaRequest = z.infer<typeof loginMfaRequestSchema>;

/** Set in the `/me` shape while a sign-in waits for a strong second factor: the methods the person can use. */
export const pendingMfaSchema = z.object({ methods: z.array(mfaMethodSchema) });

/** `POST /account/mfa/totp`: a new, unconfirmed authenticator secret (in text and as a QR code). */
export const totpEnrolResponseSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as an SVG image (`data:image/svg+xml;base64,…`). */
  qrDataUrl: z.string(),
});
export type TotpEnrolResponse = z.infer<typeof totpEnrolResponseSchema>;

/** `POST /account/mfa/totp/confirm`: the first code from the app. */
export const totpConfirmRequestSchema = z.object({ code: codeField });

/** Recovery codes, shown once: at the first enrolment and when regenerated. */
export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/**
 * `POST /account/step_up`: a fresh check before a sensitive change. With an authenticator: `totp` or `recovery`;
 * with a passkey: `webauthn` (the answer to `POST /account/step_up/webauthn_options`); without a strong factor
 * (clients on e-mailed codes, accounts in their grace period) or with passkeys only: `password`, the current one.
 */
export const STEP_UP_METHODS = ['totp', 'recovery', 'webauthn', 'password'] as const;
export const stepUpRequestSchema = z.union([
  z.object({ method: z.literal('webauthn'), credential: passkeyAssertionSchema }),
  z.object({
    method: z.enum(['totp', 'recovery', 'password']),
    code: safeText().min(1, REQUIRED).max(128),
  }),
]);
export type StepUpRequest = z.infer<typeof stepUpRequestSchema>;

export const successResponseSchema = z.object({ success: z.literal(true) });

/** `GET /account/security`: what the Security page shows and offers. */
export const securityOverviewSchema = z.object({
  totpEnabled: z.boolean(),
  /** The account has recovery codes: they came with its first strong factor (authenticator or passkey). */
  recoveryCodesEnabled: z.boolean(),
  recoveryCodesLeft: z.number().int().nonnegative(),
  /** Two or fewer unused recovery codes: time to make new ones. */
  recoveryCodesLow: z.boolean(),
  /** This account's audience must have an authenticator (MFA_REQUIRED_FOR). */
  strongFactorRequired: z.boolean(),
  /** Until when it may still sign in without one (ISO), when required and not enrolled. */
  graceEndsAt: z.string().nullable(),
  /** The session must enrol before anything else. */
  enrolmentRequired: z.boolean(),
  stepUpMethods: z.array(z.enum(STEP_UP_METHODS)),
  /** "Don't ask again on this browser" is offered (never to staff). */
  trustedBrowsersAllowed: z.boolean(),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

/** `GET /account/sessions`. `id` is an opaque reference, not the session's secret. */
export const accountSessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  device: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export const accountSessionsResponseSchema = z.object({ data: z.array(accountSessionSchema) });
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** A session reference in a path: 22 base64url characters. */
export const sessionRefParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/) });

export const ACTIVITY_TYPES = [
  'new_browser',
  'mfa_failed',
  'password_changed',
  'password_reset',
  'factor_added',
  'factor_removed',
  'passkey_added',
  'passkey_removed',
  'passkey_counter_mismatch',
  'recovery_code_used',
  'recovery_codes_renewed',
  'trusted_browser_added',
  'session_ended',
  'factors_reset_by_office',
  'sessions_ended_by_office',
] as const;
export const accountActivitySchema = z.object({
  type: z.enum(ACTIVITY_TYPES),
  at: z.string(),
  device: z.string().nullable(),
  ip: z.string().nullable(),
});
export const accountActivityResponseSchema = z.object({ data: z.array(accountActivitySchema) });
export type AccountActivity = z.infer<typeof accountActivitySchema>;

export const trustedBrowserSchema = z.object({
  id: z.number().int(),
  device: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export const trustedBrowsersResponseSchema = z.object({ data: z.array(trustedBrowserSchema) });
export type TrustedBrowser = z.infer<typeof trustedBrowserSchema>;
/** A database id like every other path id: "01", "+1" and "1e1" are refused, not read as 1. */
export const trustedBrowserParamsSchema = idParamsSchema;
