import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../../scripts/precompress.mjs';
import { createTestApp, type TestContext } from '../testing/test-app.js';
import { DOCUMENT_ONLY_HEADERS, registerSpa } from './spa.js';

/**
 * A built SPA precompressed by the build's own script: an index.html and a hashed script large enough to be
 * compressed, a small stylesheet below the threshold (no copies), and a script whose .br copy was removed (gzip
 * only), so the fallback to the plain file is really there to (not) take. Its root sits under a folder named
 * "assets", which must not make index.html look like a hashed asset.
 */
const INDEX = `<!doctype html><title>SPA</title>${'<meta name="x" content="padding to compress">'.repeat(60)}`;
const LOGIN = `<!doctype html><title>Login</title>${'<meta name="x" content="padding to compress">'.repeat(60)}`;
const INDEX_JA = INDEX.replace('<title>SPA</title>', '<title>SPA ja</title>');
const LOGIN_KR = LOGIN.replace('<title>Login</title>', '<title>Login kr</title>');
const SCRIPT = `export const words = ${JSON.stringify('hashed asset '.repeat(400))};`;
const SMALL_CSS = 'body{margin:0}';
const ASSET = '/angel/face/assets/index-AbC123.js';
const GZIP_ONLY = '/angel/face/assets/gzip-only-XyZ789.js';

let t: TestContext;
let scratch: string;
beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'portal-spa-'));
  const dist = join(scratch, 'assets', 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'login.html'), LOGIN);
  // The build's per-language copies (apps/web/build/page-languages.ts); this build has two of them.
  writeFileSync(join(dist, 'index.ja.html'), INDEX_JA);
  writeFileSync(join(dist, 'login.kr.html'), LOGIN_KR);
  writeFileSync(join(dist, 'assets/index-AbC123.js'), SCRIPT);
  writeFileSync(join(dist, 'assets/gzip-only-XyZ789.js'), SCRIPT);
  writeFileSync(join(dist, 'assets/small-Q1.css'), SMALL_CSS);
  await precompress(dist);
  rmSync(join(dist, 'assets/gzip-only-XyZ789.js.br'));
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, host = 'afs.localhost') =>
  t.app.inject({
    method: 'GET',
    url,
    headers: {
      host,
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
  });

/** The body as the browser sees it after undoing the Content-Encoding. */
function decoded(response: Awaited<ReturnType<typeof get>>): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString();
  if (encoding === undefined) return response.body;
  throw new Error(`unexpected content-encoding ${encoding}`);
}

describe('SPA fallback', () => {
  it.each([
    '/angel/face/b2c',
    '/angel/face/b2c/plan_detail/12',
    '/angel/face/zh/b2b/reports?x=1',
    '/angel/face/ja/b2b/commissions/',
    '/angel/face/kr/internal/revenues/7/payin',
    '/angel/face/en/logout',
  ])("serves index.html (its copy in the URL's language, where built) for the SPA route %s", async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(decoded(response)).toBe(url.startsWith('/angel/face/ja/') ? INDEX_JA : INDEX);
  });

  it.each([
    '/angel/face/api/me',
    '/angel/face/api',
    '/angel/face/en/api/no/such/thing',
    '/angel/face/xx/api/me',
  ])('answers the API path %s with a JSON 404, not the SPA', async (url) => {
    const response = await get(url, 'br, gzip');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ error: 'Page Not Found' });
  });
});

describe('unknown paths answer 404, not a soft 404', () => {
  it.each([
    '/angel/face/b2c/my_plan',
    '/angel/face/admin.php',
    '/angel/face/.env',
    '/angel/face/b2c/plan_detail',
    '/angel/face/b2c/plan_detail/12/extra',
    '/angel/face/xx/login',
    '/angel/face/en/en/login',
    '/angel/face/assets/missing-0000.js',
  ])('%s gets the SPA (its Page Not Found) with status 404', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(decoded(response)).toBe(INDEX);
  });

  it('answers unknown API paths in the language of the path', async () => {
    const response = await get('/angel/face/ja/api/no/such/thing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'ページが見つかりません' });
  });

  it.each([
    ['POST', '/angel/face/login'],
    ['PUT', '/angel/face/b2c'],
    ['GET', '/wp-login.php'],
    ['GET', '/angel/facebook'],
  ])('%s %s is not a page: a JSON 404', async (method, url) => {
    const response = await t.app.inject({ method: method as 'GET', url, headers: { host: 'afs.localhost' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ error: 'Page Not Found' });
  });

  it('HEAD of an SPA route is 200 and of an unknown path 404', async () => {
    const head = (url: string) => t.app.inject({ method: 'HEAD', url, headers: { host: 'afs.localhost' } });
    expect((await head('/angel/face/b2b/clients')).statusCode).toBe(200);
    expect((await head('/angel/face/b2b/nothing')).statusCode).toBe(404);
  });
});

describe('the login page (its own light entry)', () => {
  it.each([
    '/angel/face',
    '/angel/face/',
    '/angel/face/login',
    '/angel/face/login/',
    '/angel/face/login?referrer=%2Fb2c&session=ended',
    '/angel/face/ja',
    '/angel/face/zh/',
    '/angel/face/kr/login',
  ])('serves login.html for %s, compressed and never cached', async (url) => {
    const response = await get(url, 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(decoded(response)).toBe(url.startsWith('/angel/face/kr') ? LOGIN_KR : LOGIN);
  });

  it.each([
    ['/angel/face/ja/b2c', INDEX_JA],
    ['/angel/face/ja/b2b/reports?x=1', INDEX_JA],
    ['/angel/face/b2c', INDEX],
    ['/angel/face/zh/b2c', INDEX], // no zh copy in this build: the page itself
    ['/angel/face/kr/login', LOGIN_KR],
    ['/angel/face/kr', LOGIN_KR],
    ['/angel/face/ja/login', LOGIN],
  ])('%s gets the copy of the page in its language when the build has one', async (url, page) => {
    const response = await get(url, 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(decoded(response)).toBe(page);
  });

  it('has the same security headers (CSP included) as the SPA page', async () => {
    const login = await get('/angel/face/login');
    const spa = await get('/angel/face/b2c');
    expect(login.headers['content-security-policy']).toBeTruthy();
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'x-content-type-options',
      'referrer-policy',
    ]) {
      expect(login.headers[name], name).toBe(spa.headers[name]);
    }
  });

  it("a language the site does not offer goes to the page in the site's default language, one it offers stays", async () => {
    for (const [host, url, to] of [
      ['ipc.localhost', '/angel/face/ja/login', '/angel/face/login'],
      ['ipc.localhost', '/angel/face/ja', '/angel/face/'],
      ['ipc.localhost', '/angel/face/kr/b2b/clients?tab=2', '/angel/face/b2b/clients?tab=2'],
      ['absg.localhost', '/angel/face/kr', '/angel/face/'],
    ] as const) {
      const response = await get(url, undefined, host);
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location).toBe(to);
    }
    expect(decoded(await get('/angel/face/zh/login', undefined, 'ipc.localhost'))).toBe(LOGIN);
    expect(decoded(await get('/angel/face/kr/login'))).toBe(LOGIN_KR);
    // The API keeps its own answer: a language it cannot serve there is a JSON 404, never a redirect.
    expect((await get('/angel/face/ja/api/site_info', undefined, 'ipc.localhost')).statusCode).not.toBe(302);
  });
});

