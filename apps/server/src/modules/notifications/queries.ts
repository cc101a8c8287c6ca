import type { LocalizedText, NotificationAudience } from '@portal/contract';
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  clientMessages,
  notificationDeliveries,
  notificationPreferences,
  notifications,
} from '../../db/schema/index.js';
import { type Channels, PREFERENCE_CHANNELS } from '../../notifications/index.js';

/** The person the caller is: audience and their client, producer or staff id. */
export interface Recipient {
  audience: NotificationAudience;
  id: number;
}

/** One row of the centre: the centre's own (`n`) or a firm notice of the message box (`m`). */
export interface FeedRow {
  source: 'n' | 'm';
  id: number;
  type: string;
  params: Record<string, string>;
  link: string | null;
  title: LocalizedText | null;
  createdAt: Date;
  readAt: Date | null;
}

export async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers answer `{ rows }` for db.execute (see producer-team/queries.ts).
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

interface RawFeedRow {
  source: 'n' | 'm';
  id: string | number;
  type: string;
  params: Record<string, string> | null;
  link: string | null;
  title: LocalizedText | null;
  created_at: Date | string;
  read_at: Date | string | null;
}

const toFeedRow = (row: RawFeedRow): FeedRow => ({
  source: row.source,
  id: Number(row.id),
  type: row.type,
  params: row.params ?? {},
  link: row.link,
  title: row.title,
  createdAt: new Date(row.created_at),
  readAt: row.read_at === null ? null : new Date(row.read_at),
});

/** The firm's notices live in the client's message box; the centre links there. */
export const MESSAGE_BOX_LINK = '/b2c/message';

/**
 * One page of the centre, newest first: the person's notifications and, for a client, the firm's notices of their
 * message box (read from client_messages, so read state never drifts). Each side reads at most `offset + limit` rows
 * through its own index, so a page costs the same whatever the table's size.
 */
export async function selectFeedPage(db: Db, recipient: Recipient, offset: number, limit: number) {
  const reach = offset + limit;
  const own = sql`(select 'n' as source, n.id, n.type, n.params, n.link, null::jsonb as title, n.created_at,
      n.read_at from ${notifications} n
    where n.audience = ${recipient.audience} and n.recipient_id = ${recipient.id} and n.in_app
    order by n.id desc limit ${reach})`;
  const query =
    recipient.audience === 'client'
      ? sql`select * from (${own} union all (select 'm' as source, m.id, 'firm_notice' as type, null::jsonb as params,
          ${MESSAGE_BOX_LINK} as link, m.title, m.created_at, m.read_at from ${clientMessages} m
          where m.client_id = ${recipient.id} order by m.created_at desc limit ${reach})) feed
        order by created_at desc, id desc offset ${offset} limit ${limit}`
      : sql`select * from ${own} feed order by id desc offset ${offset} limit ${limit}`;
  return (await rowsOf<RawFeedRow>(db, query)).map(toFeedRow);
}

/** One row of the feed by its wire id, only if it is the person's. */
export async function selectFeedRow(db: Db, recipient: Recipient, source: 'n' | 'm', id: number) {
  const query =
    source === 'n'
      ? sql`select 'n' as source, n.id, n.type, n.params, n.link, null::jsonb as title, n.created_at, n.read_at
          from ${notifications} n where n.id = ${id} and n.audience = ${recipient.audience}
          and n.recipient_id = ${recipient.id} and n.in_app`
      : recipient.audience === 'client'
        ? sql`select 'm' as source, m.id, 'firm_notice' as type, null::jsonb as params, ${MESSAGE_BOX_LINK} as link,
            m.title, m.created_at, m.read_at from ${clientMessages} m where m.id = ${id}
            and m.client_id = ${recipient.id}`
        : undefined;
  if (!query) return undefined;
  const [row] = await rowsOf<RawFeedRow>(db, query);
  return row ? toFeedRow(row) : undefined;
}

/** The person's notifications after `afterId`, oldest first (a stream resumed with Last-Event-ID). */
export async function selectAfter(db: Db, recipient: Recipient, afterId: number, limit: number) {
  const query = sql`select 'n' as source, n.id, n.type, n.params, n.link, null::jsonb as title, n.created_at,
      n.read_at from ${notifications} n
    where n.audience = ${recipient.audience} and n.recipient_id = ${recipient.id} and n.in_app and n.id > ${afterId}
    order by n.id limit ${limit}`;
  return (await rowsOf<RawFeedRow>(db, query)).map(toFeedRow);
}

/** Unread in the centre: the person's unread notifications and, for a client, unread firm notices (two partial indexes). */
export async function countUnread(db: Db, recipient: Recipient): Promise<number> {
  const [own] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(
        eq(notifications.audience, recipient.audience),
        eq(notifications.recipientId, recipient.id),
        isNull(notifications.readAt),
        eq(notifications.inApp, true),
      ),
    );
  let total = Number(own?.n ?? 0);
  if (recipient.audience === 'client') {
    const [messages] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(clientMessages)
      .where(and(eq(clientMessages.clientId, recipient.id), isNull(clientMessages.readAt)));
    total += Number(messages?.n ?? 0);
  }
  return total;
}

/**
 * Marks some of the person's notifications read (the first read time stays). Answers how many of the ids were theirs:
 * an id of someone else's is not touched and counts as not found.
 */
