import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The notification centre's rows (docs/notifications.md): what happened to one person, named by their audience and
 * their client, producer or staff id. `inApp` false: kept for the delivery log but not shown in the centre. Each
 * insert is announced on the `portal_notifications` channel by a trigger (migration 0046).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    audience: text('audience').$type<'client' | 'producer' | 'staff'>().notNull(),
    recipientId: bigint('recipient_id', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    /** The values its words name (site name, login, time, the thing it is about); worded when read. */
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    link: text('link'),
    inApp: boolean('in_app').notNull().default(true),
    /** Waits for the daily digest e-mail until `digestedAt`. */
    digest: boolean('digest').notNull().default(false),
    digestedAt: timestamp('digested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.audience, t.recipientId, t.id.desc()).where(sql`${t.inApp}`),
    index('notifications_unread_idx')
      .on(t.audience, t.recipientId)
      .where(sql`${t.readAt} is null and ${t.inApp}`),
    index('notifications_digest_idx')
      .on(t.audience, t.recipientId, t.id)
      .where(sql`${t.digest} and ${t.digestedAt} is null`),
    index('notifications_created_idx').on(t.id.desc()),
    check('notifications_audience_ck', sql`${t.audience} in ('client', 'producer', 'staff')`),
  ],
);

/** One channel's delivery of one notification: attempts and outcome, the mail and SMS queues' retries included. */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'email' | 'sms' | 'digest'>().notNull(),
    status: text('status').$type<'queued' | 'retrying' | 'sent' | 'failed' | 'skipped'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notification_deliveries_notification_idx').on(t.notificationId),
    check('notification_deliveries_channel_ck', sql`${t.channel} in ('email', 'sms', 'digest')`),
    check(
      'notification_deliveries_status_ck',
      sql`${t.status} in ('queued', 'retrying', 'sent', 'failed', 'skipped')`,
    ),
  ],
);

/** A person's channels for one notification type; absent rows are the defaults (notifications/preferences.ts). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    audience: text('audience').$type<'client' | 'producer' | 'staff'>().notNull(),
    recipientId: bigint('recipient_id', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
    sms: boolean('sms').notNull(),
    digest: boolean('digest').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'notification_preferences_pk', columns: [t.audience, t.recipientId, t.type] })],
);

/**
 * Statements to announce: one row per person and month, written by triggers on statement_snapshots (clients) and
 * commission_statements (producers) in the statement's own transaction (migration 0050), drained by the
 * notifications job (modules/notifications/announce-statements.ts). `claimed_at` marks a row a run is telling.
 */
export const statementNoticeOutbox = pgTable(
  'statement_notice_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').$type<'statement' | 'commission_statement'>().notNull(),
    partyId: bigint('party_id', { mode: 'number' }).notNull(),
    month: date('month').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('statement_notice_outbox_uq').on(t.kind, t.partyId, t.month),
    check('statement_notice_outbox_kind_ck', sql`${t.kind} in ('statement', 'commission_statement')`),
  ],
);
