import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import PgBossV10 from 'pg-boss-v10';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.js';
import { adminQuery, databaseUrl, engineUnderTest, TEST_DB_PREFIX } from '../testing/engines.js';
import { failedJobs, retryFailedJobs } from './dead-jobs.js';
import { JOB_SCHEMA, JobQueue, prepareJobSchema } from './queue.js';
import { upgradeFromPgBoss10 } from './upgrade-from-v10.js';

/*
 * A database that ran the portal on pg-boss 10 (installed by pg-boss 10 itself, the `pg-boss-v10` dev dependency)
 * holding waiting, delayed, running, failed, dead-lettered and completed jobs, upgraded to pg-boss 12 on both
 * engines: PGlite is the default deployment, PostgreSQL the other.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function emptyDatabase(): Promise<Database> {
  if (engineUnderTest() === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://' });
    cleanups.push(() => database.close());
    return database;
  }
  const baseUrl = process.env.DATABASE_URL as string;
  const name = `${TEST_DB_PREFIX}boss_${randomBytes(4).toString('hex')}`;
  await adminQuery(baseUrl, `create database ${name}`);
  cleanups.push(() => adminQuery(baseUrl, `drop database if exists ${name} with (force)`));
  const database = await openDatabase({ url: databaseUrl(baseUrl, name), poolSize: 3 });
  cleanups.push(() => database.close());
  return database;
}

const SEND = 'mail.send';
const DEAD = 'mail.dead';

/** What pg-boss 10 left behind, by job id. */
interface OldJobs {
  queued: string;
  delayed: string;
  running: string;
  failed: string;
  completed: string;
}

