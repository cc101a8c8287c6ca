import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { databaseUrl } from '../testing/engines.js';
import { eventually } from '../testing/eventually.js';
import { ApiAgent } from '../testing/http.js';
import { PG_BIN, type PrivateCluster, startPrivateCluster } from '../testing/private-cluster.js';
import { signInAs } from '../testing/sessions.js';
import { type Database, openDatabase } from './client.js';
import { demoAccount } from './seed/demo-accounts.js';

/**
 * Read replicas against a real streaming replica: a private primary loaded with the tests' seeded template, and a
 * hot standby made from it with pg_basebackup that logs every statement it runs. Lists must run there, reads that
 * follow a write must not, a late replica hands its reads back to the primary, and a stopped one costs no request.
 */
let primary: PrivateCluster;
let replica: PrivateCluster;
let database: Database;
let app: FastifyInstance;
let webDist: string;
let config: Config;
const clock = { now: new Date() };
const NEW_BUSINESS = '/b2b/new_business';

const replicaLog = () => readFileSync(replica.logFile, 'utf8');
/** Named list statements (db/search-statements.ts) the replica ran: `execute search_…`. */
const searchesOnReplica = () => (replicaLog().match(/execute search_/g) ?? []).length;
const readiness = async () => (await app.inject({ url: '/readyz' })).json();

async function onPrimary(sql: string) {
  const client = new pg.Client({ connectionString: primary.url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

async function onReplica(sql: string) {
  const client = new pg.Client({ connectionString: replica.url.replace(/\/postgres$/, '/portal') });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

describe('read replicas (a real streaming replica)', () => {
  beforeAll(async () => {
    primary = await startPrivateCluster({ settings: '-c wal_level=replica' });
    await onPrimary('create database portal');
    const portal = primary.url.replace(/\/postgres$/, '/portal');
    // The seeded template of this test run, copied in one pipe (seconds; seeding anew would take far longer).
    const template = databaseUrl(process.env.DATABASE_URL as string, inject('dbTemplate'));
    execFileSync('bash', [
      '-o',
      'pipefail',
      '-c',
      `"${PG_BIN}/pg_dump" --no-owner --no-acl "${template}" | "${PG_BIN}/psql" -q -v ON_ERROR_STOP=1 "${portal}"`,
    ]);
    replica = await startPrivateCluster({ replicaOf: primary, settings: '-c log_statement=all' });
    webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>portal</title>');
    config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: webDist,
      DATABASE_URL: portal,
      DATABASE_READ_URL: replica.url.replace(/\/postgres$/, '/portal'),
      READ_MAX_LAG_MS: '1000',
      METRICS_PORT: '0',
      JOB_WORKERS: 'false',
    });
    database = await openDatabase({
      url: portal,
      poolSize: config.dbPoolMax,
      timeouts: config.dbTimeouts,
      replicas: {
        urls: config.databaseReadUrls,
        poolSize: config.dbReadPoolMax,
        maxLagMs: config.readMaxLagMs,
        pollMs: 50,
      },
    });
    app = await buildApp({ config, database, now: () => clock.now, logger: false });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    replica?.destroy();
    primary?.destroy();
    if (webDist) rmSync(webDist, { recursive: true, force: true });
  });

  const readsOn = async (target: 'replica' | 'primary') => {
    const text = (await app.metrics?.registry.getSingleMetricAsString('portal_db_reads_total')) ?? '';
    const line = text.split('\n').find((l) => l.includes(`target="${target}"`));
    return line ? Number(line.split(' ').pop()) : 0;
  };

  it('runs list searches on the replica, and a read after its own write on the primary', async () => {
    const state = await eventually(readiness, (r) => r.dependencies?.replicas[0]?.state === 'ok', 10_000);
    expect(state.dependencies.replicas).toEqual([{ name: 'replica-1', state: 'ok', lagMs: 0 }]);
    expect(state.status).toBe('ok');

    const before = searchesOnReplica();
    const partner = new ApiAgent(app);
    // The session is written on the primary; the very next request reads it there (the replica may not have it).
    await signInAs({ database, clock, config }, partner, demoAccount('partner').login);
    const me = await partner.me();
    expect(me.statusCode).toBe(200);
    const list = await partner.send('POST', NEW_BUSINESS, { stage: 'all' });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { items: unknown[] }).items.length).toBeGreaterThan(0);
    // Page and count: two named statements, both in the replica's statement log.
    expect(searchesOnReplica()).toBeGreaterThanOrEqual(before + 2);
    expect(await readsOn('replica')).toBeGreaterThanOrEqual(2);
    expect(replicaLog()).not.toMatch(/insert into "sessions"/);
  });

  it('sends reads back to the primary while the replica is behind by more than READ_MAX_LAG_MS', async () => {
    const partner = new ApiAgent(app);
    await signInAs({ database, clock, config }, partner, demoAccount('partner').login);
    await onReplica('select pg_wal_replay_pause()');
    try {
      // A write the replica cannot replay: it is behind from now on, and more than the limit a second later.
      await onPrimary('create table replica_lag_probe (id int)');
      const late = await eventually(
        readiness,
        (r) => r.dependencies?.replicas[0]?.state === 'lagging',
        10_000,
      );
      expect(late.dependencies.replicas[0]).toMatchObject({ name: 'replica-1', state: 'lagging' });
      // Lagging means over the limit before rounding; readiness prints whole milliseconds, so 1000.4 shows as 1000
      // (a CI run, 2026-11-28).
      expect(late.dependencies.replicas[0].lagMs).toBeGreaterThanOrEqual(1000);
      expect(late.status).toBe('degraded');
      const [onReplicaBefore, primaryBefore] = [searchesOnReplica(), await readsOn('primary')];
      const list = await partner.send('POST', NEW_BUSINESS, { stage: 'all' });
      expect(list.statusCode).toBe(200);
      expect(searchesOnReplica()).toBe(onReplicaBefore);
      expect(await readsOn('primary')).toBeGreaterThanOrEqual(primaryBefore + 2);
    } finally {
      await onReplica('select pg_wal_replay_resume()');
    }
    const caughtUp = await eventually(readiness, (r) => r.dependencies?.replicas[0]?.state === 'ok', 10_000);
    expect(caughtUp.dependencies.replicas[0].lagMs).toBe(0);
  });

  it('leaves a stopped replica out without a failed request', async () => {
    const partner = new ApiAgent(app);
    await signInAs({ database, clock, config }, partner, demoAccount('partner').login);
    replica.stop();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await partner.send('POST', NEW_BUSINESS, { stage: 'all' })).statusCode);
    expect(statuses).toEqual(Array(10).fill(200));
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().dependencies.replicas[0]).toEqual({ name: 'replica-1', state: 'down', lagMs: null });
  });
});
