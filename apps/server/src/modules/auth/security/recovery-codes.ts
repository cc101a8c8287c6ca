import { createHmac, randomBytes } from 'node:crypto';

/** Ten codes per set, each shown once; a new set replaces the old one. */
export const RECOVERY_CODE_COUNT = 10;

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Characters per code: 24 from a 31-letter alphabet is about 119 bits, above the 112 a keyed hash needs. */
const CODE_LENGTH = 24;

/**
 * A code from an alphabet without look-alikes, shown in groups of four. Random bytes past the largest multiple of
 * the alphabet are dropped, so every letter is equally likely.
 */
export function newRecoveryCode(): string {
  const chars: string[] = [];
  while (chars.length < CODE_LENGTH) {
    for (const byte of randomBytes(48)) {
      if (byte >= 248 || chars.length >= CODE_LENGTH) continue;
      chars.push(ALPHABET[byte % ALPHABET.length] as string);
    }
  }
  return chars.join('').replace(/(.{4})(?!$)/g, '$1-');
}

/** What people type, read leniently: case, spaces and dashes do not matter. */
export function normalizeRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '');
}

/**
 * Stored as an HMAC-SHA-256 under the server secret, bound to the account. With about 119 bits per code a fast hash
 * is enough (a slow password hash is needed below 112 bits); the key adds that a leaked table alone cannot even be
 * tested against guesses, and one code hash is worthless on another account.
 */
export function recoveryCodeHash(secret: string, userId: number, typed: string): string {
  return createHmac('sha256', secret)
    .update(`recovery-code\0${userId}\0${normalizeRecoveryCode(typed)}`)
    .digest('base64url');
}
