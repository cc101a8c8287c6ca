import { hash, type Options, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's minimum (m=19 MiB, t=2, p=1): ~12 ms a hash on this machine. Pinned here, not left to the
 * library's defaults, so an upgrade cannot silently change the cost. (`verbatimModuleSyntax` rules out the package's
 * ambient const enum, so argon2id's value, 2, is spelled out.) Verification reads the parameters from each hash, so
 * changing them later only affects new hashes.
 */
export const ARGON2_OPTIONS = {
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (no such account, or one not activated yet) it still
 * verifies against a dummy hash of the same cost, so the answer takes as long whether or not the login exists.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password-only-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash is a failed check, never a 500 that would tell the account apart.
    return false;
  }
}
