import {
  bigint,
  bigserial,
  index,
  inet,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './identity.js';

/**
 * An account's authenticator (RFC 6238). The secret is sealed with AES-256-GCM under the key named by `keyId`
 * (MFA_ENCRYPTION_KEY), so keys can rotate row by row. Unconfirmed until the first code is typed; `lastUsedStep` is
 * the newest 30-second step accepted, so a code works once.
 */
export const accountTotp = pgTable('account_totp', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  keyId: text('key_id').notNull(),
  secretSealed: text('secret_sealed').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes, stored as a keyed hash; a new set replaces the old one. */
export const accountRecoveryCodes = pgTable(
  'account_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('account_recovery_codes_user_hash_uq').on(t.userId, t.codeHash)],
);

/** What a person sees under "Recent activity": security events of their own account, kept 90 days. */
export const accountActivity = pgTable(
  'account_activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ip: inet('ip'),
    device: text('device'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('account_activity_user_at_idx').on(t.userId, t.at)],
);

/**
 * Browsers where a person chose not to be asked for the second factor for a while. The browser holds a random token
 * (only its SHA-256 is stored) and must also hold the account's device-cookie entry.
 */
export const trustedBrowsers = pgTable(
  'trusted_browsers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    device: text('device'),
    ip: inet('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('trusted_browsers_token_uq').on(t.tokenHash, t.userId),
    index('trusted_browsers_user_idx').on(t.userId),
  ],
);

/**
 * An account's passkeys (WebAuthn credentials). `credentialId` and `publicKey` are base64url as the authenticator
 * gave them; `signCount` is the last signature counter seen (0 for authenticators that do not count), so a cloned
 * key that reports an older counter is refused.
 */
export const accountPasskeys = pgTable(
  'account_passkeys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_passkeys_credential_uq').on(t.credentialId),
    index('account_passkeys_user_idx').on(t.userId),
  ],
);
