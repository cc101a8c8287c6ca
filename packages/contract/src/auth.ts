import { z } from 'zod';
import { meResponseSchema } from './session.js';
import { areaSchema } from './sites.js';
import { safeText } from './text.js';

/**
 * Sign-in and account flows, and change password (docs/auth.md). The server validates every body with
 * these schemas; the SPA uses the same ones for its forms. A blank required field fails with the message `required`,
 * which both sides render as "Cannot be blank". Length limits here are only sanity bounds: the password rules
 * themselves are a per-site policy checked by the server and answered as field errors.
 */

/** Upper bounds that keep hashing and lookups cheap; the site's password policy is usually much tighter. */
export const MAX_LOGIN_LENGTH = 100;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_NAME_LENGTH = 100;
export const MAX_ID_NUMBER_LENGTH = 40;
export { OTP_CODE_LENGTH, OTP_RESEND_INTERVAL_SECONDS } from './constants.js';
/** Activation and reset codes are 32 random bytes, base64url: 43 characters. */
export const MAX_ACCOUNT_CODE_LENGTH = 100;

const REQUIRED = { message: 'required' };

/**
 * A text field the person must fill in: surrounding spaces are dropped, then it must not be empty. NUL and lone
 * surrogates are a field error (`safeText`), never a database error.
 */
const requiredText = (max: number) => safeText().trim().min(1, REQUIRED).max(max);
/** A secret is taken exactly as typed: spaces are part of it (NUL and lone surrogates are refused all the same). */
const requiredSecret = (max: number) => safeText().min(1, REQUIRED).max(max);

/** Day, month or year of a birth date: the form sends digits as a string or a number; blank means missing. */
const datePart = (min: number, max: number) =>
  z.preprocess((value) => {
    if (value === '' || value === null) return undefined;
    if (typeof value === 'string' && /^\s*\d{1,4}\s*$/.test(value)) return Number(value);
    return value;
  }, z.number().int().min(min).max(max));

export const birthDateFields = {
  birthDay: datePart(1, 31),
  birthMonth: datePart(1, 12),
  birthYear: datePart(1900, 2100),
};

export const loginRequestSchema = z.object({
  login: requiredText(MAX_LOGIN_LENGTH),
  password: requiredSecret(MAX_PASSWORD_LENGTH),
  /**
   * Present on the second step, when the session holds a pending one-time-code login. The original front end sends
   * the whole form on every step, so an empty, blank or null code means "no code yet", not a malformed one.
   */
  otpCode: z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    z
      .string()
      .trim()
      .regex(/^\d{6}$/, { message: 'otpFormat' })
      .optional(),
  ),
  area: areaSchema,
  /** Where the browser came from; the SPA keeps it to return there after sign-in. Not used by the server. */
  referrer: z.string().max(2000).nullish(),
  redirect: z.boolean().nullish(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * A login answers the `/me` shape, so the SPA stores the session at once: the signed-in user, or (when a one-time
 * code is required) no user yet and `otpUserId` set. The CSRF token in it is new: the session was rotated.
 */
export const loginResponseSchema = meResponseSchema;

/** `POST /resend_otp` sends the login form's body again; the server only needs the pending login of the session. */
export const resendOtpRequestSchema = z.looseObject({}).nullish();
export const resendOtpResponseSchema = z.object({ msg: z.string() });
export type ResendOtpResponse = z.infer<typeof resendOtpResponseSchema>;

export const cancelOtpRequestSchema = z.looseObject({}).nullish();

export const registrationRequestSchema = z.object({
  /** ID card, passport or business registration number, or the AG client ID itself. */
  idNo: requiredText(MAX_ID_NUMBER_LENGTH),
  surName: requiredText(MAX_NAME_LENGTH),
  givenName: requiredText(MAX_NAME_LENGTH),
  ...birthDateFields,
});
export type RegistrationRequest = z.infer<typeof registrationRequestSchema>;

/** Reset carries a type (which kind of account the link was for); activation does not. */
export const ACCOUNT_TYPES = ['B2B', 'B2C'] as const;
export const accountTypeSchema = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof accountTypeSchema>;
export const DEFAULT_RESET_TYPE: AccountType = 'B2C';

export const activateRequestSchema = z.object({
  login: requiredText(MAX_LOGIN_LENGTH),
  activationCode: requiredText(MAX_ACCOUNT_CODE_LENGTH),
  password: requiredSecret(MAX_PASSWORD_LENGTH),
  passwordConfirmation: requiredSecret(MAX_PASSWORD_LENGTH),
  type: accountTypeSchema.optional(),
});
export type ActivateRequest = z.infer<typeof activateRequestSchema>;

export const forgetPasswordRequestSchema = z.object({
  idNo: requiredText(MAX_ID_NUMBER_LENGTH),
  ...birthDateFields,
});
export type ForgetPasswordRequest = z.infer<typeof forgetPasswordRequestSchema>;

export const forgetPasswordB2bRequestSchema = z.object({
  loginId: requiredText(MAX_LOGIN_LENGTH),
});
export type ForgetPasswordB2bRequest = z.infer<typeof forgetPasswordB2bRequestSchema>;

export const changePasswordRequestSchema = z.object({
  currentPassword: requiredSecret(MAX_PASSWORD_LENGTH),
  newPassword: requiredSecret(MAX_PASSWORD_LENGTH),
  confirmNewPassword: requiredSecret(MAX_PASSWORD_LENGTH),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/**
 * Answer of the account flows. `withEmail: false` tells the confirmation screen to show contact instructions
 * instead of "we sent you an e-mail". `email` (masked) and `loginId` are only sent where they reveal nothing the
 * caller has not already proven; the anonymous flows (registration, forgotten password) never send them.
 */
export const accountFlowResponseSchema = z.object({
  success: z.literal(true),
  withEmail: z.boolean().optional(),
  email: z.string().optional(),
  loginId: z.string().optional(),
});
export type AccountFlowResponse = z.infer<typeof accountFlowResponseSchema>;
