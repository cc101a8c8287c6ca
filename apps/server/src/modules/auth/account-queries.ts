import type { SiteCode } from '@portal/contract';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  accountPasskeys,
  accountTotp,
  auditLog,
  clients,
  producers,
  sites,
  users,
} from '../../db/schema/index.js';

type UserKind = (typeof users.$inferSelect)['kind'];

// Accounts as sign-in, registration and the account flows find them; the audit log they write.

export async function findSiteRow(db: Db, code: SiteCode) {
  const [row] = await db
    .select({ name: sites.name, settings: sites.settings })
    .from(sites)
    .where(eq(sites.code, code))
    .limit(1);
  return row;
}

/** The account has an authenticator: one confirmed with a first code (an unconfirmed secret does not count). */
export const totpEnabledSql = sql<boolean>`exists(select 1 from ${accountTotp} where ${accountTotp.userId} = ${users.id}
  and ${accountTotp.confirmedAt} is not null)`;

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
  lastLoginAt: users.lastLoginAt,
  clientId: users.clientId,
  producerId: users.producerId,
  staffId: users.staffId,
  email: sql<string | null>`coalesce(${users.email}, ${clients.emails}[1], ${producers.opEmails}[1])`,
  /** What the second-factor policy needs, read in the same statement as the password hash (sign-in stays fast). */
  mfaGraceFrom: users.mfaGraceFrom,
  totpEnabled: totpEnabledSql,
  passkeyEnabled: sql<boolean>`exists(select 1 from ${accountPasskeys} where ${accountPasskeys.userId} = ${users.id})`,
};
export type Account = {
  [K in keyof typeof accountColumns]: K extends 'email'
    ? string | null
    : K extends 'totpEnabled' | 'passkeyEnabled'
      ? boolean
      : K extends keyof typeof users.$inferSelect
        ? (typeof users.$inferSelect)[K]
        : never;
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

/** The login of an account and where its notices go (first e-mail and phone on file), for the notifier. */
export async function findNoticeRecipient(db: Db, userId: number) {
  const [row] = await db
    .select({
      userId: users.id,
      login: users.login,
      kind: users.kind,
      clientId: users.clientId,
      producerId: users.producerId,
      staffId: users.staffId,
      siteCode: users.siteCode,
      language: users.preferredLanguage,
      email: accountColumns.email,
      phone: sql<string | null>`${clients.phones}[1]`,
    })
    .from(users)
    .leftJoin(clients, eq(clients.id, users.clientId))
    .leftJoin(producers, eq(producers.id, users.producerId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

const loginIs = (name: string) => sql`lower(${users.login}) = lower(${name})`;

export function findAccountById(db: Db, userId: number) {
  return findAccount(db, eq(users.id, userId));
}

/**
 * The account a passkey belongs to, if it may sign in here: same site, the kind the area signs in, and for a
 * producer an active producer record (as findProducerAccount).
 */
export function findPasskeyAccount(db: Db, userId: number, site: SiteCode, kind: UserKind) {
  return findAccount(
    db,
    and(
      eq(users.id, userId),
      eq(users.siteCode, site),
      eq(users.kind, kind),
      kind === 'producer' ? eq(producers.isActive, true) : undefined,
    ),
  );
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

export async function insertAuditEntry(db: Db, row: typeof auditLog.$inferInsert) {
  await db.insert(auditLog).values(row);
}
