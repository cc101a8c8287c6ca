import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accountTokenPurposeEnum, siteCodeEnum, userKindEnum, userStatusEnum } from './enums.js';
import { clients } from './parties.js';
import { producers } from './producers.js';
import { sites } from './sites.js';
import { staff } from './staff.js';

/** Re-exported: older imports name identity.ts. */
export { accountTokenPurposeEnum, siteCodeEnum, sites, userKindEnum, userStatusEnum };

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * A sign-in account. Exactly one of clientId / producerId / staffId is set, matching `kind`; the linked row holds
 * the person's data. Login ids are unique per site, case-insensitively.
 */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteCode: siteCodeEnum('site_code')
      .notNull()
      .references(() => sites.code),
    kind: userKindEnum('kind').notNull(),
    login: text('login').notNull(),
    email: text('email'),
    passwordHash: text('password_hash'),
    status: userStatusEnum('status').notNull().default('pending'),
    /** null: follow the site's default for this kind of user. */
    otpRequired: boolean('otp_required'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Consecutive failures older than a day no longer count towards a lock (see docs/auth.md). */
    lastFailedLoginAt: timestamp('last_failed_login_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /**
     * Start of the grace period in which an account that must have a strong second factor may still sign in without
     * one: the account's creation, or the day account security was introduced for older accounts.
     */
    mfaGraceFrom: timestamp('mfa_grace_from', { withTimezone: true }).notNull().defaultNow(),
    clientId: bigint('client_id', { mode: 'number' }).references(() => clients.id),
    producerId: bigint('producer_id', { mode: 'number' }).references(() => producers.id),
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staff.id),
    preferredLanguage: text('preferred_language').notNull().default('en'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_site_login_uq').on(t.siteCode, sql`lower(${t.login})`),
    index('users_client_idx').on(t.clientId),
    index('users_producer_idx').on(t.producerId),
    index('users_staff_idx').on(t.staffId),
    // The person behind an account is exactly the one its kind names; the session code relies on it.
    check(
      'users_kind_link_ck',
      sql`(${t.kind} = 'client' and ${t.clientId} is not null and ${t.producerId} is null and ${t.staffId} is null)
        or (${t.kind} = 'producer' and ${t.producerId} is not null and ${t.clientId} is null and ${t.staffId} is null)
        or (${t.kind} = 'staff' and ${t.staffId} is not null and ${t.clientId} is null and ${t.producerId} is null)`,
    ),
    // One account per person and site.
    uniqueIndex('users_site_client_uq').on(t.siteCode, t.clientId),
    uniqueIndex('users_site_producer_uq').on(t.siteCode, t.producerId),
    uniqueIndex('users_site_staff_uq').on(t.siteCode, t.staffId),
  ],
);

/**
 * Server-side sessions. The cookie carries a random id; only its SHA-256 is stored, so a database leak does not
 * hand out live sessions. Anonymous visitors get a row too: it carries their CSRF token and a pending OTP login.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    siteCode: siteCodeEnum('site_code').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    /** A login that passed the password check and waits for its one-time code. */
    otpUserId: bigint('otp_user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute expiry; the idle timeout is checked against lastSeenAt. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** One-time sign-in codes: hashed, single use, short-lived, bound to the session that asked for them. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionIdHash: text('session_id_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_codes_user_idx').on(t.userId, t.createdAt)],
);

/** Activation and password-reset tokens: hashed, single use, expiring. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: accountTokenPurposeEnum('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_uq').on(t.tokenHash),
    index('account_tokens_user_idx').on(t.userId),
    // One live link per account and purpose, even under simultaneous requests (decision 017): issuing voids the
    // earlier one in the same transaction, under the account's row lock.
    uniqueIndex('account_tokens_live_uq').on(t.userId, t.purpose).where(sql`${t.usedAt} is null`),
  ],
);

/** Who did what, when and from where: sign-ins, account changes and other sensitive actions. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    siteCode: siteCodeEnum('site_code'),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    outcome: text('outcome').notNull().default('success'),
    ip: inet('ip'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('audit_log_user_idx').on(t.userId, t.at), index('audit_log_action_idx').on(t.action, t.at)],
);
