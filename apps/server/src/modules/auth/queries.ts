import type { SiteCode } from '@portal/contract';
import { and, desc, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  accountTokens,
  auditLog,
  clients,
  loginNameLocks,
  oneTimeCodes,
  producers,
  sites,
  users,
} from '../../db/schema/index.js';

type UserKind = (typeof users.$inferSelect)['kind'];
type TokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];

export async function findSiteRow(db: Db, code: SiteCode) {
  const [row] = await db
    .select({ name: sites.name, settings: sites.settings })
    .from(sites)
    .where(eq(sites.code, code))
    .limit(1);
  return row;
}

/** What sign-in and account flows need of an account; the e-mail falls back to the person's first address. */
const accountColumns = {
  id: users.id,
  siteCode: users.siteCode,
  kind: users.kind,
  login: users.login,
  status: users.status,
  passwordHash: users.passwordHash,
  otpRequired: users.otpRequired,
  failedAttempts: users.failedAttempts,
  lockedUntil: users.lockedUntil,
  lastFailedLoginAt: users.lastFailedLoginAt,
  clientId: users.clientId,
  producerId: users.producerId,
  staffId: users.staffId,
  email: sql<string | null>`coalesce(${users.email}, ${clients.emails}[1], ${producers.opEmails}[1])`,
};
export type Account = {
  [K in keyof typeof accountColumns]: K extends 'email' ? string | null : (typeof users.$inferSelect)[K];
};

async function findAccount(db: Db, where: SQL | undefined, orderBy?: SQL): Promise<Account | undefined> {
  const query = db
    .select(accountColumns)
    .from(users)
    .leftJoin(clients, eq(clients.id, users.clientId))
    .leftJoin(producers, eq(producers.id, users.producerId))
    .where(where)
    .$dynamic();
  const [row] = await (orderBy ? query.orderBy(orderBy) : query).limit(1);
  return row;
}

const loginIs = (name: string) => sql`lower(${users.login}) = lower(${name})`;

export function findAccountById(db: Db, userId: number) {
  return findAccount(db, eq(users.id, userId));
}

/** A client or staff account by its login, any case. */
export function findAccountByLogin(db: Db, site: SiteCode, kind: UserKind, name: string) {
  return findAccount(db, and(eq(users.siteCode, site), eq(users.kind, kind), loginIs(name)));
}

const codeOwner = alias(producers, 'code_owner');

/**
 * A producer of an active producer record, by Login ID or Advisor Code (any case); a Login ID match wins. An Advisor
 * Code is the code of a producer of this site: looked up by (site_code, upper(code)), the unique index
 * producers_site_code_uq, so the login is two index probes instead of a join over every producer of the site.
 */
export function findProducerAccount(db: Db, site: SiteCode, name: string) {
  const advisorCode = sql`(select ${codeOwner.id} from ${producers} ${codeOwner}
    where ${codeOwner.siteCode} = ${site} and upper(${codeOwner.code}) = upper(${name}))`;
  return findAccount(
    db,
    and(
      eq(users.siteCode, site),
      eq(users.kind, 'producer'),
      eq(producers.isActive, true),
      or(loginIs(name), eq(users.producerId, advisorCode)),
    ),
    sql`case when lower(${users.login}) = lower(${name}) then 0 else 1 end`,
  );
}

/** Clients are identified by ID, passport or BR number, or by their AG client ID, any case. */
const identityIs = (idNo: string) =>
  or(sql`upper(${clients.idNumber}) = upper(${idNo})`, sql`upper(${clients.clientNo}) = upper(${idNo})`);
/** Names compare without case and with runs of spaces collapsed, as people type them. */
const sameName = (column: AnyPgColumn, value: string) =>
  sql`lower(regexp_replace(btrim(${column}), '\\s+', ' ', 'g')) = ${value}`;

/** An active client account by identity number and birth date (forgotten password). */
export function findClientAccountByIdentity(db: Db, site: SiteCode, idNo: string, birthDate: string) {
  return findAccount(
    db,
    and(
      eq(users.siteCode, site),
      eq(users.kind, 'client'),
      eq(users.status, 'active'),
      identityIs(idNo),
      eq(clients.birthDate, birthDate),
    ),
  );
}

/** The client a registration names, with the account it may already have on this site. */
export async function findRegistrationMatch(
  db: Db,
  site: SiteCode,
  who: { idNo: string; surname: string; givenName: string; birthDate: string },
) {
  const [row] = await db
    .select({
      clientId: clients.id,
      clientNo: clients.clientNo,
      email: sql<string | null>`${clients.emails}[1]`,
      language: clients.language,
      userId: users.id,
      userStatus: users.status,
    })
    .from(clients)
    .leftJoin(users, and(eq(users.clientId, clients.id), eq(users.siteCode, site)))
    .where(
      and(
        eq(clients.siteCode, site),
        identityIs(who.idNo),
        sameName(clients.surname, who.surname),
        sameName(clients.givenName, who.givenName),
        eq(clients.birthDate, who.birthDate),
      ),
    )
    .limit(1);
  return row;
}

