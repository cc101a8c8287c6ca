import { hash, verify } from '@node-rs/argon2';

/** argon2id. `verbatimModuleSyntax` rules out the package's ambient const enum, so its value is spelled out. */
const ARGON2ID = 2;

/** OWASP's argon2id defaults (m=19 MiB, t=2, p=1), as the library ships them: ~12 ms a hash on this machine. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
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
