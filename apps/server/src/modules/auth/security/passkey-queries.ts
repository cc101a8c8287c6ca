import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { accountPasskeys } from '../../../db/schema/index.js';

export function listPasskeys(db: Db, userId: number) {
  return db
    .select({
      id: accountPasskeys.id,
      name: accountPasskeys.name,
      credentialId: accountPasskeys.credentialId,
      transports: accountPasskeys.transports,
      createdAt: accountPasskeys.createdAt,
      lastUsedAt: accountPasskeys.lastUsedAt,
    })
    .from(accountPasskeys)
    .where(eq(accountPasskeys.userId, userId))
    .orderBy(desc(accountPasskeys.createdAt), desc(accountPasskeys.id))
    .limit(PASSKEYS_PER_ACCOUNT);
}

/** More would only slow the sign-in options down; nobody needs them. */
export const PASSKEYS_PER_ACCOUNT = 20;

export async function findPasskeyByCredential(db: Db, credentialId: string) {
  const [row] = await db
    .select()
    .from(accountPasskeys)
    .where(eq(accountPasskeys.credentialId, credentialId))
    .limit(1);
  return row;
}

/** False when the credential is already registered (to this account or another). */
export async function insertPasskey(db: Db, row: typeof accountPasskeys.$inferInsert) {
  const rows = await db
    .insert(accountPasskeys)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: accountPasskeys.id });
  return rows.length > 0;
}

/**
 * Records a use: the new counter only if it is still above the stored one (or both are 0, an authenticator that does
 * not count), in one statement, so two requests replaying one assertion cannot both pass.
 */
export async function usePasskey(db: Db, id: number, counter: number, at: Date) {
  const rows = await db
    .update(accountPasskeys)
    .set({ signCount: counter, lastUsedAt: at })
    .where(
      and(
        eq(accountPasskeys.id, id),
        sql`(${accountPasskeys.signCount} < ${counter} or (${accountPasskeys.signCount} = 0 and ${counter} = 0))`,
      ),
    )
    .returning({ id: accountPasskeys.id });
  return rows.length > 0;
}

export async function deletePasskey(db: Db, userId: number, id: number) {
  const rows = await db
    .delete(accountPasskeys)
    .where(and(eq(accountPasskeys.userId, userId), eq(accountPasskeys.id, id)))
    .returning({ id: accountPasskeys.id });
  return rows.length > 0;
}
