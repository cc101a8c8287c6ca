import type { AddressInfo } from 'node:net';
import { notificationListResponseSchema, notificationPreferencesResponseSchema } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationDeliveries, notifications, users } from '../../db/schema/index.js';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import type { MailQueue } from '../../mail/mail-queue.js';
import {
  createInbox,
  createNotifier,
  type Notice,
  type NoticeChannel,
  type Notifier,
} from '../../notifications/index.js';
import { openEventStream } from '../../testing/event-stream.js';
import { ApiAgent, api } from '../../testing/http.js';
import { signInAs } from '../../testing/sessions.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';
import { sendDigests } from './digest.js';

let t: TestContext;
let client: ApiAgent;
let client2: ApiAgent;
let clientId: number;
let client2Id: number;
let notifier: Notifier;
const sent: { channel: string; subject: string }[] = [];

/** A channel that records what it was handed and reports the attempt sent, as the queues do. */
function recordingChannel(name: string, inbox: ReturnType<typeof createInbox>): NoticeChannel {
  return {
    name,
    async deliver(_recipient, worded, _params, delivery) {
      sent.push({ channel: name, subject: worded.subject });
      if (delivery) await inbox.attempt(delivery.id, 'sent');
      return true;
    },
  };
}

const notice = (type: Notice['type'], id = clientId, item?: string): Notice => ({
  type,
  recipient: {
    language: 'en',
    email: 'c@example.com',
    phone: '+85290000000',
    account: { audience: 'client', id },
  },
  params: { siteName: 'AFS', login: 'AG10000001', at: '2026-11-28 09:00', ...(item ? { item } : {}) },
  link: '/b2c',
});

async function clientIdOf(login: string) {
  const [row] = await t.database.db
    .select({ id: users.clientId })
    .from(users)
    .where(sql`lower(${users.login}) = lower(${login})`)
    .limit(1);
  return Number(row?.id);
}

const list = async (agent: ApiAgent, page = 1) =>
  notificationListResponseSchema.parse((await agent.get(`/notifications?page=${page}`)).json());

beforeAll(async () => {
  t = await createTestApp({ JOB_WORKERS: 'false', NOTIFICATION_STREAMS_PER_USER: '2' });
  client = new ApiAgent(t.app);
  client2 = new ApiAgent(t.app);
  await signInAs(t, client, demoAccount('client').login);
  await signInAs(t, client2, demoAccount('client2').login);
  await client.me();
  await client2.me();
  clientId = await clientIdOf(demoAccount('client').login);
  client2Id = await clientIdOf(demoAccount('client2').login);
  const inbox = createInbox(t.database.db, () => t.clock.now);
  notifier = createNotifier(
    [recordingChannel('mail', inbox), recordingChannel('sms', inbox)],
    pino({ level: 'silent' }),
    inbox,
  );
});
afterAll(() => t.close());

