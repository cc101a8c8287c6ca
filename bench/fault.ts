import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { demoAccount } from '../apps/server/src/db/seed/demo-accounts.js';
import type { ApiAgent } from '../apps/server/src/testing/http.js';
import { freePort, startPrivateCluster } from '../apps/server/src/testing/private-cluster.js';
import { signInAs } from '../apps/server/src/testing/sessions.js';
import { exportsDuringRestart, seedLargeExport } from './fault-exports.js';

/**
 * `npm run fault-test`: the portal on a PostgreSQL cluster of its own, under load, while the database is frozen
 * (SIGSTOP) and then stopped (pg_ctl stop -m fast). Reports what callers saw during each outage and after it.
 * Never touches the shared server on 5432. Figures: docs/operations.md, "Database faults and shutdown".
 */
const OUTAGE_MS = 10_000;
const SETTLE_MS = 8_000;
const REQUEST_LIMIT_MS = 15_000;
/** `npm run fault-test -- --workers 16`: more request loops than the pool has connections. */
const args = parseArgs({
  options: {
    workers: { type: 'string', default: '4' },
    /** `--only exports`: the export case alone (seeding included), without the request-loop outages. */
    only: { type: 'string' },
  },
}).values;
const WORKERS = Number(args.workers);
const ROOT = resolve(import.meta.dirname, '..');

interface Sample {
  at: number;
  path: string;
  status: number;
  ms: number;
  retryAfter: string | null;
}

const samples: Sample[] = [];
const marks: { name: string; at: number }[] = [];
const mark = (name: string) => {
  marks.push({ name, at: Date.now() });
  console.log(`${new Date().toISOString()} ${name}`);
};

