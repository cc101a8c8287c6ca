import { z } from 'zod';
import { idParamsSchema } from './lists/criteria.js';
import { safeText } from './text.js';

/**
 * Passkeys (WebAuthn, docs/security/account-security.md). The browser's answers travel as the JSON that
 * `@simplewebauthn/browser` produces (base64url fields); the server checks them with `@simplewebauthn/server`.
 * Field sizes are bounded so a forged answer cannot be large.
 */

const b64url = (max: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/, 'invalid')
    .max(max);

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

/** What `startRegistration` answers. */
export const passkeyAttestationSchema = z.object({
  id: b64url(1366).min(1),
  rawId: b64url(1366).min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4096).min(1),
    attestationObject: b64url(16384).min(1),
    transports: z.array(z.enum(TRANSPORTS)).max(8).optional(),
    authenticatorData: b64url(8192).optional(),
    publicKey: b64url(2048).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

/** What `startAuthentication` answers. */
export const passkeyAssertionSchema = z.object({
  id: b64url(1366).min(1),
  rawId: b64url(1366).min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4096).min(1),
    authenticatorData: b64url(8192).min(1),
    signature: b64url(2048).min(1),
    userHandle: b64url(256).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export type PasskeyAssertion = z.infer<typeof passkeyAssertionSchema>;

/**
 * Options handed to the browser's `startRegistration` / `startAuthentication` as they are: built by the server
 * library, so only their envelope is described here.
 */
export const passkeyOptionsResponseSchema = z.object({
  options: z.record(z.string(), z.unknown()),
  /** The CSRF token of the session that keeps the challenge (a new one for a visitor who had none). */
  csrfToken: z.string(),
});
export type PasskeyOptionsResponse = z.infer<typeof passkeyOptionsResponseSchema>;

/** `POST /account/passkeys`: the new passkey, with the name the person gave it. */
export const passkeyRegisterRequestSchema = z.object({
  name: safeText().trim().min(1, { message: 'required' }).max(60),
  credential: passkeyAttestationSchema,
});
export type PasskeyRegisterRequest = z.infer<typeof passkeyRegisterRequestSchema>;

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
/**
 * `POST /account/passkeys` answers the passkey, and the account's recovery codes when it is its first strong factor
 * (shown once, as after setting up an authenticator).
 */
export const passkeyRegisteredSchema = passkeySchema.extend({
  recoveryCodes: z.array(z.string()).optional(),
});
export type PasskeyRegistered = z.infer<typeof passkeyRegisteredSchema>;
export const passkeysResponseSchema = z.object({ data: z.array(passkeySchema) });
/** A database id like every other path id: "01", "+1" and "1e1" are refused, not read as 1. */
export const passkeyParamsSchema = idParamsSchema;

/** `POST /login/passkey`: a sign-in with a passkey alone (discoverable credential). */
export const passkeyLoginRequestSchema = z.object({
  area: z.enum(['b2b', 'b2c']),
  credential: passkeyAssertionSchema,
});
export type PasskeyLoginRequest = z.infer<typeof passkeyLoginRequestSchema>;