describe('preferences', () => {
  it('sends each type on the channels the person chose, and logs each delivery', async () => {
    const put = await client.send('PUT', '/notifications/preferences', {
      data: [{ type: 'export_ready', inApp: true, email: false, sms: true, digest: false }],
    });
    expect(put.statusCode).toBe(200);
    const prefs = notificationPreferencesResponseSchema.parse(put.json()).data;
    expect(prefs.find((p) => p.type === 'export_ready')).toMatchObject({
      email: false,
      sms: true,
      locked: false,
    });
    sent.length = 0;
    const used = await notifier.notify(notice('export_ready', clientId, 'Report A'));
    expect(used).toEqual(['inApp', 'sms']);
    expect(sent.map((s) => s.channel)).toEqual(['sms']);
    const [row] = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.recipientId, clientId), eq(notifications.type, 'export_ready')));
    const deliveries = await client.get(`/notifications/deliveries?id=n${row?.id}`);
    expect(deliveries.json().data).toEqual([
      { channel: 'sms', status: 'sent', attempts: 1, at: expect.any(String) },
    ]);
    // Another person's notification has no deliveries to show them.
    expect((await client2.get(`/notifications/deliveries?id=n${row?.id}`)).json().data).toEqual([]);
  });

  it('turns the centre off for a type: nothing shown, the e-mail still sent', async () => {
    await client.send('PUT', '/notifications/preferences', {
      data: [{ type: 'message_received', inApp: false, email: true, sms: false, digest: false }],
    });
    const before = await list(client);
    sent.length = 0;
    expect(await notifier.notify(notice('message_received'))).toEqual(['mail']);
    const after = await list(client);
    expect(after.unread).toBe(before.unread);
    expect(after.data[0]?.id).toBe(before.data[0]?.id);
  });

  it('refuses to turn a security notice off, and sends security notices everywhere whatever is stored', async () => {
    const refused = await client.send('PUT', '/notifications/preferences', {
      data: [{ type: 'password_changed', inApp: true, email: false, sms: true, digest: false }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors['data.0']).toEqual(['Security notices cannot be turned off.']);
    const prefs = notificationPreferencesResponseSchema.parse(
      (await client.get('/notifications/preferences')).json(),
    ).data;
    expect(prefs.find((p) => p.type === 'password_changed')).toMatchObject({ email: true, locked: true });
    // A row written behind the API's back changes nothing either.
    await t.database.db.execute(sql`insert into notification_preferences
      (audience, recipient_id, type, in_app, email, sms, digest)
      values ('client', ${clientId}, 'password_changed', false, false, false, false)`);
    sent.length = 0;
    expect(await notifier.notify(notice('password_changed'))).toEqual(['inApp', 'mail', 'sms']);
  });

  it('answers a field error for an unknown type, and writes nothing of a refused batch', async () => {
    const bad = await client.send('PUT', '/notifications/preferences', {
      data: [
        { type: 'export_failed', inApp: false, email: false, sms: false, digest: false },
        { type: 'session_ended', inApp: false, email: false, sms: false, digest: false },
      ],
    });
    expect(bad.statusCode).toBe(400);
    const prefs = notificationPreferencesResponseSchema.parse(
      (await client.get('/notifications/preferences')).json(),
    ).data;
    expect(prefs.find((p) => p.type === 'export_failed')).toMatchObject({ inApp: true, email: true });
    expect(
      (await client.send('PUT', '/notifications/preferences', { data: [{ type: 'nope' }] })).statusCode,
    ).toBe(400);
  });
});

describe('the centre', () => {
  it("lists one's own notifications and the firm's notices, newest first, with the unread count", async () => {
    const page = await list(client);
    expect(page.data.some((n) => n.type === 'firm_notice' && n.id.startsWith('m'))).toBe(true);
    expect(page.data.some((n) => n.type === 'export_ready' && n.title === 'your export is ready')).toBe(true);
    const times = page.data.map((n) => n.at);
    expect(times).toEqual([...times].sort().reverse());
    const other = await list(client2);
    expect(other.data.some((n) => page.data.some((m) => m.id === n.id))).toBe(false);
  });

  it('marks read: own ids only (another person’s id is 404 and nothing changes), then all', async () => {
    const page = await list(client);
    const unreadOwn = page.data.find((n) => !n.read && n.id.startsWith('n'));
    const theirs = (await list(client2)).data[0];
    expect(unreadOwn && theirs).toBeTruthy();
    const refused = await client.send('POST', '/notifications/read', { ids: [unreadOwn?.id, theirs?.id] });
    expect(refused.statusCode).toBe(404);
    expect((await list(client)).unread).toBe(page.unread);
    const ok = await client.send('POST', '/notifications/read', { ids: [unreadOwn?.id] });
    expect(ok.json().unread).toBe(page.unread - 1);
    const firm = page.data.find((n) => n.id.startsWith('m') && !n.read);
    if (firm) {
      await client.send('POST', '/notifications/read', { ids: [firm.id] });
      // The message box reads the same row: no copy to drift.
      const box = (await client.get('/b2c/messages')).json().data as { id: number; read: boolean }[];
      expect(box.find((m) => `m${m.id}` === firm.id)?.read).toBe(true);
    }
    expect((await client.send('POST', '/notifications/read', { all: true })).json().unread).toBe(0);
    expect((await list(client)).unread).toBe(0);
    expect((await client.send('POST', '/notifications/read', { ids: ['x1'] })).statusCode).toBe(400);
  });

  it('pages by twenty and says whether more follow', async () => {
    for (let i = 0; i < 25; i++) await notifier.notify(notice('export_failed', client2Id, `R${i}`));
    const first = await list(client2);
    expect(first.data).toHaveLength(20);
    expect(first.more).toBe(true);
    const second = await list(client2, 2);
    expect(second.data.some((n) => first.data.some((m) => m.id === n.id))).toBe(false);
    expect((await client2.get('/notifications?page=0')).statusCode).toBe(400);
  });
});

