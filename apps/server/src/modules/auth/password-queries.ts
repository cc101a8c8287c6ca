import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

// Password hashes: setting one (activation, reset, change) and reading one to change it.

/** Sets a new password hash; activation also turns a pending account active. A new password clears any lock. */
export async function savePassword(
  db: Db,
  userId: number,
  passwordHash: string,
  at: Date,
  { activate }: { activate: boolean },
) {
  await db
    .update(users)
    .set({
      passwordHash,
      passwordChangedAt: at,
      failedAttempts: 0,
      lockedUntil: null,
      lastFailedLoginAt: null,
      updatedAt: at,
      ...(activate ? { status: 'active' as const } : {}),
    })
    .where(eq(users.id, userId));
}

/** The account's password hash, its row locked until the transaction ends (password changes take turns). */
export async function passwordHashForUpdate(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row?.passwordHash ?? undefined;
}
