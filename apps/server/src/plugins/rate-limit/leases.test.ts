import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { RenderPool } from '../../render-pool/pool.js';
import { openTestDatabase } from '../../testing/test-app.js';
import { type LeaseStore, postgresLeaseStore } from './leases.js';

/*
 * The per-person render cap counted in the database (decision 026): two RenderPools standing for two server processes
 * on one database. Nothing is rendered; only reservations are taken, which is what the cap is about.
 */

let database: Database;
let drop: () => Promise<void>;
const warnings: unknown[] = [];
const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});
afterEach(() => {
  vi.useRealTimers();
});

const storeOf = (ttlMs?: number): LeaseStore =>
  postgresLeaseStore(database.db, { name: 'render', secret: 'x'.repeat(32), log, ttlMs });

const poolOf = (leases: LeaseStore, perUser = 2) =>
  new RenderPool({ threads: 1, maxQueue: 1, perUser, pdfFontPath: undefined }, leases);

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

const liveLeaseRows = async () => {
  const result = (await database.db.execute(
    sql`select count(*)::int as n from rate_limit_counters where key like 'lease:render:%' and expires_at > clock_timestamp()`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n);
};

describe('render cap across processes', () => {
  it("counts one person's renders on every process against one cap, and frees a slot on release", async () => {
    const a = poolOf(storeOf());
    const b = poolOf(storeOf());
    const onA = await a.reserve('user:1');
    const onB = await b.reserve('user:1');
    // A holds one slot of its own, under the cap of 2 per process: only the shared count can refuse this.
    const refused = await refusal(a.reserve('user:1'));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers?.['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(a.counters.refusedBusyUser).toBe(1);
    // The refused attempt left no slot behind, here or in the database.
    expect(a.activeDownloads).toBe(1);
    expect(await liveLeaseRows()).toBe(2);
    // Someone else is not held back by user 1.
    const other = await b.reserve('user:2');

    onB.release();
    onB.release();
    await vi.waitFor(async () => expect(await liveLeaseRows()).toBe(2), { timeout: 2000 });
    const again = await a.reserve('user:1');
    for (const held of [onA, again, other]) held.release();
    await a.close();
    await b.close();
    expect(await liveLeaseRows()).toBe(0);
  });

  it('lets at most the cap through when many reservations race on both processes', async () => {
    const pools = [poolOf(storeOf(), 3), poolOf(storeOf(), 3)];
    const attempts = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => (pools[i % 2] as RenderPool).reserve('user:race')),
    );
    const granted = attempts.filter((r) => r.status === 'fulfilled');
    expect(granted).toHaveLength(3);
    // Every other one was refused as over the cap, not failed by a collision of two leases.
    for (const r of attempts)
      if (r.status === 'rejected') expect((r.reason as HttpError).statusCode, String(r.reason)).toBe(429);
    for (const r of granted) r.value.release();
    for (const pool of pools) await pool.close();
  });

  it('frees the slot of a process that stopped renewing (a crash) once its lease expires, not before', async () => {
    // A process frozen or dead: its renewal timer never fires again.
    vi.useFakeTimers({ toFake: ['setInterval'] });
    const crashed = poolOf(storeOf(400), 1);
    await crashed.reserve('user:3');
    vi.useRealTimers();
    const alive = poolOf(storeOf(400), 1);
    expect((await refusal(alive.reserve('user:3'))).statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const taken = await alive.reserve('user:3');

    // A live holder renews its lease: it outlasts several TTLs.
    const refusedMeanwhile = poolOf(storeOf(400), 1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await refusal(refusedMeanwhile.reserve('user:3'))).statusCode).toBe(429);
    taken.release();
    await alive.close();
    const next = await refusedMeanwhile.reserve('user:3');
    next.release();
    await refusedMeanwhile.close();
  });
});
