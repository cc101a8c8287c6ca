import type { Language } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { JobQueue, QueueDefinition } from '../jobs/queue.js';
import { type Sealed, seal, unseal } from '../jobs/sealed.js';
import type { MailQueue } from '../mail/mail-queue.js';
import type { DeliveryChannel, Inbox, NotificationAccount } from './inbox.js';
import { type NoticeParams, type NoticeType, type WordedNotice, wordNotice } from './notice-texts.js';
import { effectiveChannels } from './preferences.js';
import { createSmsSender, type SmsMessage, type SmsSender } from './sms.js';

/** Who a notice is for, and where they can be reached; a channel without an address is skipped. */
export interface NoticeRecipient {
  language: Language;
  email?: string | null;
  phone?: string | null;
  /**
   * The person in the portal (their audience and client, producer or staff id): with it the notice also lands in
   * their notification centre, their preferences choose the channels, and each delivery is logged.
   */
  account?: NotificationAccount;
}

/** Something a person should know about: its type, who, the values its words name, and the screen it is about. */
export interface Notice {
  type: NoticeType;
  recipient: NoticeRecipient;
  params: NoticeParams;
  /** The SPA path (below the language prefix) the centre links to; never put in e-mails or SMS. */
  link?: string;
}

/** A logged delivery: the channel reports each attempt of its queue to the delivery log. */
export interface DeliveryRef {
  id: number;
}

/** One way of reaching a person. `deliver` answers false when the recipient has no address for it. */
export interface NoticeChannel {
  readonly name: string;
  deliver(
    recipient: NoticeRecipient,
    worded: WordedNotice,
    params: NoticeParams,
    delivery?: DeliveryRef,
  ): Promise<boolean>;
}

export interface Notifier {
  /**
   * Words the notice in the recipient's language and hands it to every channel the person's preferences choose;
   * answers the channels used ('inApp' for the centre).
   */
  notify(notice: Notice, options?: { except?: string[] }): Promise<string[]>;
}

/** The preference key of a channel by its name. */
const CHANNEL_KEYS: Record<string, DeliveryChannel> = { mail: 'email', sms: 'sms' };

/**
 * Fans a notice out to its channels. A channel that fails is logged; the others still deliver. With an inbox and a
 * recipient account, the notice is stored for the centre first (its row is what the live stream announces), the
 * person's preferences pick the channels, types set to the digest wait for the daily digest e-mail, and every
 * delivery is logged with its attempts.
 */
export function createNotifier(channels: NoticeChannel[], log: FastifyBaseLogger, inbox?: Inbox): Notifier {
  return {
    async notify(notice, options = {}) {
      const worded = wordNotice(notice.type, notice.recipient.language, notice.params);
      const account = notice.recipient.account;
      const used: string[] = [];
      if (!account || !inbox) {
        for (const channel of channels) {
          if (options.except?.includes(channel.name)) continue;
          try {
            if (await channel.deliver(notice.recipient, worded, notice.params)) used.push(channel.name);
          } catch (err) {
            log.error({ err, channel: channel.name, notice: notice.type }, 'notice not queued');
          }
        }
        return used;
      }
      const chosen = effectiveChannels(notice.type, await inbox.storedChannels(account, notice.type));
      const params: Record<string, string> = { ...notice.params };
      const notificationId = await inbox.record({
        account,
        type: notice.type,
        params,
        link: notice.link ?? null,
        inApp: chosen.inApp,
        digest: chosen.digest && Boolean(notice.recipient.email),
      });
      if (chosen.inApp) used.push('inApp');
      if (chosen.digest && notice.recipient.email) {
        await inbox.addDelivery(notificationId, 'digest');
        used.push('digest');
      }
      for (const channel of channels) {
        const key = CHANNEL_KEYS[channel.name];
        if (options.except?.includes(channel.name) || (key && !chosen[key === 'email' ? 'email' : 'sms'])) {
          continue;
        }
        try {
          const delivery = key ? { id: await inbox.addDelivery(notificationId, key) } : undefined;
          if (await channel.deliver(notice.recipient, worded, notice.params, delivery))
            used.push(channel.name);
          else if (delivery) await inbox.skipped(delivery.id);
        } catch (err) {
          log.error({ err, channel: channel.name, notice: notice.type }, 'notice not queued');
        }
      }
      return used;
    },
  };
}

/** E-mail: through the durable mail queue, like every e-mail (decision 017). */
export function mailChannel(mail: MailQueue): NoticeChannel {
  return {
    name: 'mail',
    async deliver(recipient, worded, params, delivery) {
      if (!recipient.email) return false;
      await mail.enqueue(
        'notice',
        recipient.language,
        recipient.email,
        { siteName: params.siteName, subject: worded.subject, paragraphs: worded.paragraphs },
        delivery ? { deliveryId: delivery.id } : {},
      );
      return true;
    },
  };
}

/**
 * SMS: a job of the `sms.send` queue (sealed at rest, retried with backoff like mail), sent by a worker to
 * `SMS_URL` or written to the SMS outbox.
 */
export function smsChannel(
  jobs: JobQueue,
  config: Pick<
    Config,
    'sessionSecret' | 'smsUrl' | 'smsOutboxDir' | 'mailRetryLimit' | 'mailRetryDelaySeconds'
  >,
  log: FastifyBaseLogger,
  sender: SmsSender = createSmsSender({ url: config.smsUrl, outboxDir: config.smsOutboxDir }),
  inbox?: Pick<Inbox, 'attempt'>,
): NoticeChannel {
  const retryLimit = config.mailRetryLimit;
  // The delivery-log row's id travels in the clear beside the sealed message: it says nothing about the person.
  const report = async (deliveryId: number | undefined, outcome: 'sent' | 'retrying' | 'failed') => {
    if (deliveryId === undefined || !inbox) return;
    await inbox.attempt(deliveryId, outcome).catch((err) => log.warn({ err }, 'SMS attempt not logged'));
  };
  const send: QueueDefinition<Sealed & { delivery?: number }> = {
    name: 'sms.send',
    retryLimit,
    retryDelaySeconds: config.mailRetryDelaySeconds,
    expireInSeconds: 60,
    handle: async (data, job) => {
      try {
        await sender.send(unseal<SmsMessage>(config.sessionSecret, data));
      } catch (err) {
        log.warn({ jobId: job.id, attempt: job.retryCount + 1 }, 'SMS not sent yet');
        await report(data.delivery, job.retryCount >= retryLimit ? 'failed' : 'retrying');
        throw err;
      }
      await report(data.delivery, 'sent');
    },
  };
  jobs.define(send);
  return {
    name: 'sms',
    async deliver(recipient, worded, _params, delivery) {
      if (!recipient.phone) return false;
      const sealed = seal(config.sessionSecret, { to: recipient.phone, text: worded.sms });
      await jobs.send(send, delivery ? { ...sealed, delivery: delivery.id } : sealed);
      return true;
    },
  };
}
