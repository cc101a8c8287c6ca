import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app does it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
/** Codes one step either side of now are accepted: clocks of phones drift. */
export const TOTP_WINDOW = 1;

export function newTotpSecret(): string {
  // 160 bits, the size RFC 4226 recommends for HMAC-SHA-1.
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, issuer = '', label = '') {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The `otpauth://` URL an authenticator app reads from the QR code. */
export function totpUrl(secret: string, issuer: string, label: string): string {
  return totpOf(secret, issuer, label).toString();
}

/**
 * The time step a code belongs to (within ±TOTP_WINDOW of now), or null. The caller accepts it only when it is
 * newer than the last step used, so a code works once, and no older code works after a newer one.
 */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = now.getTime();
  const delta = totpOf(secret).validate({ token: code, timestamp, window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(timestamp / 1000 / TOTP_PERIOD_SECONDS) + delta;
}
