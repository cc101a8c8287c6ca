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
}

export interface MailQueue {
  /** Renders the e-mail now and stores it as a job; a worker sends it, retrying with backoff (decision 017). */
  enqueue<K extends MailKind>(kind: K, language: Language, to: string, vars: MailVars[K]): Promise<void>;
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
export function createMailQueue(jobs: JobQueue, config: MailQueueConfig, log: FastifyBaseLogger): MailQueue {
  const mailer = createMailer(config);
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
        throw err;
      }
    },
  };
  jobs.define(send);
  return {
    mailer,
    async enqueue(kind, language, to, vars) {
      const message = renderMail(kind, language, to, vars);
      await jobs.send(send, { kind, ...seal(config.sessionSecret, message) });
    },
  };
}
