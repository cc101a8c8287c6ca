import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ja } from '../i18n/ja.js';
import { api } from '../testing/http.js';
import { createTestApp, type TestContext } from '../testing/test-app.js';

const LIMIT = 3;
let t: TestContext;
let origin: string;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ MAX_IN_FLIGHT: String(LIMIT) });
  origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = Number(new URL(origin).port);
});
afterAll(() => t.close());

/**
 * A request that stays in progress as long as the test wants: its headers announce a body that never finishes
 * arriving, so the server has counted it (first hook) and waits for the rest.
 */
async function heldRequest(): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(
    `POST ${api('/login')} HTTP/1.1\r\nHost: afs.localhost\r\nContent-Type: application/json\r\n` +
      'Content-Length: 1000\r\n\r\n{"login":',
  );
  return socket;
}

const get = (path: string) => fetch(`${origin}${path}`, { headers: { host: 'afs.localhost' } });

describe('load shedding', () => {
  it('answers 503 with Retry-After in the caller language past the limit, keeps health answered, and recovers', async () => {
    const held = await Promise.all(Array.from({ length: LIMIT }, heldRequest));
    await expect.poll(() => t.app.loadShedding.inFlight).toBe(LIMIT);

    const refused = await Promise.all(Array.from({ length: 8 }, () => get(api('/site_info', 'ja'))));
    for (const response of refused) {
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ error: ja.errors.overloaded });
    }
    expect(t.app.loadShedding.shed).toBe(8);
    // A busy process is alive and ready: probes are never shed, or an orchestrator would restart it for being busy.
    expect((await get('/livez')).status).toBe(200);
    expect((await get('/readyz')).status).toBe(200);
    expect(t.app.loadShedding.inFlight).toBe(LIMIT);

    for (const socket of held) socket.destroy();
    await expect.poll(() => t.app.loadShedding.inFlight).toBe(0);
    const after = await Promise.all(Array.from({ length: LIMIT }, () => get(api('/site_info', 'ja'))));
    expect(after.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(t.app.loadShedding.inFlight).toBe(0);
  });

  it('counts a burst beyond the limit: some are served, the rest refused, none lost', async () => {
    const held = await Promise.all(Array.from({ length: LIMIT - 1 }, heldRequest));
    await expect.poll(() => t.app.loadShedding.inFlight).toBe(LIMIT - 1);
    const before = t.app.loadShedding.shed;
    const burst = await Promise.all(Array.from({ length: 20 }, () => get(api('/site_info'))));
    const statuses = burst.map((response) => response.status);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 503).length).toBe(t.app.loadShedding.shed - before);
    for (const socket of held) socket.destroy();
    await expect.poll(() => t.app.loadShedding.inFlight).toBe(0);
  });
});
