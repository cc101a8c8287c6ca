import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { type Database, openDatabase } from '../../db/client.js';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { createInbox, createNotifier } from '../../notifications/index.js';
import { adminQuery, databaseUrl, TEST_DB_PREFIX } from '../../testing/engines.js';
import { openEventStream } from '../../testing/event-stream.js';
import { ApiAgent, api } from '../../testing/http.js';
import { signInAs } from '../../testing/sessions.js';

/*
 * Two app instances on one PostgreSQL database, each with its own pool and its own LISTEN connection (as two
 * processes have): a notification written through instance A reaches a stream held by instance B through
 * pg_notify, within a second (decision 050).
 */
describe.runIf(process.env.TEST_DB_ENGINE === 'postgres')('live notifications across two instances', () => {
  const baseUrl = process.env.DATABASE_URL as string;
  const name = `${TEST_DB_PREFIX}${randomBytes(6).toString('hex')}`;
  const instances: { app: FastifyInstance; database: Database; base: string }[] = [];
  const clock = { now: new Date() };

  beforeAll(async () => {
    await adminQuery(baseUrl, `create database ${name} template ${inject('dbTemplate')}`);
    const url = databaseUrl(baseUrl, name);
    for (let i = 0; i < 2; i++) {
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST: '/nonexistent',
        DATABASE_URL: url,
        JOB_WORKERS: 'false',
      });
      const database = await openDatabase({ url, poolSize: 4 });
      const app = await buildApp({ config, database, now: () => clock.now, logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      instances.push({
        app,
        database,
        base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      });
    }
  }, 120_000);
  afterAll(async () => {
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
    await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
  });

  it('streams on B what A writes, p95 under 1 s over 20 notifications', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const agent = new ApiAgent(b.app);
    const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' });
    await signInAs({ database: b.database, clock, config }, agent, demoAccount('partner').login);
    const [{ producerId }] = (
      await b.database.sql.executeSql(
        `select producer_id as "producerId" from users where lower(login) = lower($1)`,
        [demoAccount('partner').login],
      )
    ).rows as [{ producerId: string }];
    const stream = await openEventStream(`${b.base}${api('/notifications/stream')}`, {
      host: agent.host,
      cookie: agent.cookie ?? '',
    });
    expect(stream.status).toBe(200);
    await stream.next((e) => e.event === 'unread');
    const inbox = createInbox(a.database.db, () => new Date());
    const notifier = createNotifier([], pino({ level: 'silent' }), inbox);
    const latencies: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      await notifier.notify({
        type: 'export_ready',
        recipient: { language: 'en', account: { audience: 'producer', id: Number(producerId) } },
        params: { siteName: 'AFS', login: 'partner1', at: '2026-11-28 09:00', item: `R${i}` },
        link: '/b2b/reports',
      });
      await stream.next(() => stream.events.filter((e) => e.event === 'notification').length > i, 2000);
      latencies.push(performance.now() - started);
    }
    stream.close();
    const sorted = [...latencies].sort((x, y) => x - y);
    const p95 = sorted[Math.ceil(sorted.length * 0.95) - 1] ?? Number.POSITIVE_INFINITY;
    console.log(`cross-instance notification p95 ${p95.toFixed(1)} ms (max ${sorted.at(-1)?.toFixed(1)} ms)`);
    expect(stream.events.filter((e) => e.event === 'notification')).toHaveLength(20);
    expect(p95).toBeLessThan(1000);
  });
});
