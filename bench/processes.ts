import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildIfChanged } from '../scripts/build-if-changed.mjs';

/*
 * The bench's servers run in child processes of their own, so the load generator (this process) never shares an
 * event loop with what it measures: the portal in one, the bare baseline in another.
 */

export const ROOT = resolve(import.meta.dirname, '..');
/** Scratch space of the bench (gitignored): logs, the PGlite data, the bare React build. */
export const BENCH_TMP = join(ROOT, '.tmp', 'bench');

export interface ServerProcess {
  name: string;
  port: number;
  origin: string;
  child: ChildProcess;
  /** Spawn → first 200 on the readiness path, in milliseconds. */
  readyMs: number;
  logFile: string;
  /** Resident memory of the process now (the spawned PID; worker threads included), in MB. */
  rssMb(): number;
  /** CPU time the process has used so far (user + system, all its threads), in milliseconds. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** A port nobody listens on right now (the kernel picks it; a race with another program is possible but harmless). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** GET `path` with a Host header; the status, or 0 when nothing answers. */
function statusOf(port: number, path: string, host: string): Promise<number> {
  return new Promise((done) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host }, timeout: 2000 }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('error', () => done(0));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

function rssOf(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return line ? Number(line[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** utime + stime of /proc/<pid>/stat (fields 14 and 15, after the command name in parentheses), in ms. */
function cpuOf(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields counted from the state (field 3): utime is field 14, stime 15. Linux's clock tick is 100 Hz.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

export interface SpawnOptions {
  name: string;
  /** argv[0] and its arguments (no shell). */
  command: string[];
  env: Record<string, string>;
  /** Polled until it answers 200. */
  readyPath: string;
  host?: string;
  timeoutMs?: number;
}

/** Spawns a server on a free port (`PORT` in its env) and waits until `readyPath` answers 200. */
export async function startServer(options: SpawnOptions): Promise<ServerProcess> {
  mkdirSync(BENCH_TMP, { recursive: true });
  const port = await freePort();
  const logFile = join(BENCH_TMP, `${options.name}.log`);
  const log = createWriteStream(logFile);
  const [program, ...args] = options.command;
  if (!program) throw new Error(`${options.name}: empty command`);
  const started = performance.now();
  const child = spawn(program, args, {
    cwd: ROOT,
    env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exited: string | null = null;
  const exit = new Promise<void>((done) => {
    child.once('exit', (code, signal) => {
      exited = `exited with ${signal ?? code}`;
      done();
    });
  });
  const deadline = started + (options.timeoutMs ?? 180_000);
  const host = options.host ?? '127.0.0.1';
  for (;;) {
    if (exited) throw new Error(`${options.name} ${exited} before it was ready; see ${logFile}`);
    if ((await statusOf(port, options.readyPath, host)) === 200) break;
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.name} not ready within ${options.timeoutMs ?? 180_000} ms; see ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const readyMs = performance.now() - started;
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exit;
    clearTimeout(timer);
  };
  // A crash of the bench must not leave servers behind holding ports and database connections.
  process.once('exit', () => {
    if (!exited) child.kill('SIGKILL');
  });
  return {
    name: options.name,
    port,
    origin: `http://127.0.0.1:${port}`,
    child,
    readyMs,
    logFile,
    rssMb: () => rssOf(child.pid),
    cpuMs: () => cpuOf(child.pid),
    stop,
  };
}

/**
 * How the portal is started: `BENCH_PORTAL_CMD` (split on spaces) when set; otherwise the compiled server, what
 * `npm start` runs, built first when its sources changed since the last build (so a run never measures stale code).
 */
let built = false;
export function portalCommand(env: NodeJS.ProcessEnv = process.env): { command: string[]; label: string } {
  const custom = env.BENCH_PORTAL_CMD?.trim();
  if (custom) return { command: custom.split(/\s+/), label: custom };
  if (!built) {
    buildIfChanged();
    built = true;
  }
  return {
    command: ['node', 'apps/server/dist/main.js'],
    label: 'compiled (node apps/server/dist/main.js)',
  };
}

export interface PortalOptions {
  name?: string;
  databaseUrl: string | undefined;
  /** PGlite only: the data directory (a fresh one per run unless the caller keeps it). */
  dataDir: string;
  command?: string[];
  extraEnv?: Record<string, string>;
}

/**
 * The portal as a server process. NODE_ENV=development because production refuses the demo accounts the bench
 * signs in with (and wants SMTP), with production's response serialiser; request logging is off (LOG_LEVEL=warn) so the log pipe costs nothing.
 */
export function startPortal(options: PortalOptions): Promise<ServerProcess> {
  return startServer({
    name: options.name ?? 'portal',
    command: options.command ?? portalCommand().command,
    readyPath: '/readyz',
    env: {
      NODE_ENV: 'development',
      // What production runs on the hot routes (development would parse each answer with zod).
      RESPONSE_SERIALIZER: 'compiled',
      LOG_LEVEL: 'warn',
      API_DOCS: 'false',
      SEED_DEMO: 'true',
      SHUTDOWN_GRACE_SECONDS: '2',
      DATABASE_URL: options.databaseUrl ?? '',
      DATA_DIR: options.dataDir,
      ...options.extraEnv,
    },
  });
}
