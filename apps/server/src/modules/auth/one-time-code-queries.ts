import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { oneTimeCodes } from '../../db/schema/index.js';

// One-time sign-in codes.

/** Voids every unused code of a user: a new code (or a cancel) makes the earlier ones worthless. */
export async function voidOneTimeCodes(db: Db, userId: number, at: Date) {
  await db
    .update(oneTimeCodes)
    .set({ usedAt: at })
    .where(and(eq(oneTimeCodes.userId, userId), isNull(oneTimeCodes.usedAt)));
}

export async function insertOneTimeCode(db: Db, row: typeof oneTimeCodes.$inferInsert) {
  await db.insert(oneTimeCodes).values(row);
}

/** The newest unused code of this user issued to this session (codes are bound to the session that asked). */
/** When the newest code of the account went out (any session), for the minimum interval between codes. */
export async function findLatestOneTimeCodeAt(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(eq(oneTimeCodes.userId, userId))
    .orderBy(desc(oneTimeCodes.id))
    .limit(1);
  return row?.createdAt ?? null;
}

export async function findOpenOneTimeCode(db: Db, userId: number, sessionIdHash: string) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.sessionIdHash, sessionIdHash),
        isNull(oneTimeCodes.usedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.id))
    .limit(1);
  return row;
}

/** Counts a wrong guess; answers the attempts so far (0 when the code was used or voided meanwhile). */
export async function countWrongOneTimeCode(db: Db, codeId: number): Promise<number> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(eq(oneTimeCodes.id, codeId), isNull(oneTimeCodes.usedAt)))
    .returning({ attempts: oneTimeCodes.attempts });
  return row?.attempts ?? 0;
}

/** Uses a code up, atomically: of two requests racing with the right code, exactly one wins. */
export async function consumeOneTimeCode(db: Db, codeId: number, at: Date, maxAttempts: number) {
  const used = await db
    .update(oneTimeCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(oneTimeCodes.id, codeId),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, at),
        sql`${oneTimeCodes.attempts} < ${maxAttempts}`,
      ),
    )
    .returning({ id: oneTimeCodes.id });
  return used.length === 1;
}
