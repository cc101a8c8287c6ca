import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { MfaKeys } from '../../../config.js';

/**
 * Authenticator secrets at rest: AES-256-GCM (node:crypto) under the key MFA_ENCRYPTION_KEY names first, with the
 * key's id stored beside each row so older rows still open after a rotation. The user id is the associated data:
 * a sealed secret copied onto another account does not open.
 */
export interface SealedSecret {
  keyId: string;
  sealed: string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function sealSecret(mfa: MfaKeys, userId: number, secret: string): SealedSecret {
  const key = mfa.keys.get(mfa.currentKeyId);
  if (!key) throw new Error('the current MFA key is missing');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`totp\0${userId}`));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return {
    keyId: mfa.currentKeyId,
    sealed: Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64'),
  };
}

/** The secret, or null when its key is no longer configured or the row was tampered with. */
export function openSecret(mfa: MfaKeys, userId: number, row: SealedSecret): string | null {
  const key = mfa.keys.get(row.keyId);
  if (!key) return null;
  const raw = Buffer.from(row.sealed, 'base64');
  if (raw.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(`totp\0${userId}`));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
