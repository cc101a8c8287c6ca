import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One text message to one phone number. */
export interface SmsMessage {
  to: string;
  text: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/**
 * With `SMS_URL`, a message is POSTed as JSON `{ to, text }` to the provider (any 2xx is success); without it, each
 * message is written as a small JSON file to the SMS outbox folder, like the mail outbox, for local runs and tests.
 */
export function createSmsSender(options: { url: string | undefined; outboxDir: string }): SmsSender {
  if (options.url) {
    const url = options.url;
    return {
      async send(message) {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(message),
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
      },
    };
  }
  let sequence = 0;
  return {
    async send(message) {
      await mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[-:.]/g, '');
      sequence += 1;
      const name = `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}.json`;
      await writeFile(join(options.outboxDir, name), `${JSON.stringify(message, null, 2)}\n`);
    },
  };
}