async function main() {
  const cluster = await startPrivateCluster();
  const work = mkdtempSync(join(tmpdir(), 'portal-fault-'));
  let server: ChildProcess | undefined;
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database portal');
    await admin.end();
    const databaseUrl = cluster.url.replace(/\/postgres$/, '/portal');

    // A stand-in SPA, so the static pages can be checked during the outage without building the web app.
    const webDist = join(work, 'web');
    mkdirSync(webDist);
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>portal</title>');
    const port = await freePort();
    const serverLog = join(work, 'server.log');
    const env = {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: work,
      WEB_DIST: webDist,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      SHUTDOWN_GRACE_SECONDS: '5',
      // A thread for the background export and one for the streamed download running beside it.
      RENDER_THREADS: '2',
    };
    // node --import tsx, not the tsx wrapper: SIGTERM must reach the portal itself, as it would in production.
    server = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')], {
      env,
      stdio: ['ignore', openSync(serverLog, 'w'), 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/livez`, 180_000);
    console.log(`portal up; ${WORKERS} request loops`);

    // A signed-in client session, opened directly in the database (clients sign in with an e-mailed code).
    const config = loadConfig(env);
    const seedDb = await openDatabase({ url: databaseUrl, poolSize: 1 });
    const agent = { host: 'afs.localhost' } as ApiAgent;
    await signInAs(
      { database: seedDb, config, clock: { now: new Date() } },
      agent,
      demoAccount('client').login,
    );
    const producer = { host: 'afs.localhost' } as ApiAgent;
    await signInAs(
      { database: seedDb, config, clock: { now: new Date() } },
      producer,
      demoAccount('partner').login,
    );
    await seedDb.close();
    const cookie = agent.cookie ?? '';
    const partner = { base, cookie: producer.cookie ?? '', csrfToken: producer.csrfToken ?? '' };

    if (args.only === 'exports') {
      await seedLargeExport(databaseUrl, partner, demoAccount('partner').advisorCode ?? 'A1001');
      await exportsDuringRestart(cluster, databaseUrl, partner, server.pid as number);
      return;
    }

    const paths = [
      '/angel/face/en/api/me',
      '/angel/face/ja/api/b2c/plans',
      '/readyz',
      '/livez',
      '/angel/face/',
    ];
    let running = true;
    const loops = Array.from({ length: WORKERS }, async (_, w) => {
      for (let i = w; running; i++) {
        const path = paths[i % paths.length] as string;
        samples.push(await timedGet(base, path, cookie));
      }
    });

    mark('baseline');
    await sleep(5000);
    mark('freeze');
    cluster.freeze();
    await sleep(OUTAGE_MS);
    cluster.thaw();
    mark('thaw');
    await sleep(SETTLE_MS);
    mark('stop');
    cluster.stop();
    await sleep(OUTAGE_MS);
    cluster.start();
    mark('start');
    await sleep(SETTLE_MS);
    mark('end');
    running = false;
    await Promise.all(loops);

    const backends = await countBackends(cluster.url);
    report(backends, config.dbPoolMax);
    reasons(serverLog);

    await seedLargeExport(databaseUrl, partner, demoAccount('partner').advisorCode ?? 'A1001');
    await exportsDuringRestart(cluster, databaseUrl, partner, server.pid as number);

    await shutdownDuringDownloads(server, base, cookie, Number(env.SHUTDOWN_GRACE_SECONDS));
    const drainLines = readFileSync(serverLog, 'utf8')
      .split('\n')
      .filter((l) => /grace period|did not finish|shutdown failed/.test(l))
      .map((l) => `  server: ${(JSON.parse(l) as { msg: string }).msg}`);
    console.log(drainLines.join('\n'));
    server = undefined;
  } finally {
    server?.kill('SIGKILL');
    cluster.destroy();
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * SIGTERM while a client holds a ZIP download of all its statements without reading it, and another downloads a
 * statement PDF normally: the PDF must complete, the stalled ZIP must not keep the process past the grace period.
 */
async function shutdownDuringDownloads(
  server: ChildProcess,
  base: string,
  cookie: string,
  graceSeconds: number,
) {
  const api = (path: string) => `${base}/angel/face/en/api${path}`;
  const json = async (path: string) => (await fetch(api(path), { headers: { cookie } })).json();
  const plans = (await json('/b2c/plans')).data as { id: number }[];
  let partyId = 0;
  for (const plan of plans) {
    partyId = (await json(`/b2c/plans/${plan.id}`)).partyId ?? 0;
    if (partyId) break;
  }
  const accounts = (
    (await json(`/statement/policy_list/${partyId}`)).accounts as { partyId: number }[]
  ).slice(0, 20);
  const ids = accounts.map((a) => a.partyId).join(',');

  const zip = { status: 0, bytes: 0, ended: false, cut: false, resume: () => {} };
  const zipStarted = new Promise<void>((resolve) => {
    const request = httpGet(
      api(`/statement/download_zip?party_ids=${ids}`),
      { headers: { cookie } },
      (response) => {
        zip.status = response.statusCode ?? 0;
        zip.resume = () => {
          response.removeAllListeners('data');
          response.on('data', (chunk: Buffer) => {
            zip.bytes += chunk.length;
          });
          response.resume();
        };
        response.on('data', (chunk: Buffer) => {
          zip.bytes += chunk.length;
          // A client that stops reading after the first chunk: the server's writes back up until the socket is full.
          response.pause();
        });
        response.on('end', () => {
          zip.ended = true;
        });
        response.on('aborted', () => {
          zip.cut = true;
        });
        response.on('error', () => {
          zip.cut = true;
        });
        resolve();
      },
    );
    request.on('error', () => {
      zip.cut = true;
      resolve();
    });
  });
  await zipStarted;
  await sleep(500);

  const pdfStarted = Date.now();
  const pdf = fetch(api(`/statement/${accounts[0]?.partyId}.pdf`), { headers: { cookie } }).then(
    async (r) => ({
      status: r.status,
      bytes: (await r.arrayBuffer()).byteLength,
      ms: Date.now() - pdfStarted,
    }),
    () => ({ status: 0, bytes: 0, ms: Date.now() - pdfStarted }),
  );
  // A client that announced a body and stopped sending it: in flight until the grace period ends.
  const upload = connect(Number(new URL(base).port), '127.0.0.1');
  upload.on('error', () => {});
  upload.write(
    'POST /angel/face/en/api/login HTTP/1.1\r\nHost: afs.localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
  );
  let uploadClosedAt = 0;
  upload.once('close', () => {
    uploadClosedAt = Date.now();
  });
  await sleep(20);
  const signalled = Date.now();
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  server.kill('SIGTERM');
  const code = await exited;
  const exitMs = Date.now() - signalled;
  const pdfResult = await pdf;
  // Whatever the server managed to hand to the kernel before it exited, the client can still read.
  const zipEnded = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 2000);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const check = setInterval(() => {
      if (zip.ended || zip.cut) {
        clearInterval(check);
        done();
      }
    }, 20);
  });
  zip.resume();
  await zipEnded;
  console.log(
    `\nSIGTERM during downloads (grace ${graceSeconds} s): process exit code ${code} after ${exitMs} ms`,
  );
  console.log(`  PDF requested just before SIGTERM: HTTP ${pdfResult.status}, ${pdfResult.bytes} bytes`);
  console.log(
    `  ZIP of ${accounts.length} statements, client paused after the first chunk: HTTP ${zip.status}, ${zip.bytes} bytes, ${zip.ended ? 'complete (it fit in the socket buffers)' : 'cut by the server'}`,
  );
  console.log(
    `  upload that stopped sending: ${uploadClosedAt ? `closed by the server ${uploadClosedAt - signalled} ms after SIGTERM` : 'still open'}`,
  );
}

async function timedGet(base: string, path: string, cookie: string): Promise<Sample> {
  const at = Date.now();
  try {
    const response = await fetch(`${base}${path}`, {
      headers: { cookie },
      signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
    });
    await response.arrayBuffer();
    return {
      at,
      path,
      status: response.status,
      ms: Date.now() - at,
      retryAfter: response.headers.get('retry-after'),
    };
  } catch {
    // No answer at all: a hang past REQUEST_LIMIT_MS or a refused connection.
    return { at, path, status: 0, ms: Date.now() - at, retryAfter: null };
  }
}

async function waitFor(url: string, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

/** Server-side view of the pool: connections the portal holds on its database. */
async function countBackends(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    "select count(*)::int as n from pg_stat_activity where datname = 'portal' and pid <> pg_backend_pid()",
  );
  await client.end();
  return rows[0].n;
}

const at = (name: string) => marks.find((m) => m.name === name)?.at ?? 0;

function summarize(from: number, to: number) {
  const inWindow = samples.filter((s) => s.at >= from && s.at < to);
  const statuses: Record<string, number> = {};
  for (const s of inWindow) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
  const dbPaths = inWindow.filter((s) => !['/livez', '/angel/face/'].includes(s.path));
  const unavailable = dbPaths.filter((s) => s.status === 503);
  const sorted = dbPaths.map((s) => s.ms).sort((a, b) => a - b);
  return {
    requests: inWindow.length,
    statuses: JSON.stringify(statuses),
    '503 with Retry-After': `${unavailable.filter((s) => s.retryAfter).length}/${unavailable.length}`,
    'DB paths max ms': sorted.at(-1) ?? 0,
    'DB paths p95 ms': sorted[Math.floor(sorted.length * 0.95)] ?? 0,
    'livez/SPA non-200': inWindow.filter(
      (s) => ['/livez', '/angel/face/'].includes(s.path) && s.status !== 200,
    ).length,
  };
}

/**
 * From the end of an outage: ms to the first 200 of a database path (from the moment the database was back), and
 * the non-200 answers to requests started after that 200 had come back.
 */
function recovery(from: number, to: number) {
  const after = samples.filter((s) => s.at >= from && s.at < to && s.path.includes('/api/'));
  const recoveredAt = Math.min(...after.filter((s) => s.status === 200).map((s) => s.at + s.ms));
  if (!Number.isFinite(recoveredAt))
    return { 'first 200 after (ms)': 'never', 'errors after first 200': 'n/a' };
  const errors = after.filter((s) => s.at > recoveredAt && s.status !== 200).length;
  return { 'first 200 after (ms)': recoveredAt - from, 'errors after first 200': errors };
}

function report(backends: number, poolMax: number) {
  console.log('\nPer phase (DB paths: /me, /b2c/plans, /readyz):');
  console.table({
    baseline: summarize(at('baseline'), at('freeze')),
    'frozen (SIGSTOP)': summarize(at('freeze'), at('thaw')),
    'after thaw': summarize(at('thaw'), at('stop')),
    'stopped (pg_ctl stop -m fast)': summarize(at('stop'), at('start')),
    'after start': summarize(at('start'), at('end')),
  });
  console.log('Recovery:');
  console.table({
    'after thaw': recovery(at('thaw'), at('stop')),
    'after start': recovery(at('start'), at('end')),
  });
  console.log(`Backends held by the portal after recovery: ${backends} (pool max ${poolMax})`);
}

/** Why the server answered 503, per phase, from its own log (one warn line per refused request). */
function reasons(logFile: string) {
  const phases = ['baseline', 'freeze', 'thaw', 'stop', 'start', 'end'];
  const table: Record<string, Record<string, number>> = {};
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { time: number; reason?: string };
    if (!entry.reason) continue;
    const phase = [...phases].reverse().find((p) => at(p) && entry.time >= at(p)) ?? 'before';
    const row = table[phase] ?? {};
    table[phase] = row;
    const reason = entry.reason.replace(/\d+ ms/, 'N ms');
    row[reason] = (row[reason] ?? 0) + 1;
  }
  console.log('Why 503 (server log), by the phase it started in:');
  for (const [phase, counts] of Object.entries(table)) console.log(`  ${phase}: ${JSON.stringify(counts)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