export async function markRead(
  db: Db,
  recipient: Recipient,
  ids: { n: number[]; m: number[] },
  at: Date,
): Promise<number> {
  let found = 0;
  if (ids.n.length > 0) {
    const mine = and(
      eq(notifications.audience, recipient.audience),
      eq(notifications.recipientId, recipient.id),
      inArray(notifications.id, ids.n),
    );
    const rows = await db.select({ id: notifications.id }).from(notifications).where(mine);
    found += rows.length;
    await db
      .update(notifications)
      .set({ readAt: at })
      .where(and(mine, isNull(notifications.readAt)));
  }
  if (ids.m.length > 0 && recipient.audience === 'client') {
    const mine = and(eq(clientMessages.clientId, recipient.id), inArray(clientMessages.id, ids.m));
    const rows = await db.select({ id: clientMessages.id }).from(clientMessages).where(mine);
    found += rows.length;
    await db
      .update(clientMessages)
      .set({ readAt: at })
      .where(and(mine, isNull(clientMessages.readAt)));
  }
  return found;
}

/** Marks everything of the person's read, firm notices included. */
export async function markAllRead(db: Db, recipient: Recipient, at: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(notifications.audience, recipient.audience),
        eq(notifications.recipientId, recipient.id),
        isNull(notifications.readAt),
      ),
    );
  if (recipient.audience === 'client') {
    await db
      .update(clientMessages)
      .set({ readAt: at })
      .where(and(eq(clientMessages.clientId, recipient.id), isNull(clientMessages.readAt)));
  }
}

export async function selectPreferences(db: Db, recipient: Recipient): Promise<Map<string, Channels>> {
  const rows = await db
    .select({ type: notificationPreferences.type, ...PREFERENCE_CHANNELS })
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.audience, recipient.audience),
        eq(notificationPreferences.recipientId, recipient.id),
      ),
    );
  return new Map(rows.map(({ type, ...channels }) => [type, channels]));
}

export async function upsertPreferences(
  db: Db,
  recipient: Recipient,
  entries: ({ type: string } & Channels)[],
  at: Date,
): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values(
      entries.map((entry) => ({
        audience: recipient.audience,
        recipientId: recipient.id,
        ...entry,
        updatedAt: at,
      })),
    )
    .onConflictDoUpdate({
      target: [
        notificationPreferences.audience,
        notificationPreferences.recipientId,
        notificationPreferences.type,
      ],
      set: {
        inApp: sql`excluded.in_app`,
        email: sql`excluded.email`,
        sms: sql`excluded.sms`,
        digest: sql`excluded.digest`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

const deliveryColumns = {
  notificationId: notificationDeliveries.notificationId,
  channel: notificationDeliveries.channel,
  status: notificationDeliveries.status,
  attempts: notificationDeliveries.attempts,
  at: notificationDeliveries.lastAttemptAt,
};

/** The deliveries of one of the person's notifications (none when it is not theirs). */
export async function selectOwnDeliveries(db: Db, recipient: Recipient, notificationId: number) {
  return db
    .select(deliveryColumns)
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .where(
      and(
        eq(notificationDeliveries.notificationId, notificationId),
        eq(notifications.audience, recipient.audience),
        eq(notifications.recipientId, recipient.id),
      ),
    )
    .orderBy(notificationDeliveries.id);
}

/** Staff's delivery log: notifications newest first (keyed by id), each with its deliveries. */
export async function selectDeliveryLog(
  db: Db,
  filter: { audience?: NotificationAudience; recipientId?: number },
  offset: number,
  limit: number,
) {
  const conditions = [
    filter.audience ? eq(notifications.audience, filter.audience) : undefined,
    filter.recipientId ? eq(notifications.recipientId, filter.recipientId) : undefined,
  ].filter((c) => c !== undefined);
  const rows = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      audience: notifications.audience,
      recipientId: notifications.recipientId,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(notifications.id))
    .offset(offset)
    .limit(limit);
  const ids = rows.map((row) => row.id);
  const deliveries =
    ids.length === 0
      ? []
      : await db
          .select(deliveryColumns)
          .from(notificationDeliveries)
          .where(inArray(notificationDeliveries.notificationId, ids))
          .orderBy(notificationDeliveries.id);
  return { rows, deliveries };
}

/** Digest: people with notifications waiting for it (a bounded batch, oldest first). */
export async function selectDigestRecipients(db: Db, before: Date, limit: number) {
  return db
    .selectDistinct({ audience: notifications.audience, recipientId: notifications.recipientId })
    .from(notifications)
    .where(
      and(
        eq(notifications.digest, true),
        isNull(notifications.digestedAt),
        lt(notifications.createdAt, before),
      ),
    )
    .limit(limit);
}

/** Digest: one person's waiting notifications (at most `limit`, oldest first). */
export async function selectDigestRows(db: Db, recipient: Recipient, before: Date, limit: number) {
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      params: notifications.params,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.audience, recipient.audience),
        eq(notifications.recipientId, recipient.id),
        eq(notifications.digest, true),
        isNull(notifications.digestedAt),
        lt(notifications.createdAt, before),
      ),
    )
    .orderBy(notifications.id)
    .limit(limit);
}

/** Digest: the rows sent, and their digest deliveries' outcome. */
export async function markDigested(db: Db, ids: number[], at: Date, outcome: 'sent' | 'skipped') {
  if (ids.length === 0) return;
  await db.update(notifications).set({ digestedAt: at }).where(inArray(notifications.id, ids));
  await db
    .update(notificationDeliveries)
    .set({
      status: outcome,
      attempts:
        outcome === 'sent' ? sql`${notificationDeliveries.attempts} + 1` : notificationDeliveries.attempts,
      lastAttemptAt: at,
    })
    .where(
      and(inArray(notificationDeliveries.notificationId, ids), eq(notificationDeliveries.channel, 'digest')),
    );
}
