import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, databaseUrl, TEST_DB_PREFIX } from './testing/engines.js';
import { fairSharesPaths, runFairShares } from './testing/fair-load.js';
import { ready, type Server, startServer, stopServer } from './testing/server-process.js';

/*
 * Fair shares under one heavy user (decision 038; the load in testing/fair-load.ts): while producer A runs ZIP
 * downloads back to back and keeps 3 background exports going, producer B's statement PDF, small export and /me stay
 * within RATIO × the same timings measured idle, in the same run, on the same server (one process, one render thread
 * as on a 2-core machine, every document rendered: the document cache is bypassed). Before decision 038 the render
 * queue was first come first served and an export held the render thread for its whole length: B waited behind all
 * of A's work (B's small export 18.8 s against 0.23 s idle).
 */

const RATIO = 2;
const ME_P95_TARGET_MS = 50;

describe.runIf(process.env.TEST_DB_ENGINE === 'postgres')('fair shares under one heavy user', () => {
  const baseUrl = process.env.DATABASE_URL as string;
  const name = `${TEST_DB_PREFIX}${randomBytes(6).toString('hex')}`;
  let server: Server;
  let paths: Awaited<ReturnType<typeof fairSharesPaths>>;

  beforeAll(async () => {
    await adminQuery(baseUrl, `create database ${name} template ${inject('dbTemplate')}`);
    const url = databaseUrl(baseUrl, name);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      paths = await fairSharesPaths(client);
    } finally {
      await client.end();
    }
    server = await startServer('fair', {
      DATABASE_URL: url,
      RENDER_THREADS: '1',
      RENDER_PER_USER: '2',
      BENCH_NO_DOC_CACHE: '1',
    });
    await ready(server);
  }, 120_000);
  afterAll(async () => {
    await stopServer(server);
    if (server) rmSync(server.outboxDir, { recursive: true, force: true });
    await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
  });

  it("keeps B's PDF, small export and /me within 2× idle while A runs ZIPs and 3 exports", async () => {
    const { figures, tally, report } = await runFairShares(server, paths, 6);
    console.log(report);
    expect(tally.zips, report).toBeGreaterThan(0);
    expect(tally.exports, report).toBeGreaterThan(0);
    expect(figures.pdf[1], report).toBeLessThanOrEqual(RATIO * figures.pdf[0]);
    expect(figures.xlsx[1], report).toBeLessThanOrEqual(RATIO * figures.xlsx[0]);
    // /me idles at a few ms, where 2× is one scheduler tick on two cores (CI: 6.7 -> 16.4 ms): it is held to 2× idle
    // or to the portal's resilience target for a page's own calls under load, 50 ms p95, whichever is larger.
    expect(figures.me[1], report).toBeLessThanOrEqual(Math.max(RATIO * figures.me[0], ME_P95_TARGET_MS));
  }, 300_000);
});
