import { z } from 'zod';
import { ACTIVITY_TYPES } from './account-security.js';
import { idSchema, strictInt } from './lists/criteria.js';

/**
 * The notification centre (docs/notifications.md): one mechanism every area uses. A notification is something that
 * happened to the signed-in person; it is shown in the centre (in app) and, by the person's preferences, sent by
 * e-mail, by SMS or in the daily digest e-mail. Security events are always sent on every channel.
 */

/** Security events: the account-activity types, each also a notification that cannot be turned off. */
export const SECURITY_NOTIFICATION_TYPES = ACTIVITY_TYPES;

export const NOTIFICATION_TYPES = [
  'statement_available',
  'message_received',
  'firm_notice',
  'export_ready',
  'export_failed',
  'application_stage_changed',
  'requirement_received',
  'requirements_reminder',
  'commission_statement_ready',
  'commission_dispute_changed',
  ...SECURITY_NOTIFICATION_TYPES,
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

const securityTypes: ReadonlySet<string> = new Set(SECURITY_NOTIFICATION_TYPES);
export const isSecurityNotification = (type: NotificationType) => securityTypes.has(type);

/** Who receives notifications: each audience's own people (client, producer, staff record ids). */
export const NOTIFICATION_AUDIENCES = ['client', 'producer', 'staff'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];

/** The ways a notification reaches a person. `digest` is the daily digest e-mail. */
export const NOTIFICATION_CHANNELS = ['inApp', 'email', 'sms', 'digest'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * A notification's id on the wire: `n` and a number for the centre's own rows, `m` and a number for the firm's
 * notices of the client's message box, which the centre shows from their own table (never copied).
 */
export const notificationIdSchema = z.string().regex(/^[nm][1-9][0-9]{0,15}$/, 'not a notification id');

export const notificationSchema = z.object({
  id: notificationIdSchema,
  type: z.enum(NOTIFICATION_TYPES),
  /** When it happened (ISO 8601, UTC). */
  at: z.string(),
  read: z.boolean(),
  /** One line in the reader's language. */
  title: z.string(),
  /** The SPA path (below the language prefix) of the screen it is about, e.g. "/b2c/message". */
  link: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_MAX_PAGE = 50;

/** `GET /notifications?page=`: newest first, a fixed page size; the last page is bounded (no deep scans). */
export const notificationListQuerySchema = z.object({
  page: strictInt(1, NOTIFICATION_MAX_PAGE).default(1),
});
export const notificationListResponseSchema = z.object({
  data: z.array(notificationSchema),
  /** Unread notifications in all (the bell's count). */
  unread: z.number().int().nonnegative(),
  /** Whether a next page exists. */
  more: z.boolean(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

/** `POST /notifications/read`: some of one's own notifications, or all of them. */
export const markNotificationsReadSchema = z.union([
  z.strictObject({ ids: z.array(notificationIdSchema).min(1).max(100) }),
  z.strictObject({ all: z.literal(true) }),
]);
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;
export const markNotificationsReadResponseSchema = z.object({ unread: z.number().int().nonnegative() });

/** One type's channels. A security type answers every channel on and `locked`. */
export const notificationPreferenceSchema = z.object({
  type: z.enum(NOTIFICATION_TYPES),
  inApp: z.boolean(),
  email: z.boolean(),
  sms: z.boolean(),
  digest: z.boolean(),
  /** Security notices cannot be turned off. */
  locked: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;
export const notificationPreferencesResponseSchema = z.object({
  data: z.array(notificationPreferenceSchema),
});
export type NotificationPreferencesResponse = z.infer<typeof notificationPreferencesResponseSchema>;

/** `PUT /notifications/preferences`: the types to change (the others stay as they are). */
export const notificationPreferencesUpdateSchema = z.strictObject({
  data: z
    .array(
      z.strictObject({
        type: z.enum(NOTIFICATION_TYPES),
        inApp: z.boolean(),
        email: z.boolean(),
        sms: z.boolean(),
        digest: z.boolean(),
      }),
    )
    .min(1)
    .max(NOTIFICATION_TYPES.length),
});
export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesUpdateSchema>;

/** The delivery of one notification on one channel. */
export const DELIVERY_STATUSES = ['queued', 'retrying', 'sent', 'failed', 'skipped'] as const;
export const DELIVERY_CHANNELS = ['email', 'sms', 'digest'] as const;
export const deliverySchema = z.object({
  channel: z.enum(DELIVERY_CHANNELS),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int().nonnegative(),
  /** Last attempt (ISO 8601, UTC), null before the first. */
  at: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** `GET /notifications/deliveries?id=`: how one of one's own notifications was sent ("sent to your e-mail at …"). */
export const notificationDeliveriesQuerySchema = z.object({ id: notificationIdSchema });
export const notificationDeliveriesResponseSchema = z.object({ data: z.array(deliverySchema) });

/** `GET /internal/delivery_log?page=`: every notification's deliveries, newest first (staff, permission). */
export const deliveryLogQuerySchema = z.object({
  page: strictInt(1, NOTIFICATION_MAX_PAGE).default(1),
  recipientId: idSchema.optional(),
  audience: z.enum(NOTIFICATION_AUDIENCES).optional(),
});
export const deliveryLogEntrySchema = z.object({
  notificationId: notificationIdSchema,
  type: z.enum(NOTIFICATION_TYPES),
  audience: z.enum(NOTIFICATION_AUDIENCES),
  recipientId: z.number().int(),
  createdAt: z.string(),
  deliveries: z.array(deliverySchema),
});
export type DeliveryLogEntry = z.infer<typeof deliveryLogEntrySchema>;
export const deliveryLogResponseSchema = z.object({
  data: z.array(deliveryLogEntrySchema),
  more: z.boolean(),
});

/** What the stream sends: a `notification` event per new notification (its id the event id). */
export const notificationStreamEventSchema = z.object({
  notification: notificationSchema,
  unread: z.number().int().nonnegative(),
});
export type NotificationStreamEvent = z.infer<typeof notificationStreamEventSchema>;
