import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { type Database, openDatabase } from '../../db/client.js';
import { ja } from '../../i18n/ja.js';
import { type PrivateCluster, startPrivateCluster } from '../../testing/private-cluster.js';

/**
 * The portal on a PostgreSQL cluster of its own, which these tests stop and freeze (never the shared server). The
 * pool runs with the production defaults of config.ts.
 */
let cluster: PrivateCluster;
let database: Database;
let app: FastifyInstance;
let webDist: string;

const inject = (url: string, cookie?: string) =>
  app.inject({ url, headers: { host: 'afs.localhost', ...(cookie ? { cookie } : {}) } });

describe.runIf(process.env.TEST_DB_ENGINE === 'postgres')('while the database is unreachable', () => {
  beforeAll(async () => {
    cluster = await startPrivateCluster();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database portal');
    await admin.end();
    const url = cluster.url.replace(/\/postgres$/, '/portal');
    const setup = await openDatabase({ url, poolSize: 1 });
    await setup.migrate();
    await setup.close();
    webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>portal</title>');
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: webDist,
      DATABASE_URL: url,
    });
    database = await openDatabase({ url, poolSize: config.dbPoolMax, timeouts: config.dbTimeouts });
    app = await buildApp({ config, database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    cluster?.destroy();
    rmSync(webDist, { recursive: true, force: true });
  });

  const expectUnavailable = async (url: string, cookie?: string) => {
    const response = await inject(url, cookie);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    return response.json() as { error: string };
  };

  it('answers 503 with Retry-After, in the caller’s language, when the server is stopped; pages still load', async () => {
    expect((await inject('/readyz')).statusCode).toBe(200);
    cluster.stop();
    try {
      // A returning visitor (session read in the onRequest hook) needs the database; site info is in memory.
      expect(await expectUnavailable('/angel/face/ja/api/me', 'portal_sid=some-earlier-session')).toEqual({
        error: ja.errors.databaseUnavailable,
      });
      expect((await inject('/angel/face/ja/api/site_info')).statusCode).toBe(200);
      // A first visit needs no database at all (decision 018): the page can still show its sign-in form.
      expect((await inject('/angel/face/ja/api/me')).statusCode).toBe(200);
      expect(await expectUnavailable('/readyz')).toEqual({
        error: 'The service is temporarily unavailable. Please try again in a moment.',
        // Each dependency with its state: the primary is what makes it 503.
        dependencies: {
          primary: { state: 'down' },
          replicas: [],
          jobQueue: { state: 'ok', workers: true },
          renderPool: { state: 'ok', threads: 0, queued: 0 },
        },
      });
      expect((await inject('/livez')).json()).toEqual({ status: 'ok' });
      expect((await inject('/angel/face/b2c/plan_detail/12')).statusCode).toBe(200);
    } finally {
      cluster.start();
    }
    await expect.poll(async () => (await inject('/readyz')).statusCode, { timeout: 15_000 }).toBe(200);
    expect((await inject('/angel/face/en/api/me')).statusCode).toBe(200);
    expect(database.poolStats?.().total).toBeLessThanOrEqual(database.poolStats?.().max ?? 0);
  });

  it('answers 503 instead of hanging when the server is frozen, and recovers after', async () => {
    expect((await inject('/angel/face/en/api/me')).statusCode).toBe(200);
    cluster.freeze();
    try {
      await expectUnavailable('/angel/face/en/api/me', 'portal_sid=some-earlier-session');
      expect((await inject('/angel/face/zh/api/site_info')).statusCode).toBe(200);
      await expectUnavailable('/healthz');
    } finally {
      cluster.thaw();
    }
    await expect.poll(async () => (await inject('/readyz')).statusCode, { timeout: 15_000 }).toBe(200);
    const stats = database.poolStats?.();
    expect(stats?.total).toBeLessThanOrEqual(stats?.max ?? 0);
    expect((await inject('/angel/face/en/api/site_info')).statusCode).toBe(200);
  });
});