describe('precompressed files', () => {
  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate, br;q=0', 'gzip'],
    ['gzip', 'gzip'],
    ['*', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])(
    'a hashed asset asked with Accept-Encoding %s comes as %s, cached for a year',
    async (accept, encoding) => {
      const response = await get(ASSET, accept);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decoded(response)).toBe(SCRIPT);
      if (encoding) expect(Number(response.headers['content-length'])).toBeLessThan(SCRIPT.length / 4);
    },
  );

  it.each(['/angel/face/b2b', '/angel/face/b2c/plan_detail/12', '/angel/face/index.html'])(
    '%s (index.html, a deep link included) is compressed and never cached',
    async (url) => {
      for (const [accept, encoding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        ['identity', undefined],
      ] as const) {
        const response = await get(url, accept);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(decoded(response)).toBe(INDEX);
      }
    },
  );

  it('a hashed asset keeps the subresource security headers and drops the document-only ones', async () => {
    const page = await get('/angel/face/b2c', 'br');
    for (const url of [ASSET, '/angel/face/assets/small-Q1.css']) {
      const asset = await get(url, 'br');
      expect(asset.statusCode).toBe(200);
      for (const name of ['x-content-type-options', 'cross-origin-resource-policy', 'referrer-policy']) {
        expect(asset.headers[name], `${url} ${name}`).toBe(page.headers[name]);
        expect(asset.headers[name], `${url} ${name}`).toBeTruthy();
      }
      for (const name of DOCUMENT_ONLY_HEADERS) {
        expect(page.headers[name], `page ${name}`).toBeTruthy();
        expect(asset.headers[name], `${url} ${name}`).toBeUndefined();
      }
    }
    // The page that loads them keeps the whole set, CSP first among them.
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('a file without a .br copy falls back to its .gz, then to the plain file', async () => {
    const gzip = await get(GZIP_ONLY, 'br, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(SCRIPT);
    const plain = await get(GZIP_ONLY, 'br');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it('a file below the size threshold has no copies and is sent as it is', async () => {
    const response = await get('/angel/face/assets/small-Q1.css', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(SMALL_CSS);
  });

  it('the compressed copies have no URL of their own', async () => {
    const response = await get(`${ASSET}.br`, 'identity');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe(INDEX);
  });
});

describe('a build whose pages name missing assets', () => {
  it('is refused at start with a message that says what is missing and how to rebuild', async () => {
    const dist = join(scratch, 'broken');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><script type="module" src="/angel/face/assets/index-AbC123.js"></script>' +
        '<link rel="stylesheet" href="/angel/face/assets/index-Q1.css">',
    );
    writeFileSync(join(dist, 'assets/index-Q1.css'), SMALL_CSS);
    // What the race between two builds left: the compressed copies only.
    writeFileSync(join(dist, 'assets/index-AbC123.js.br'), 'x');
    writeFileSync(join(dist, 'assets/index-AbC123.js.gz'), 'x');
    const app = Fastify();
    await expect(registerSpa(app, { webDist: dist, basePath: '/angel/face' })).rejects.toThrow(
      /incomplete.*index\.html → assets\/index-AbC123\.js.*build-if-changed\.mjs --force/,
    );
    await app.close();

    writeFileSync(join(dist, 'assets/index-AbC123.js'), SCRIPT);
    const whole = Fastify();
    await registerSpa(whole, { webDist: dist, basePath: '/angel/face' });
    await whole.close();
  });
});
