// Measures the production start (docs/operations.md, "Production start and assets"):
// - spawn → first 200 from /readyz, and the resident memory (RSS, the process and its children) at that moment
//   and SETTLE seconds later, for the server run from sources through tsx (the old `npm start`) and compiled
//   (`node apps/server/dist/main.js`), alternately, RUNS times each, on PGlite and, when MEASURE_DATABASE_URL is
//   set, on PostgreSQL. The database is migrated and seeded before the first measured run.
// - an unchanged tree: `node scripts/start.mjs` and `npm start` until the server process exists.
// `MEASURE_DATABASE_URL=postgresql://… node scripts/measure-start.mjs [runs=3] [settle seconds=10] [port=4520]`
// Medians are printed as a markdown table. Linux only (/proc).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfChanged, REPO_ROOT } from './build-if-changed.mjs';

const [runs = 3, settleSeconds = 10, port = 4520] = process.argv.slice(2).map(Number);
const SERVER = join(REPO_ROOT, 'apps/server/dist/main.js');
const VARIANTS = {
  tsx: [join(REPO_ROOT, 'node_modules/.bin/tsx'), [join(REPO_ROOT, 'apps/server/src/main.ts')]],
  compiled: [process.execPath, [SERVER]],
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** pid → parent pid of every process, from /proc. */
function parents() {
  const map = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command name (2nd field) is in parentheses and may hold spaces: the ppid follows the last ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      map.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {}
  }
  return map;
}

function tree(pid) {
  const map = parents();
  const found = [pid];
  for (let i = 0; i < found.length; i++)
    for (const [child, parent] of map) if (parent === found[i]) found.push(child);
  return found;
}

const commandLine = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
};

function rssMegabytes(pid) {
  let kb = 0;
  for (const member of tree(pid)) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${member}/status`, 'utf8'))?.[1] ?? 0);
    } catch {}
  }
  return Math.round(kb / 1024);
}

const readyz = () =>
  new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path: '/readyz', agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.setTimeout(1000, () => req.destroy());
  });

async function until(test, what, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await test();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** Starts a process in a group of its own, returns it with a stop() that SIGTERMs it and waits for the exit. */
function launch(command, args, env) {
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    pid: child.pid,
    stop: async () => {
      // Every process of the run must be gone before the next one (same port; PGlite's directory has one owner).
      const members = tree(child.pid);
      child.kill('SIGTERM');
      await exited;
      await until(() => members.every((pid) => !commandLine(pid)), 'the exit of every process', 60_000);
    },
  };
}

async function startUntilReady(variant, env) {
  const [command, args] = VARIANTS[variant];
  const started = performance.now();
  const server = launch(command, args, env);
  await until(readyz, '/readyz');
  const readyMs = performance.now() - started;
  const readyRss = rssMegabytes(server.pid);
  await sleep(settleSeconds * 1000);
  const settledRss = rssMegabytes(server.pid);
  await server.stop();
  return { readyMs, readyRss, settledRss };
}

/** An unchanged tree: from the launcher's spawn until the compiled server's process exists. */
async function launcherToSpawn(command, args, env) {
  const started = performance.now();
  const launcher = launch(command, args, env);
  await until(
    () => tree(launcher.pid).some((pid) => commandLine(pid).includes(SERVER)),
    'the server spawn',
    30_000,
  );
  const spawnMs = performance.now() - started;
  await until(readyz, '/readyz');
  await launcher.stop();
  return spawnMs;
}

buildIfChanged();
const engines = [['PGlite', { DATABASE_URL: '' }]];
if (process.env.MEASURE_DATABASE_URL)
  engines.push(['PostgreSQL', { DATABASE_URL: process.env.MEASURE_DATABASE_URL }]);
const rows = [];
for (const [engine, engineEnv] of engines) {
  const env = {
    ...process.env,
    ...engineEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-measure-start-')),
    LOG_LEVEL: 'warn',
  };
  console.error(`${engine}: preparing the database (migrations, demo data)`);
  await startUntilReady('compiled', env);
  const results = { tsx: [], compiled: [] };
  for (let run = 1; run <= runs; run++) {
    for (const variant of ['tsx', 'compiled']) {
      const result = await startUntilReady(variant, env);
      console.error(`${engine} ${variant} run ${run}: ${JSON.stringify(result)}`);
      results[variant].push(result);
    }
  }
  for (const variant of ['tsx', 'compiled']) {
    const of = (key) => results[variant].map((r) => r[key]);
    rows.push(
      `| ${engine} | ${variant} | ${Math.round(median(of('readyMs')))} (${of('readyMs').map(Math.round).join(', ')}) | ` +
        `${median(of('readyRss'))} (${of('readyRss').join(', ')}) | ${median(of('settledRss'))} (${of('settledRss').join(', ')}) |`,
    );
  }
  if (engine === 'PGlite') {
    for (const [label, command, args] of [
      ['node scripts/start.mjs', process.execPath, ['scripts/start.mjs']],
      ['npm start', 'npm', ['start']],
    ]) {
      const times = [];
      for (let run = 1; run <= runs; run++) times.push(await launcherToSpawn(command, args, env));
      rows.push(
        `| unchanged tree | ${label} → server spawn | ${Math.round(median(times))} (${times.map(Math.round).join(', ')}) | | |`,
      );
    }
  }
}
console.log(
  `| database | start | ms to first 200 /readyz, median (runs) | RSS MB at ready | RSS MB ${settleSeconds} s later |`,
);
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(row);
