import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failedJobs, retryFailedJobs } from '../jobs/dead-jobs.js';
import { AuthAgent, account } from '../testing/auth-agent.js';
import { jobsSettled } from '../testing/jobs.js';
import { createTestApp, type TestContext } from '../testing/test-app.js';
import { linkIn, parseEml } from './index.js';

/**
 * A real SMTP server on the loopback that refuses the first `refuse` messages with a temporary error (451), as a
 * greylisting or overloaded mail relay does, and keeps the ones it accepts.
 */
async function flakySmtpServer(refuse: number) {
  const state = { attempts: 0, received: [] as string[], refuse };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        state.attempts += 1;
        if (state.attempts <= state.refuse) {
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        state.received.push(raw);
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) => {
    const listening = server.listen(0, '127.0.0.1', () => resolve((listening.address() as AddressInfo).port));
  });
  return {
    state,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function until(check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function jobStates(t: TestContext, name: string) {
  const { rows } = await t.database.sql.executeSql('select state from pgboss.job where name = $1', [name]);
  return (rows as { state: string }[]).map((r) => r.state);
}

describe('mail through the job queue, on a real SMTP server', () => {
  const smtp = { flaky: undefined as Awaited<ReturnType<typeof flakySmtpServer>> | undefined };
  let t: TestContext;
  beforeAll(async () => {
    smtp.flaky = await flakySmtpServer(2);
    t = await createTestApp({
      SMTP_URL: smtp.flaky.url,
      MAIL_RETRY_LIMIT: '3',
      MAIL_RETRY_DELAY_SECONDS: '1',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.flaky?.close();
  });

  it('retries a refused send with backoff and delivers it', async () => {
    const producer = account('partner');
    const answer = await new AuthAgent(t).post('/forget_password_b2b', { loginId: producer.login });
    expect(answer.json()).toEqual({ success: true, withEmail: true });
    const state = smtp.flaky?.state ?? { attempts: 0, received: [] };
    await until(() => state.received.length === 1, 20_000);
    expect(state.attempts).toBe(3);
    const message = parseEml(state.received[0] ?? '');
    expect(message.to).toBe(producer.email);
    expect(linkIn(message).pathname).toBe('/angel/face/en/reset_password');
    await jobsSettled(t);
    expect(await jobStates(t, 'mail.send')).toEqual(['completed']);
    expect(await jobStates(t, 'mail.dead')).toEqual([]);
  });
});

describe('mail that never gets through', () => {
  const smtp = { down: undefined as Awaited<ReturnType<typeof flakySmtpServer>> | undefined };
  let t: TestContext;
  beforeAll(async () => {
    smtp.down = await flakySmtpServer(Number.POSITIVE_INFINITY);
    t = await createTestApp({
      SMTP_URL: smtp.down.url,
      MAIL_RETRY_LIMIT: '1',
      MAIL_RETRY_DELAY_SECONDS: '1',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.down?.close();
  });

  it('ends in the dead-letter queue after the last attempt; an operator can retry it', async () => {
    const producer = account('partner');
    await new AuthAgent(t).post('/forget_password_b2b', { loginId: producer.login });
    await until(() => (smtp.down?.state.attempts ?? 0) >= 2, 20_000);
    await jobsSettled(t);
    expect(smtp.down?.state.attempts).toBe(2);
    expect(await jobStates(t, 'mail.send')).toEqual(['failed']);
    // The dead letter was handled (logged) and is kept as a completed job beside the failed one.
    expect(await jobStates(t, 'mail.dead')).toEqual(['completed']);

    // An operator retries it once the relay is back (npm run jobs -w apps/server -- retry mail.send <id>).
    const [failed] = await failedJobs(t.database);
    expect(failed).toMatchObject({ name: 'mail.send', kind: 'reset' });
    if (smtp.down) smtp.down.state.refuse = 0;
    expect(await retryFailedJobs(t.database, 'mail.send', [failed?.id ?? ''])).toBe(1);
    await until(() => (smtp.down?.state.received.length ?? 0) === 1, 20_000);
    expect(parseEml(smtp.down?.state.received[0] ?? '').to).toBe(producer.email);
  });
});
