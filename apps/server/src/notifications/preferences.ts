import {
  isSecurityNotification,
  NOTIFICATION_TYPES,
  type NotificationPreference,
  type NotificationType,
} from '@portal/contract';

/** A type's channels as stored (or defaulted). */
export type Channels = Pick<NotificationPreference, 'inApp' | 'email' | 'sms' | 'digest'>;

/**
 * The channels of a type nobody has chosen for yet. Security events: every channel, always (they cannot be turned
 * off). Messages and exports: in app and e-mail at once. What can wait a day (statements, firm notices, stage changes,
 * commission statements): in app and the daily digest.
 */
export function defaultChannels(type: NotificationType): Channels {
  if (isSecurityNotification(type)) return { inApp: true, email: true, sms: true, digest: false };
  if (type === 'message_received' || type === 'export_ready' || type === 'export_failed')
    return { inApp: true, email: true, sms: false, digest: false };
  return { inApp: true, email: false, sms: false, digest: true };
}

/** What is used: the stored choice, except for security events, which are always sent everywhere. */
export function effectiveChannels(type: NotificationType, stored: Channels | undefined): Channels {
  if (isSecurityNotification(type)) return defaultChannels(type);
  return stored ?? defaultChannels(type);
}

/** Every type's channels for the preferences screen, in the contract's order. */
export function preferenceList(stored: Map<string, Channels>): NotificationPreference[] {
  return NOTIFICATION_TYPES.map((type) => ({
    type,
    ...effectiveChannels(type, stored.get(type)),
    locked: isSecurityNotification(type),
  }));
}

/** A change that would turn a security channel off (or move one to the digest): refused, with the field. */
export function refusedSecurityChange(type: NotificationType, wanted: Channels): boolean {
  if (!isSecurityNotification(type)) return false;
  const forced = defaultChannels(type);
  return (
    wanted.inApp !== forced.inApp ||
    wanted.email !== forced.email ||
    wanted.sms !== forced.sms ||
    wanted.digest !== forced.digest
  );
}
