import { describe, expect, it } from 'vitest';
import { hashDemoPasswords } from '../../db/seed/demo-org.js';
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from './passwords.js';

describe('password hashes', () => {
  it('pin argon2id at m=19 MiB, t=2, p=1 rather than trusting the library defaults', async () => {
    expect(ARGON2_OPTIONS).toEqual({ algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const hash = await hashPassword('Client123');
    expect(hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await verifyPassword(hash, 'Client123')).toBe(true);
    expect(await verifyPassword(hash, 'Client124')).toBe(false);
  });

  it('uses the same parameters for the demo accounts', async () => {
    const hashes = [...(await hashDemoPasswords()).values()];
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
  });
});
