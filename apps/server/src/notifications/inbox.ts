import type { NotificationAudience, NotificationType } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { notificationDeliveries, notificationPreferences, notifications } from '../db/schema/index.js';
import type { Channels } from './preferences.js';

/** The person a notification is for: their audience and their client, producer or staff id. */
export interface NotificationAccount {
  audience: NotificationAudience;
  id: number;
}

export type DeliveryChannel = 'email' | 'sms' | 'digest';
export type AttemptOutcome = 'sent' | 'retrying' | 'failed';

/**
 * The notification centre's writes (docs/notifications.md): the row the centre shows, each channel's delivery, and
 * every attempt the mail and SMS queues make. Reads for screens live in the notifications module.
 */
export interface Inbox {
  storedChannels(account: NotificationAccount, type: NotificationType): Promise<Channels | undefined>;
  record(entry: {
    account: NotificationAccount;
    type: NotificationType;
    params: Record<string, string>;
    link: string | null;
    inApp: boolean;
    digest: boolean;
  }): Promise<number>;
  addDelivery(notificationId: number, channel: DeliveryChannel): Promise<number>;
  /** The channel had no address (no e-mail, no phone): recorded as skipped. */
  skipped(deliveryId: number): Promise<void>;
  attempt(deliveryId: number, outcome: AttemptOutcome): Promise<void>;
}

/** A stored preference's channels, as both the sender and the preferences screen read them. */
export const PREFERENCE_CHANNELS = {
  inApp: notificationPreferences.inApp,
  email: notificationPreferences.email,
  sms: notificationPreferences.sms,
  digest: notificationPreferences.digest,
};

export function createInbox(db: Db, now: () => Date): Inbox {
  return {
    async storedChannels(account, type) {
      const [row] = await db
        .select(PREFERENCE_CHANNELS)
        .from(notificationPreferences)
        .where(
          and(
            eq(notificationPreferences.audience, account.audience),
            eq(notificationPreferences.recipientId, account.id),
            eq(notificationPreferences.type, type),
          ),
        )
        .limit(1);
      return row;
    },
    async record(entry) {
      const [row] = await db
        .insert(notifications)
        .values({
          audience: entry.account.audience,
          recipientId: entry.account.id,
          type: entry.type,
          params: entry.params,
          link: entry.link,
          inApp: entry.inApp,
          digest: entry.digest,
          createdAt: now(),
        })
        .returning({ id: notifications.id });
      if (!row) throw new Error('notification not stored');
      return row.id;
    },
    async addDelivery(notificationId, channel) {
      const [row] = await db
        .insert(notificationDeliveries)
        .values({ notificationId, channel, status: 'queued' })
        .returning({ id: notificationDeliveries.id });
      if (!row) throw new Error('delivery not stored');
      return row.id;
    },
    async skipped(deliveryId) {
      await db
        .update(notificationDeliveries)
        .set({ status: 'skipped' })
        .where(eq(notificationDeliveries.id, deliveryId));
    },
    async attempt(deliveryId, outcome) {
      await db
        .update(notificationDeliveries)
        .set({
          status: outcome,
          attempts: sql`${notificationDeliveries.attempts} + 1`,
          lastAttemptAt: now(),
        })
        .where(eq(notificationDeliveries.id, deliveryId));
    },
  };
}
