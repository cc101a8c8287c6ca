/** Notices to people through every channel they can be reached on (e-mail, SMS), behind one Notifier. */

export {
  type AttemptOutcome,
  createInbox,
  type DeliveryChannel,
  type Inbox,
  type NotificationAccount,
  PREFERENCE_CHANNELS,
} from './inbox.js';
export { NOTICE_TYPES, type NoticeParams, type NoticeType, wordNotice } from './notice-texts.js';
export {
  createNotifier,
  mailChannel,
  type Notice,
  type NoticeChannel,
  type NoticeRecipient,
  type Notifier,
  smsChannel,
} from './notifier.js';
export {
  type Channels,
  defaultChannels,
  effectiveChannels,
  preferenceList,
  refusedSecurityChange,
} from './preferences.js';
export {
  type AccountNotice,
  accountsOf,
  noticeMinute,
  notifyAccounts,
  recipientOfUser,
} from './recipients.js';
export { createSmsSender, type SmsMessage, type SmsSender } from './sms.js';
