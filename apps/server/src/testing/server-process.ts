import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './private-cluster.js';

/*
 * Real server processes for tests on PostgreSQL (multi-process, crash recovery, fairness under load): each started
 * from sources with tsx, and a browser-like client that keeps its cookies and CSRF token per instance.
 */

const ROOT = resolve(import.meta.dirname, '../../../..');
export const API = '/angel/face/en/api';

export interface Server {
  name: string;
  port: number;
  process: ChildProcess;
  output: string;
  outboxDir: string;
}

/** A browser: one cookie jar and CSRF token, sending each request to the server it is told. */
export class Browser {
  readonly cookies = new Map<string, string>();
  csrfToken: string | undefined;

  async call(server: Server, method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (method !== 'GET' && this.csrfToken) headers['x-csrf-token'] = this.csrfToken;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`http://127.0.0.1:${server.port}${API}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const set of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = set.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const gone = attributes.some((a) => /^\s*max-age=0$/i.test(a)) || value === '';
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Like the SPA: reads /me for a CSRF token, then calls; keeps any rotated token an answer carries. */
  async json(server: Server, method: string, path: string, body?: unknown) {
    if (method !== 'GET' && !this.csrfToken) await this.json(server, 'GET', '/me');
    const response = await this.call(server, method, path, body);
    const data = response.headers.get('content-type')?.startsWith('application/json')
      ? await response.json()
      : undefined;
    if (typeof data?.csrfToken === 'string') this.csrfToken = data.csrfToken;
    return { status: response.status, data };
  }

  signIn(server: Server, login: string, password: string, area: 'b2b' | 'b2c' = 'b2b') {
    return this.json(server, 'POST', '/login', { login, password, area });
  }
}

export async function startServer(name: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const outboxDir = mkdtempSync(join(tmpdir(), `portal-multi-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: outboxDir,
      OUTBOX_DIR: outboxDir,
      WEB_DIST: '/nonexistent',
      SEED_DEMO: 'false',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      // One secret for the deployment: sessions, CSRF tokens and counter keys are HMACs under it.
      SESSION_SECRET: 'multi-process-test-secret-0123456789abcdef',
      RENDER_THREADS: '1',
      RENDER_PER_USER: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: Server = { name, port, process: child, output: '', outboxDir };
  child.stdout?.on('data', (c) => {
    server.output += c;
  });
  child.stderr?.on('data', (c) => {
    server.output += c;
  });
  return server;
}

export async function ready(server: Server) {
  for (let i = 0; i < 240; i++) {
    const up = await fetch(`http://127.0.0.1:${server.port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    if (server.process.exitCode !== null) throw new Error(`${server.name} did not start:\n${server.output}`);
    await sleep(250);
  }
  throw new Error(`${server.name} did not answer /readyz:\n${server.output}`);
}

/** Stops a server: SIGTERM, then SIGKILL after `graceMs` (a crash test's server may be gone already). */
export async function stopServer(server: Server | undefined, graceMs = 10_000): Promise<void> {
  if (!server || server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((r) => server.process.once('exit', r));
  server.process.kill('SIGTERM');
  await Promise.race([exited, sleep(graceMs)]);
  if (server.process.exitCode === null) server.process.kill('SIGKILL');
}