describe('the daily digest', () => {
  it('lists what waits for it in one e-mail per person, once', async () => {
    await notifier.notify(notice('statement_available', clientId, 'Plan P-1'));
    const mails: { to: string; paragraphs: string[] }[] = [];
    const mail = {
      async enqueue(_kind: string, _language: string, to: string, vars: { paragraphs: string[] }) {
        mails.push({ to, paragraphs: vars.paragraphs });
      },
    } as unknown as MailQueue;
    const later = new Date(t.clock.now.getTime() + 60_000);
    expect(await sendDigests(t.database.db, mail, later)).toBeGreaterThanOrEqual(1);
    const mine = mails.find((m) => m.paragraphs.some((p) => p.includes('new statement available')));
    expect(mine?.paragraphs[0]).toBe('What happened since the last summary:');
    const [delivery] = await t.database.db
      .select({ status: notificationDeliveries.status })
      .from(notificationDeliveries)
      .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
      .where(
        and(eq(notifications.type, 'statement_available'), eq(notificationDeliveries.channel, 'digest')),
      );
    expect(delivery?.status).toBe('sent');
    mails.length = 0;
    expect(await sendDigests(t.database.db, mail, later)).toBe(0);
  });
});

describe('GET /notifications/stream', () => {
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  const headers = (agent: ApiAgent, extra: Record<string, string> = {}) => ({
    host: agent.host,
    cookie: agent.cookie ?? '',
    ...extra,
  });

  it('opens with the unread count, then streams each new notification; a resume with Last-Event-ID loses nothing', async () => {
    const stream = await openEventStream(`${base}${api('/notifications/stream')}`, headers(client));
    expect(stream.status).toBe(200);
    await stream.next((e) => e.event === 'unread');
    await notifier.notify(notice('export_ready', clientId, 'Live'));
    const live = await stream.next((e) => e.event === 'notification');
    const payload = JSON.parse(live.data);
    expect(payload.notification.title).toBe('your export is ready');
    expect(payload.unread).toBeGreaterThan(0);
    stream.close();
    // Written while no stream was open.
    await notifier.notify(notice('export_failed', clientId, 'Missed 1'));
    await notifier.notify(notice('export_failed', clientId, 'Missed 2'));
    const resumed = await openEventStream(
      `${base}${api('/notifications/stream')}`,
      headers(client, { 'last-event-id': live.id ?? '' }),
    );
    const second = await resumed.next((e) => e.event === 'notification' && e.id !== live.id);
    await resumed.next((e) => e.event === 'notification' && e.id !== live.id && e.id !== second.id);
    const ids = resumed.events.filter((e) => e.event === 'notification').map((e) => Number(e.id?.slice(1)));
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBeGreaterThan(Number(live.id?.slice(1)));
    resumed.close();
  });

  it("never streams another person's notification", async () => {
    const stream = await openEventStream(`${base}${api('/notifications/stream')}`, headers(client2));
    await stream.next((e) => e.event === 'unread');
    await notifier.notify(notice('export_ready', clientId, 'Not yours'));
    await notifier.notify(notice('export_ready', client2Id, 'Yours'));
    const mine = await stream.next((e) => e.event === 'notification');
    expect(stream.events.filter((e) => e.event === 'notification')).toEqual([mine]);
    stream.close();
  });

  it('refuses a stream past the per-person cap with 429 (the browser polls), and anonymous callers with 401', async () => {
    const a = await openEventStream(`${base}${api('/notifications/stream')}`, headers(client));
    const b = await openEventStream(`${base}${api('/notifications/stream')}`, headers(client));
    await Promise.all([a.next((e) => e.event === 'unread'), b.next((e) => e.event === 'unread')]);
    const c = await openEventStream(`${base}${api('/notifications/stream')}`, headers(client));
    expect(c.status).toBe(429);
    c.close();
    a.close();
    b.close();
    const anonymous = await openEventStream(`${base}${api('/notifications/stream')}`, {
      host: 'afs.localhost',
    });
    expect(anonymous.status).toBe(401);
    anonymous.close();
  });
});
