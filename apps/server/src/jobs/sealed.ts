import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Job payloads at rest are sealed (AES-256-GCM under a key derived from SESSION_SECRET): a mail job carries a live
 * reset link or sign-in code, an account job an ID number and a birth date, and pg-boss keeps finished jobs for
 * days. Whoever reads the job tables (a backup, a support query) sees only which kind of job ran, and when.
 */
export interface Sealed {
  sealed: string;
}

function keyOf(secret: string): Buffer {
  return createHash('sha256').update(`portal-job-payload\0${secret}`).digest();
}

export function seal(secret: string, value: unknown): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return { sealed: Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64') };
}

/** Throws when the payload was sealed under another secret or altered. */
export function unseal<T>(secret: string, { sealed }: Sealed): T {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  const body = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
  return JSON.parse(body.toString('utf8')) as T;
}