/**
 * A pending account (no password yet) for a registering client; its login is the AG client ID. Does nothing when the
 * client already has an account on the site (two registrations racing): the caller then reads that one.
 */
export async function insertPendingClientUser(
  db: Db,
  row: { siteCode: SiteCode; clientId: number; login: string; email: string; language: string },
): Promise<void> {
  await db
    .insert(users)
    .values({
      siteCode: row.siteCode,
      kind: 'client',
      login: row.login,
      email: row.email,
      status: 'pending',
      clientId: row.clientId,
      preferredLanguage: row.language,
    })
    .onConflictDoNothing();
}

/**
 * The account of a client on a site, under a row lock (inside a transaction): registrations of the same client take
 * turns, so each replaces the activation link of the one before and exactly one link stays live.
 */
export async function clientUserForUpdate(db: Db, site: SiteCode, clientId: number) {
  const [row] = await db
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(and(eq(users.siteCode, site), eq(users.clientId, clientId)))
    .for('update');
  return row;
}

// ── Failed sign-ins and the account lock ────────────────────────────────────────────────────────────────────

/**
 * The lock fields of one account, read under a row lock (inside a transaction): concurrent attempts on the account
 * take their turn one by one, each seeing the failures counted before it.
 */
export async function lockStateForUpdate(db: Db, userId: number) {
  const [row] = await db
    .select({
      failedAttempts: users.failedAttempts,
      lastFailedLoginAt: users.lastFailedLoginAt,
      lockedUntil: users.lockedUntil,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/** Like lockStateForUpdate, for a login name without an account (created on first use, keyed by an HMAC). */
export async function nameLockStateForUpdate(db: Db, key: string) {
  await db.insert(loginNameLocks).values({ key }).onConflictDoNothing();
  const [row] = await db
    .select({
      failedAttempts: loginNameLocks.failedAttempts,
      lastFailedLoginAt: loginNameLocks.lastFailedLoginAt,
      lockedUntil: loginNameLocks.lockedUntil,
    })
    .from(loginNameLocks)
    .where(eq(loginNameLocks.key, key))
    .for('update');
  return row;
}

export async function saveNameLockState(
  db: Db,
  key: string,
  state: { failedAttempts: number; lastFailedLoginAt: Date; lockedUntil: Date | null },
) {
  await db.update(loginNameLocks).set(state).where(eq(loginNameLocks.key, key));
}

/** The Advisor Code a producer account may also sign in with (its producer record's code), or null. */
export async function advisorCodeOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ code: producers.code })
    .from(users)
    .innerJoin(producers, eq(producers.id, users.producerId))
    .where(eq(users.id, userId));
  return row?.code ?? null;
}

/** A correct password under a name with a lock of its own (an Advisor Code) clears that lock. */
export async function clearNameLock(db: Db, key: string) {
  await db.delete(loginNameLocks).where(eq(loginNameLocks.key, key));
}

export async function saveFailedLogin(
  db: Db,
  userId: number,
  state: { failedAttempts: number; lastFailedLoginAt: Date; lockedUntil: Date | null },
) {
  await db.update(users).set(state).where(eq(users.id, userId));
}

/** A correct password clears the failure count, even while the one-time code is still to come. */
export async function clearFailedLogins(db: Db, userId: number) {
  await db
    .update(users)
    .set({ failedAttempts: 0, lockedUntil: null, lastFailedLoginAt: null })
    .where(eq(users.id, userId));
}

export async function saveSuccessfulLogin(db: Db, userId: number, at: Date) {
  await db
    .update(users)
    .set({ failedAttempts: 0, lockedUntil: null, lastFailedLoginAt: null, lastLoginAt: at })
    .where(eq(users.id, userId));
}

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

// ── One-time codes ──────────────────────────────────────────────────────────────────────────────────────────

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

// ── Activation and reset tokens ─────────────────────────────────────────────────────────────────────────────

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

/** The account's password hash, its row locked until the transaction ends (password changes take turns). */
export async function passwordHashForUpdate(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row?.passwordHash ?? undefined;
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

// ── Audit ───────────────────────────────────────────────────────────────────────────────────────────────────

export async function insertAuditEntry(db: Db, row: typeof auditLog.$inferInsert) {
  await db.insert(auditLog).values(row);
}