async function fillWithPgBoss10(database: Database): Promise<OldJobs> {
  const boss = new PgBossV10({
    db: { executeSql: (text: string, values?: unknown[]) => database.sql.executeSql(text, values) },
    schema: JOB_SCHEMA,
    schedule: false,
    supervise: false,
  });
  await boss.start();
  await boss.createQueue(DEAD, { name: DEAD, retryLimit: 0 });
  await boss.createQueue(SEND, {
    name: SEND,
    retryLimit: 0,
    retryDelay: 7,
    retryBackoff: true,
    expireInSeconds: 90,
    deadLetter: DEAD,
  });
  const send = async (n: string, options: PgBossV10.SendOptions = {}) => {
    const id = await boss.send(SEND, { n }, options);
    if (!id) throw new Error('pg-boss 10 refused a job');
    return id;
  };
  // pg-boss 10 fetches jobs whose start_after < now(), strictly: a job fetched in the same tick of the database's
  // clock as it was sent is not there yet (one CI run on PGlite, 2026-11-28). Asked again until it is, for 5 s.
  const fetchNext = async () => {
    for (const deadline = Date.now() + 5_000; Date.now() < deadline; ) {
      const [job] = await boss.fetch(SEND);
      if (job) return job.id;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return undefined;
  };
  // Fetched in order of creation: send one, fetch it, act on it, then the next.
  const failed = await send('failed');
  expect(await fetchNext()).toBe(failed);
  await boss.fail(SEND, failed, { message: 'SMTP said 550' });
  const completed = await send('completed');
  expect(await fetchNext()).toBe(completed);
  await boss.complete(SEND, completed);
  const running = await send('running');
  expect(await fetchNext()).toBe(running);
  const queued = await send('queued');
  const delayed = await send('delayed', { startAfter: 3600 });
  await boss.stop({ graceful: false, wait: true, close: false });
  return { queued, delayed, running, failed, completed };
}

async function jobsIn(database: Database, schema: string) {
  const { rows } = await database.sql.executeSql(
    `select id, name, state::text as state, data, retry_delay, output from ${schema}.job order by created_on`,
  );
  return rows as {
    id: string;
    name: string;
    state: string;
    data: unknown;
    retry_delay: number;
    output: unknown;
  }[];
}

const silentLog = {
  error() {},
  warn() {},
  info() {},
  debug() {},
} as unknown as FastifyBaseLogger;

// Each test installs pg-boss 10 and then pg-boss 12 into a database of its own (on PGlite: a fresh embedded
// PostgreSQL): schema installs, not requests, so more than the 30 s a request-level test gets.
describe('upgrading a pg-boss 10 job schema to pg-boss 12', { timeout: 120_000 }, () => {
  it('keeps waiting, running and failed jobs, drops finished ones, and the new workers run them', async () => {
    const database = await emptyDatabase();
    const old = await fillWithPgBoss10(database);
    const before = await jobsIn(database, JOB_SCHEMA);
    // pg-boss 10 copied the failed job into the dead-letter queue: six rows.
    expect(before.map((j) => `${j.name}:${j.state}`).sort()).toEqual(
      [
        'mail.dead:created',
        'mail.send:active',
        'mail.send:completed',
        'mail.send:created',
        'mail.send:created',
        'mail.send:failed',
      ].sort(),
    );

    await prepareJobSchema(database);

    const { rows: version } = await database.sql.executeSql(`select version from ${JOB_SCHEMA}.version`);
    expect(Number((version[0] as { version: number }).version)).toBeGreaterThan(24);
    const { rows: leftovers } = await database.sql.executeSql(
      `select nspname from pg_namespace where nspname like '${JOB_SCHEMA}%'`,
    );
    expect(leftovers).toEqual([{ nspname: JOB_SCHEMA }]);

    const after = await jobsIn(database, JOB_SCHEMA);
    const byId = new Map(after.map((j) => [j.id, j]));
    expect(byId.get(old.queued)).toMatchObject({ state: 'created', data: { n: 'queued' }, retry_delay: 7 });
    expect(byId.get(old.delayed)).toMatchObject({ state: 'created', data: { n: 'delayed' } });
    expect(byId.get(old.running)).toMatchObject({ state: 'retry', data: { n: 'running' } });
    expect(byId.get(old.failed)).toMatchObject({ state: 'failed', output: { message: 'SMTP said 550' } });
    expect(byId.has(old.completed)).toBe(false);
    expect(after.filter((j) => j.name === DEAD)).toHaveLength(1);
    expect((await failedJobs(database)).map((j) => j.id)).toEqual([old.failed]);

    // The portal's queue on pg-boss 12 runs what pg-boss 10 left, and an operator's retry of the failed one.
    const handled: string[] = [];
    const queue = new JobQueue(database, { runWorkers: true, log: silentLog });
    const dead = {
      name: DEAD,
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      handle: async () => {},
    };
    queue.define<{ n: string }>({
      name: SEND,
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      deadLetter: dead,
      handle: async (data) => {
        handled.push(data.n);
      },
    });
    await queue.start();
    try {
      expect(await retryFailedJobs(database, SEND, [old.failed])).toBe(1);
      await expect
        .poll(() => [...handled].sort(), { timeout: 20_000 })
        .toEqual(['failed', 'queued', 'running']);
    } finally {
      await queue.stop();
    }
    const states = new Map((await jobsIn(database, JOB_SCHEMA)).map((j) => [j.id, j.state]));
    expect(states.get(old.delayed)).toBe('created');
  });

  it('finishes an upgrade that stopped after the old schema was set aside, and is a no-op afterwards', async () => {
    const database = await emptyDatabase();
    const old = await fillWithPgBoss10(database);
    // A process that died right after the rename: the old schema is still there, no new one yet.
    await database.sql.executeSql(`alter schema ${JOB_SCHEMA} rename to ${JOB_SCHEMA}_v10`);

    expect(await upgradeFromPgBoss10(database, JOB_SCHEMA)).toEqual({ upgraded: true, jobs: 5 });
    const ids = (await jobsIn(database, JOB_SCHEMA)).map((j) => j.id);
    expect(ids).toEqual(expect.arrayContaining([old.queued, old.delayed, old.running, old.failed]));
    expect(await upgradeFromPgBoss10(database, JOB_SCHEMA)).toEqual({ upgraded: false, jobs: 0 });
  });

  it('leaves a fresh database and a current schema alone', async () => {
    const database = await emptyDatabase();
    expect(await upgradeFromPgBoss10(database, JOB_SCHEMA)).toEqual({ upgraded: false, jobs: 0 });
    await prepareJobSchema(database);
    expect(await upgradeFromPgBoss10(database, JOB_SCHEMA)).toEqual({ upgraded: false, jobs: 0 });
  });
});
