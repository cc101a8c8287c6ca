import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accountTokens, users } from '../../db/schema/index.js';

type TokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];

// Activation and reset tokens.

export async function voidAccountTokens(db: Db, userId: number, at: Date, purpose?: TokenPurpose) {
  await db
    .update(accountTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(accountTokens.userId, userId),
        isNull(accountTokens.usedAt),
        purpose ? eq(accountTokens.purpose, purpose) : undefined,
      ),
    );
}

/**
 * Voids the account's live links of `purpose` and stores the new one: the one live link per account and purpose
 * that the partial unique index account_tokens_live_uq requires. Run it in the transaction that holds the lock.
 */
export async function replaceAccountToken(
  db: Db,
  userId: number,
  purpose: TokenPurpose,
  tokenHash: string,
  at: Date,
  ttlMs: number,
) {
  await voidAccountTokens(db, userId, at, purpose);
  await insertAccountToken(db, {
    userId,
    purpose,
    tokenHash,
    expiresAt: new Date(at.getTime() + ttlMs),
    createdAt: at,
  });
}

/**
 * Whether the account has a live link of `purpose` issued after `since`: the request in hand then repeats one just
 * answered (a double click, a retried POST) and must not void that link with a second e-mail.
 */
export async function hasLiveTokenSince(db: Db, userId: number, purpose: TokenPurpose, since: Date) {
  const [row] = await db
    .select({ id: accountTokens.id })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.createdAt, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Takes the account's row lock: issuers of one account's links take turns (one live link, decision 017). */
export async function lockUser(db: Db, userId: number) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function insertAccountToken(db: Db, row: typeof accountTokens.$inferInsert) {
  await db.insert(accountTokens).values(row);
}

/** A live token of this purpose, with its account. */
export async function findLiveAccountToken(db: Db, tokenHash: string, purpose: TokenPurpose, at: Date) {
  const [row] = await db
    .select({
      tokenId: accountTokens.id,
      userId: users.id,
      siteCode: users.siteCode,
      kind: users.kind,
      login: users.login,
      status: users.status,
    })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, at),
      ),
    )
    .limit(1);
  return row;
}

/** Uses a token up, atomically: a link works exactly once even when submitted twice at the same moment. */
export async function consumeAccountToken(db: Db, tokenId: number, at: Date): Promise<boolean> {
  const used = await db
    .update(accountTokens)
    .set({ usedAt: at })
    .where(and(eq(accountTokens.id, tokenId), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, at)))
    .returning({ id: accountTokens.id });
  return used.length === 1;
}
