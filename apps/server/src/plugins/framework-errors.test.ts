import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../i18n/en.js';
import { ja } from '../i18n/ja.js';
import { createTestApp, type TestContext } from '../testing/test-app.js';

/**
 * URLs the router refuses before any hook (found by sqlmap: payloads in a path parameter). They must look like every
 * other refusal: the portal's `{ error }` in the path's language, its security headers, and no echo of the URL.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'afs.localhost' } });
const PAYLOAD = encodeURIComponent(
  `7) AND 7448=(SELECT (CASE WHEN (7448=3436) THEN 7448 ELSE 1 END))-- ${'x'.repeat(60)}`,
);

describe('URLs the router cannot take', () => {
  it.each([
    ['a path parameter over the length limit', `/angel/face/ja/api/b2c/plans/${PAYLOAD}`, 414],
    ['a broken percent-escape', '/angel/face/ja/api/b2c/plans/7%%27%3BSELECT', 400],
  ])(
    '%s answers %s with the portal body in the path language and its headers',
    async (_what, url, status) => {
      const response = await get(url);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ error: ja.errors.badRequest });
      expect(response.body).not.toMatch(/SELECT|FST_ERR/);
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );

  it('answers in English when the path has no language', async () => {
    const response = await get('/angel/face/api/x/%%41');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: en.errors.badRequest });
  });

  it('still serves the same route with a well-formed parameter', async () => {
    // Anonymous: 401 from the route's guard, which the refused URLs above never reached.
    expect((await get('/angel/face/ja/api/b2c/plans/7')).statusCode).toBe(401);
  });
});

/** Sends raw bytes to the listening app and reads everything it answers until it closes the connection. */
async function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.from(answer, 'latin1').toString('utf8')));
    setTimeout(() => {
      socket.destroy();
      resolve(Buffer.from(answer, 'latin1').toString('utf8'));
    }, 5000);
  });
}

/** Each HTTP response in a connection's bytes: status, headers (lower-case) and body. */
function responsesIn(raw: string) {
  const found: { status: number; headers: Record<string, string>; body: string }[] = [];
  let rest = raw;
  while (rest.startsWith('HTTP/1.1 ')) {
    const end = rest.indexOf('\r\n\r\n');
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
    );
    const length = Number(headers['content-length'] ?? 0);
    const bodyBytes = Buffer.from(rest.slice(end + 4), 'utf8').subarray(0, length);
    const body = bodyBytes.toString('utf8');
    found.push({ status: Number(statusLine.split(' ')[1]), headers, body });
    rest = rest.slice(end + 4 + body.length);
  }
  return found;
}

describe('requests the HTTP parser refuses', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });

  const chunked = (method: string, path: string, body: string, extra = '') =>
    `${method} ${path} HTTP/1.1\r\nHost: afs.localhost\r\nTransfer-Encoding: chunked\r\n${extra}\r\n${body}`;

  it('answers a malformed chunked body on a route that takes none in the path language, not "Client Error"', async () => {
    const raw = await rawExchange(
      port,
      chunked(
        'DELETE',
        '/angel/face/ja/api/logout',
        'zz\r\nhello\r\n0\r\n\r\n',
        'Content-Type: application/json\r\n',
      ),
    );
    expect(raw).not.toContain('Client Error');
    const [answer, ...more] = responsesIn(raw);
    expect(more).toEqual([]);
    expect(answer?.status).toBe(400);
    expect(JSON.parse(answer?.body ?? '{}')).toEqual({ error: ja.errors.badRequest });
    expect(answer?.headers['content-security-policy']).toContain("default-src 'self'");
    expect(answer?.headers['x-content-type-options']).toBe('nosniff');
    expect(answer?.headers.connection).toBe('close');
  });

  it('sends no second answer after a 404 whose chunked body then turns out malformed', async () => {
    const raw = await rawExchange(
      port,
      chunked('POST', '/angel/face/ja/api/no-such-route', 'zz\r\nhello\r\n'),
    );
    expect(raw).not.toContain('Client Error');
    const answers = responsesIn(raw);
    expect(answers.map((a) => a.status)).toEqual([404]);
    expect(JSON.parse(answers[0]?.body ?? '{}')).toEqual({ error: ja.errors.notFound });
  });

  it('answers a header line it cannot read, in the language of the request line', async () => {
    const raw = await rawExchange(
      port,
      'GET /angel/face/ja/api/me HTTP/1.1\r\nHost: afs.localhost\r\nBad Header\r\n\r\n',
    );
    const [answer] = responsesIn(raw);
    expect(answer?.status).toBe(400);
    expect(JSON.parse(answer?.body ?? '{}')).toEqual({ error: ja.errors.badRequest });
    const english = responsesIn(await rawExchange(port, 'GET /x HTTP/1.1\r\nBad Header\r\n\r\n'));
    expect(JSON.parse(english[0]?.body ?? '{}')).toEqual({ error: en.errors.badRequest });
  });

  it('answers a chunked body on DELETE /logout without a content type in the path language', async () => {
    const raw = await rawExchange(
      port,
      chunked('DELETE', '/angel/face/ja/api/logout', '5\r\nhello\r\n0\r\n\r\n', 'Connection: close\r\n'),
    );
    const [answer] = responsesIn(raw);
    expect(answer?.status).toBeGreaterThanOrEqual(400);
    expect(answer?.status).toBeLessThan(500);
    expect(JSON.parse(answer?.body ?? '{}').error).toMatch(/[ぁ-んァ-ン一-龯]/);
  });
});
