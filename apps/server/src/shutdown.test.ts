import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConnectionTracker, drainServer, trackConnections } from './shutdown.js';
import { createTestApp, type TestContext } from './testing/test-app.js';

const LOGIN_BODY = JSON.stringify({ login: 'someone', password: 'Secret1234', area: 'b2b' });

/** A real socket with a request whose body has been announced but only partly sent: in flight until finished. */
function partialUpload(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  socket.write(
    `POST /angel/face/en/api/login HTTP/1.1\r\nHost: afs.localhost\r\nContent-Type: application/json\r\nContent-Length: ${LOGIN_BODY.length}\r\n\r\n${LOGIN_BODY.slice(0, 5)}`,
  );
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString('utf8');
  });
  socket.on('error', () => {});
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  return { socket, closed, rest: LOGIN_BODY.slice(5) };
}

const silentLog = { info() {}, warn() {}, error() {} } as unknown as Parameters<typeof drainServer>[0]['log'];

let t: TestContext;
let port: number;
let connections: ConnectionTracker;
beforeEach(async () => {
  t = await createTestApp();
  connections = trackConnections(t.app.server);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterEach(() => t.close());

describe('drainServer', () => {
  it('finishes a request in flight, then answers readiness 503 "shutting down" on that connection', async () => {
    const upload = partialUpload(port);
    await sleep(100);
    const drained = drainServer({ app: t.app, connections, graceMs: 20_000, log: silentLog });
    await sleep(100);
    // The rest of the body, and a readiness probe pipelined behind it on the same connection.
    upload.socket.write(`${upload.rest}GET /readyz HTTP/1.1\r\nHost: afs.localhost\r\n\r\n`);
    const answers = await upload.closed;
    expect(answers).toMatch(/^HTTP\/1\.1 422 /);
    expect(answers).toContain('HTTP/1.1 503 ');
    expect(answers).toContain('The service is shutting down. Please try again in a moment.');
    expect(await drained).toEqual({ forced: false, incomplete: false });
  });

  it('cuts a client that stalls once the grace period is over', async () => {
    const stalled = partialUpload(port);
    await sleep(100);
    const result = await drainServer({ app: t.app, connections, graceMs: 300, log: silentLog });
    expect(result.forced).toBe(true);
    // The server closed the stalled socket without an answer.
    expect(await stalled.closed).toBe('');
  });

  it('does not wait for the grace period for a connection that never sent a request', async () => {
    const idle = connect(port, '127.0.0.1');
    await new Promise((resolve) => idle.once('connect', resolve));
    const result = await drainServer({ app: t.app, connections, graceMs: 60_000, log: silentLog });
    expect(result).toEqual({ forced: false, incomplete: false });
    idle.destroy();
  });
});
