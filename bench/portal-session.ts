import { type IncomingHttpHeaders, request } from 'node:http';
import { join } from 'node:path';
import type { DemoAccount } from '../apps/server/src/db/seed/demo-accounts.js';
import { otpCodeIn, readLatestMail, waitForMail } from '../apps/server/src/mail/outbox.js';

/*
 * Talking to the portal child over HTTP as a browser would: the site is chosen by the Host header (SITE_HOSTS's
 * defaults: afs.localhost, staff.localhost …), the API lives under {BASE_PATH}/{lang}/api, and signing in is the
 * login form's own sequence (GET /me for a CSRF token, POST /login, the e-mailed one-time code for clients on afs).
 */

export const BASE_PATH = '/angel/face';
export const api = (path: string, language = 'en') => `${BASE_PATH}/${language}/api${path}`;

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export function httpRequest(
  origin: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: unknown },
): Promise<HttpAnswer> {
  const url = new URL(origin);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: {
          ...options.headers,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The JSON of a 200, or an error naming the path and what came back instead. */
export async function getJson<T>(origin: string, path: string, headers: Record<string, string>): Promise<T> {
  const answer = await httpRequest(origin, { path, headers });
  if (answer.status !== 200)
    throw new Error(`GET ${path} answered ${answer.status}: ${answer.body.toString('utf8').slice(0, 200)}`);
  return JSON.parse(answer.body.toString('utf8')) as T;
}

/** Someone signed in: the headers every request of theirs carries. */
export interface PortalUser {
  login: string;
  host: string;
  cookie: string;
  /** Only the session cookie's value (for a browser's cookie jar). */
  sessionId: string;
  headers: Record<string, string>;
}

class CookieJar {
  readonly #cookies = new Map<string, string>();
  take(headers: IncomingHttpHeaders) {
    for (const line of headers['set-cookie'] ?? []) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.#cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
  get(name: string) {
    return this.#cookies.get(name);
  }
  toString() {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** The host an account signs in on: staff on the staff host, everyone else on their site's host. */
export const hostOf = (account: DemoAccount) =>
  account.kind === 'staff' ? 'staff.localhost' : `${account.site}.localhost`;

/**
 * Signs `account` in through the real endpoints. A client on afs is asked for a one-time code: it is read from the
 * e-mail the portal writes to its outbox (`{DATA_DIR}/outbox`), exactly as the browser tests do.
 */
export async function signIn(origin: string, account: DemoAccount, dataDir: string): Promise<PortalUser> {
  const host = hostOf(account);
  const jar = new CookieJar();
  const csrf = async () => {
    const me = await httpRequest(origin, { path: api('/me'), headers: { host, cookie: jar.toString() } });
    jar.take(me.headers);
    return (JSON.parse(me.body.toString('utf8')) as { csrfToken: string }).csrfToken;
  };
  const body = {
    login: account.login,
    password: account.password,
    area: account.kind === 'client' ? 'b2c' : 'b2b',
  };
  const outbox = join(dataDir, 'outbox');
  const before = (await readLatestMail(outbox, account.email))?.file;
  const post = async (extra: Record<string, string> = {}) => {
    const token = await csrf();
    const answer = await httpRequest(origin, {
      method: 'POST',
      path: api('/login'),
      headers: { host, cookie: jar.toString(), 'x-csrf-token': token },
      body: { ...body, ...extra },
    });
    jar.take(answer.headers);
    if (answer.status !== 200)
      throw new Error(
        `sign-in of ${account.login} answered ${answer.status}: ${answer.body.toString('utf8')}`,
      );
    return JSON.parse(answer.body.toString('utf8')) as { otpUserId: number | null };
  };
  const first = await post();
  if (first.otpUserId) {
    const mail = await waitForMail(outbox, account.email, { after: before, timeoutMs: 20_000 });
    await post({ otpCode: otpCodeIn(mail) });
  }
  const sessionId = jar.get('portal_sid');
  if (!sessionId) throw new Error(`sign-in of ${account.login} set no session cookie`);
  const cookie = `portal_sid=${sessionId}`;
  return { login: account.login, host, cookie, sessionId, headers: { host, cookie } };
}
