import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CLOSE_HOOKS_LIMIT_MS } from './shutdown.js';
import { adminQuery, databaseUrl, TEST_DB_PREFIX } from './testing/engines.js';
import { ready, type Server, startServer } from './testing/server-process.js';

const GRACE_SECONDS = 3;

/** A raw HTTP request whose body is announced but not (yet) sent: the server holds it as in flight. */
function startUpload(
  port: number,
  path: string,
): { socket: Socket; answer: Promise<string>; closed: Promise<void> } {
  const socket = connect(port, '127.0.0.1');
  const body = JSON.stringify({ login: 'someone', password: 'Secret1234', area: 'b2b' });
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: afs.localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
  );
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString('latin1');
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((r) => socket.once('close', () => r()));
  return { socket, answer: closed.then(() => received), closed };
}

const finishUpload = (socket: Socket) =>
  socket.write(JSON.stringify({ login: 'someone', password: 'Secret1234', area: 'b2b' }).slice(5));

/**
 * SIGTERM to a real server process: a request in flight gets its answer, a client that stalls cannot keep the
 * process alive past the grace period. Spawned with `node --import tsx` (no wrapper), as production runs it
 * (testing/server-process.ts).
 */
describe.runIf(process.env.TEST_DB_ENGINE === 'postgres')('SIGTERM', () => {
  const baseUrl = process.env.DATABASE_URL as string;
  const name = `${TEST_DB_PREFIX}${randomBytes(6).toString('hex')}`;
  let portal: Server;

  beforeAll(async () => {
    await adminQuery(baseUrl, `create database ${name} template ${inject('dbTemplate')}`);
    // Info level: the test reads the shutdown's own log lines.
    portal = await startServer('shutdown', {
      DATABASE_URL: databaseUrl(baseUrl, name),
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
    });
    await ready(portal);
  });
  afterAll(async () => {
    if (portal.process.exitCode === null) portal.process.kill('SIGKILL');
    rmSync(portal.outboxDir, { recursive: true, force: true });
    await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
  });

  it('lets a request in flight finish, cuts a stalled one after the grace period, and exits', async () => {
    const login = '/angel/face/en/api/login';
    const { port, process: server } = portal;
    const inFlight = startUpload(port, login);
    const stalled = startUpload(port, login);
    await sleep(300);

    const exited = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
    const signalled = Date.now();
    server.kill('SIGTERM');
    await sleep(300);
    // New connections are refused at once.
    await expect(fetch(`http://127.0.0.1:${port}/livez`)).rejects.toThrow();
    finishUpload(inFlight.socket);

    // The request that was in flight gets a complete answer (422: it carries no CSRF token), then its connection ends.
    expect(await inFlight.answer).toMatch(/^HTTP\/1\.1 422 /);
    // The stalled upload holds its socket until the grace period ends; then the server cuts it and exits.
    await stalled.closed;
    expect(await exited).toBe(0);
    const took = Date.now() - signalled;
    expect(took).toBeGreaterThanOrEqual(GRACE_SECONDS * 1000);
    expect(took).toBeLessThan(GRACE_SECONDS * 1000 + 2 * CLOSE_HOOKS_LIMIT_MS + 1000);
    expect(portal.output).toContain('grace period over');
    expect(portal.output).not.toContain('did not finish in time');
  });
});
