import type { Language } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { JobQueue, QueueDefinition } from '../jobs/queue.js';
import { type Sealed, seal, unseal } from '../jobs/sealed.js';
import { createMailer, type Mailer, type MailMessage } from './mailer.js';
import { type MailKind, type MailVars, renderMail } from './templates.js';

/** What a row of the mail queue shows in the clear: the kind of e-mail only. The message itself is sealed. */
export interface MailJob extends Sealed {
  kind: MailKind;
  /** The notification delivery this e-mail is (docs/notifications.md): each attempt is reported to it. */
  delivery?: number;
}

/** Told of each attempt of an e-mail that belongs to a logged notification delivery. */
export type MailAttemptReport = (
  deliveryId: number,
  outcome: 'sent' | 'retrying' | 'failed',
) => Promise<void>;

export interface MailQueue {
  /** Renders the e-mail now and stores it as a job; a worker sends it, retrying with backoff (decision 017). */
  enqueue<K extends MailKind>(
    kind: K,
    language: Language,
    to: string,
    vars: MailVars[K],
    options?: { deliveryId?: number },
  ): Promise<void>;
  readonly mailer: Mailer;
}

type MailQueueConfig = Pick<
  Config,
  'smtpUrl' | 'mailFrom' | 'outboxDir' | 'sessionSecret' | 'mailRetryLimit' | 'mailRetryDelaySeconds'
>;

/**
 * Every e-mail of the portal goes through the `mail.send` queue, SMTP and outbox mode alike: a send that fails
 * (SMTP down, refused, timed out) is retried by pg-boss with exponential backoff; after the last attempt the job
 * lands in `mail.dead`, whose handler logs it as a dead letter for an operator (docs/operations.md, "Mail").
 */
export function createMailQueue(
  jobs: JobQueue,
  config: MailQueueConfig,
  log: FastifyBaseLogger,
  reportAttempt?: MailAttemptReport,
): MailQueue {
  const mailer = createMailer(config);
  const report = async (deliveryId: number | undefined, outcome: 'sent' | 'retrying' | 'failed') => {
    if (deliveryId === undefined || !reportAttempt) return;
    await reportAttempt(deliveryId, outcome).catch((err) => log.warn({ err }, 'e-mail attempt not logged'));
  };
  const dead: QueueDefinition<MailJob> = {
    name: 'mail.dead',
    retryLimit: 0,
    retryDelaySeconds: 1,
    expireInSeconds: 60,
    handle: async (data, job) => {
      log.error({ jobId: job.id, kind: data.kind }, 'e-mail dead letter: every attempt to send it failed');
    },
  };
  const send: QueueDefinition<MailJob> = {
    name: 'mail.send',
    retryLimit: config.mailRetryLimit,
    retryDelaySeconds: config.mailRetryDelaySeconds,
    // nodemailer's own socket timeouts end a hung SMTP conversation well before this.
    expireInSeconds: 5 * 60,
    deadLetter: dead,
    // A failed attempt is logged by the queue (with the error) and retried; the kind of e-mail is added here.
    handle: async (data, job) => {
      const message = unseal<MailMessage>(config.sessionSecret, data);
      try {
        await mailer.send(message);
      } catch (err) {
        log.warn({ jobId: job.id, kind: data.kind, attempt: job.retryCount + 1 }, 'e-mail not sent yet');
        await report(data.delivery, job.retryCount >= config.mailRetryLimit ? 'failed' : 'retrying');
        throw err;
      }
      await report(data.delivery, 'sent');
    },
  };
  jobs.define(send);
  return {
    mailer,
    async enqueue(kind, language, to, vars, options = {}) {
      const message = renderMail(kind, language, to, vars);
      const delivery = options.deliveryId === undefined ? {} : { delivery: options.deliveryId };
      await jobs.send(send, { kind, ...delivery, ...seal(config.sessionSecret, message) });
    },
  };
}
