import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { clients } from '../apps/server/src/db/schema/index.js';
import { ensureDemoData } from '../apps/server/src/db/seed/demo.js';
import { demoAccount } from '../apps/server/src/db/seed/demo-accounts.js';
import { jobsSettled } from '../apps/server/src/testing/jobs.js';

/**
 * `npm run bench:account-timing [-- N]`: does an anonymous account flow answer in the same time whether or not the
 * account exists (decision 017)? Over real HTTP on the loopback, sends N requests for an existing account and N for an unknown one, in random
 * order, each from a fresh visitor, and compares the answer times with Welch's t-test. Between requests it waits
 * for the queued job to finish, so each answer is timed alone (the job's work is what must not show). The clock
 * moves two hours per request, so no rate limit interferes.
 */
const N = Number(process.argv[2] ?? 160);
const PAUSE_MS = Number(process.argv[3] ?? 0);

function stats(samples: number[]) {
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  const variance = samples.reduce((a, b) => a + (b - mean) ** 2, 0) / (samples.length - 1);
  return { mean, variance };
}

/** Two-sided p-value of Welch's t (normal approximation: the degrees of freedom are in the hundreds). */
function welch(a: number[], b: number[]) {
  const sa = stats(a);
  const sb = stats(b);
  const t = (sa.mean - sb.mean) / Math.sqrt(sa.variance / a.length + sb.variance / b.length);
  return { t, p: 2 * (1 - normalCdf(Math.abs(t))) };
}

function normalCdf(x: number) {
  // Abramowitz & Stegun 7.1.26, accurate to 1.5e-7.
  const k = 1 / (1 + 0.3275911 * (x / Math.SQRT2));
  const poly =
    k * (0.254829592 + k * (-0.284496736 + k * (1.421413741 + k * (-1.453152027 + k * 1.061405429))));
  return 0.5 * (1 + (1 - poly * Math.exp(-((x / Math.SQRT2) ** 2))));
}

/**
 * The visitor runs in a worker thread: a client on the server's own event loop would read the answer only once
 * the server's next piece of work (the job, which starts right after the answer has gone) yields, and would time
 * the job instead of the answer. Each message is one fresh visitor: GET /me for the cookie and CSRF token, then
 * the timed POST; it answers the POST's time in ms.
 */
const VISITOR = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
const { performance } = require('node:perf_hooks');
function exchange(port, method, path, headers, body) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request({ host: '127.0.0.1', port, method, path: '/angel/face/en/api' + path,
      headers: { host: 'afs.localhost', ...(payload ? { 'content-type': 'application/json' } : {}), ...headers } },
      (res) => { let text = ''; res.on('data', (c) => { text += c; });
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text })); });
    req.on('error', reject);
    req.end(payload);
  });
}
parentPort.on('message', async ({ port, path, body }) => {
  const me = await exchange(port, 'GET', '/me', {});
  const cookie = (me.headers['set-cookie'] || []).map((c) => c.split(';')[0]).join('; ');
  const headers = { cookie, 'x-csrf-token': JSON.parse(me.text).csrfToken };
  const t0 = performance.now();
  const response = await exchange(port, 'POST', path, headers, body);
  const ms = performance.now() - t0;
  parentPort.postMessage(response.status === 200 ? { ms } : { error: path + ': ' + response.status + ' ' + response.text });
});
`;

function visitor() {
  const worker = new Worker(VISITOR, { eval: true });
  const post = (port: number, path: string, body: unknown) =>
    new Promise<number>((resolve, reject) => {
      worker.once('message', (m: { ms?: number; error?: string }) =>
        m.error ? reject(new Error(m.error)) : resolve(m.ms ?? 0),
      );
      worker.postMessage({ port, path, body });
    });
  return { post, close: () => worker.terminate() };
}

async function main() {
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    OUTBOX_DIR: mkdtempSync(join(tmpdir(), 'timing-outbox-')),
  });
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: 'memory://' },
  );
  await database.migrate();
  await ensureDemoData(database.db);
  await database.db.insert(clients).values({
    siteCode: 'afs',
    clientNo: 'AG99990001',
    idType: 'ID',
    idNumber: 'T0001123',
    surname: 'Timing',
    givenName: 'Reg',
    birthDate: '1991-03-04',
    emails: ['timing@example.com'],
  });
  const clock = { now: new Date() };
  const app = await buildApp({ config, database, now: () => clock.now, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  const browser = visitor();

  const producer = demoAccount('partner');
  const client = demoAccount('client2');
  const [year, month, day] = (client.birthDate ?? '').split('-');
  const birth = { birthDay: day, birthMonth: month, birthYear: year };
  const registrant = {
    surName: 'Timing',
    givenName: 'Reg',
    birthDay: '04',
    birthMonth: '03',
    birthYear: '1991',
  };
  const cases = [
    {
      name: 'POST /forget_password_b2b',
      path: '/forget_password_b2b',
      existing: { loginId: producer.login },
      unknown: { loginId: 'nobody-here' },
    },
    {
      name: 'POST /forget_password',
      path: '/forget_password',
      existing: { idNo: client.clientIdNumber, ...birth },
      unknown: { idNo: 'Z0000000', ...birth },
    },
    {
      name: 'POST /registration',
      path: '/registration',
      existing: { idNo: 'T0001123', ...registrant },
      unknown: { idNo: 'Z0000000', ...registrant },
    },
  ];
  const rows = [];
  for (const c of cases) {
    const order = [...Array(N).fill('existing'), ...Array(N).fill('unknown')].sort(() => Math.random() - 0.5);
    const times: Record<string, number[]> = { existing: [], unknown: [] };
    for (const [i, which] of order.entries()) {
      clock.now = new Date(clock.now.getTime() + 2 * 3600_000);
      const ms = await browser.post(port, c.path, which === 'existing' ? c.existing : c.unknown);
      // The first 10 of each case warm the code paths up and are not counted.
      if (i >= 10) times[which]?.push(ms);
      if (config.jobWorkers) await jobsSettled({ database });
      if (PAUSE_MS > 0) await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
    const existing = times.existing ?? [];
    const unknown = times.unknown ?? [];
    const { t, p } = welch(existing, unknown);
    rows.push({
      case: c.name,
      samples: `${existing.length}/${unknown.length}`,
      existingMeanMs: Number(stats(existing).mean.toFixed(2)),
      unknownMeanMs: Number(stats(unknown).mean.toFixed(2)),
      diffMs: Number((stats(existing).mean - stats(unknown).mean).toFixed(2)),
      t: Number(t.toFixed(2)),
      p: Number(p.toPrecision(2)),
    });
  }
  console.log(`\nEngine: ${database.kind}; answer time, existing vs unknown account\n`);
  console.table(rows);
  await browser.close();
  await app.close();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
