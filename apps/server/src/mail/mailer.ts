import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import { outboxFileName } from './outbox.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Where messages go: `smtp`, or `outbox` (files a developer can open). */
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

type MailConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'outboxDir'>;

/**
 * Real SMTP when `SMTP_URL` is set. Otherwise each message is rendered to MIME by nodemailer itself and written as
 * an `.eml` file into the outbox folder, so what a developer (or a test) opens is byte for byte what SMTP would
 * have carried.
 */
export function createMailer(config: MailConfig): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      mode: 'smtp',
      send: async (message) => {
        await transport.sendMail({ from: config.mailFrom, ...message });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let folderReady: Promise<unknown> | undefined;
  return {
    mode: 'outbox',
    send: async (message) => {
      folderReady ??= mkdir(config.outboxDir, { recursive: true });
      await folderReady;
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      const name = outboxFileName(new Date());
      const file = join(config.outboxDir, name);
      // Written under a temporary name first: a reader polling the folder never sees half a message.
      await writeFile(`${file}.part`, info.message as Buffer);
      await rename(`${file}.part`, file);
    },
    close: () => transport.close(),
  };
}
