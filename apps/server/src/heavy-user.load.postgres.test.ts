import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { demoAccount } from './db/seed/demo-accounts.js';
import { adminQuery, databaseUrl, TEST_DB_PREFIX } from './testing/engines.js';
import { runHeavyUserScenario, scenarioSummary } from './testing/heavy-user-scenario.js';
import { ApiAgent } from './testing/http.js';
import { freePort } from './testing/private-cluster.js';
import { signInAs } from './testing/sessions.js';

/*
 * One producer's heavy work is not an outage (docs/operations.md, "One heavy user"): partner1 keeps 32 report
 * previews and 32 list searches going at once while partner2 browses (testing/heavy-user-scenario.ts). partner2 gets
 * no 503 and no other error, /readyz stays 200, partner1 is answered 200 or 429 (never 503); with the server's
 * default pool and with a small one, as each of several processes may run. Latency under load is printed here and
 * judged by the bench case. The portal runs as a
 * process of its own (node --import tsx, as production runs it), so the load's own client work is not on its thread.
 */

const ROOT = resolve(import.meta.dirname, '../../..');

interface Portal {
  origin: string;
  server: ChildProcess;
  output: () => string;
}

async function startPortal(url: string, dataDir: string, env: Record<string, string>): Promise<Portal> {
  const port = await freePort();
  let output = '';
  const server = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      RESPONSE_SERIALIZER: 'compiled',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
      SEED_DEMO: 'false',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (c) => {
    output += c;
  });
  server.stderr?.on('data', (c) => {
    output += c;
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    const up = await fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { origin, server, output: () => output };
    if (server.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await sleep(250);
  }
  throw new Error(`server did not answer /readyz:\n${output}`);
}

/** Session headers for a demo account, written into the database as the test helpers do. */
async function sessionHeaders(url: string, key: 'partner' | 'otherPartner') {
  const database = await openDatabase({ url, poolSize: 1 });
  try {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
    const agent = new ApiAgent(undefined as never, 'afs.localhost');
    await signInAs({ database, config, clock: { now: new Date() } }, agent, demoAccount(key).login);
    return { host: agent.host, cookie: agent.cookie ?? '', 'x-csrf-token': agent.csrfToken ?? '' };
  } finally {
    await database.close();
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.runIf(process.env.TEST_DB_ENGINE === 'postgres')('one heavy producer', () => {
  it.each([
    ['the default pool', {}],
    [
      'a small pool (DB_POOL_MAX=4, DB_CONNECT_TIMEOUT_MS=300)',
      { DB_POOL_MAX: '4', DB_CONNECT_TIMEOUT_MS: '300' },
    ],
  ])(
    'leaves another user served and the process ready, with %s',
    async (setting, env) => {
      const baseUrl = process.env.DATABASE_URL as string;
      const name = `${TEST_DB_PREFIX}${randomBytes(6).toString('hex')}`;
      await adminQuery(baseUrl, `create database ${name} template ${inject('dbTemplate')}`);
      cleanups.push(() => adminQuery(baseUrl, `drop database if exists ${name} with (force)`));
      const url = databaseUrl(baseUrl, name);
      const dataDir = mkdtempSync(join(tmpdir(), 'portal-heavy-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      const portal = await startPortal(url, dataDir, env);
      cleanups.push(async () => {
        if (portal.server.exitCode !== null) return;
        const exited = new Promise((r) => portal.server.once('exit', r));
        portal.server.kill('SIGTERM');
        await exited;
      });

      const result = await runHeavyUserScenario({
        origin: portal.origin,
        heavy: { headers: await sessionHeaders(url, 'partner') },
        other: { headers: await sessionHeaders(url, 'otherPartner') },
      });
      const summary = scenarioSummary(result);
      console.log(`one heavy producer, ${setting}: ${JSON.stringify(summary)}`);

      expect(result.idle.statuses.every((s) => s === 200)).toBe(true);
      expect(summary.other503).toBe(0);
      expect(summary.otherNot200).toBe(0);
      expect(summary.readinessProbes).toBeGreaterThan(0);
      expect(summary.readinessNot200).toBe(0);
      // The heavy producer was served, and told to wait past their caps: never an error.
      expect(summary.heavyStatuses[200] ?? 0).toBeGreaterThan(0);
      expect(summary.heavyStatuses[429] ?? 0).toBeGreaterThan(0);
      expect(Object.keys(summary.heavyStatuses).sort()).toEqual(['200', '429']);
      // partner2 takes turns with partner1 instead of queueing behind them, and partner1 rests between requests
      // while partner2 browses (plugins/work-admission.ts): partner2's median list stays within 2× idle (measured
      // 1.1–1.3× on a quiet machine; 2.1× before the rest, 5× without admission). The p95 target (≤ 2×) is judged by
      // the bench case `heavy_user`, on a quiet machine.
      expect(summary.listP50.loaded).toBeLessThanOrEqual(2 * Math.max(summary.listP50.idle, 5));
    },
    240_000,
  );
});
