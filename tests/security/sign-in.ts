// Signs in the demo client and the demo partner against a running portal and prints, as JSON, what a scanner needs to
// act as each of them: the Cookie header, the CSRF header value, and ids to put in paths. Run by scan.sh:
//   npx tsx tests/security/sign-in.ts http://127.0.0.1:4406 .tmp/security/data/outbox
// The client on afs confirms with a one-time code, read from the outbox the server writes without SMTP_URL.
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { otpCodeIn, readLatestMail, waitForMail } from '../../apps/server/src/mail/outbox.js';

const [origin = 'http://127.0.0.1:4406', outbox = '.tmp/security/data/outbox'] = process.argv.slice(2);
const API = `${origin}/angel/face/en/api`;

/** A minimal cookie jar: the portal sets only path-wide cookies on one host. */
class Visitor {
  readonly cookies = new Map<string, string>();
  csrfToken = '';

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async call(path: string, init: { method?: string; body?: unknown } = {}) {
    const headers: Record<string, string> = { accept: 'application/json', cookie: this.cookieHeader };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.method && init.method !== 'GET') headers['x-csrf-token'] = this.csrfToken;
    const response = await fetch(`${API}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  }

  /** The CSRF token the SPA reads from /me; it changes when a sign-in step changes the session. */
  async refreshCsrf() {
    this.csrfToken = (await this.call('/me')).csrfToken as string;
  }

  toJSON() {
    return { cookie: this.cookieHeader, csrfToken: this.csrfToken };
  }
}

async function signIn(key: 'client' | 'partner'): Promise<Visitor> {
  const account = demoAccount(key);
  const visitor = new Visitor();
  await visitor.refreshCsrf();
  const body = {
    login: account.login,
    password: account.password,
    area: account.kind === 'client' ? 'b2c' : 'b2b',
  };
  const before = (await readLatestMail(outbox, account.email))?.file;
  const first = await visitor.call('/login', { method: 'POST', body });
  if (first.otpUserId) {
    const mail = await waitForMail(outbox, account.email, { after: before, timeoutMs: 15_000 });
    await visitor.refreshCsrf();
    await visitor.call('/login', { method: 'POST', body: { ...body, otpCode: otpCodeIn(mail) } });
  }
  await visitor.refreshCsrf();
  return visitor;
}

const anonymous = new Visitor();
await anonymous.refreshCsrf();
const client = await signIn('client');
const producer = await signIn('partner');
const plans = (await client.call('/b2c/plans')) as { data?: { id: number }[] };
const planId = plans.data?.[0]?.id;
if (!planId) throw new Error(`no plan in /b2c/plans: ${JSON.stringify(plans).slice(0, 200)}`);
// A statement account in the partner's book, for the documents endpoint (an unknown one is a 404 before any query).
const book = (await producer.call('/b2b/clients', {
  method: 'POST',
  body: { page: 1, sizePerPage: 30 },
})) as {
  items?: { accountNo: string | null }[];
};
const accountNo = book.items?.find((item) => item.accountNo)?.accountNo;
if (!accountNo) throw new Error('no statement account in the partner book');
console.log(JSON.stringify({ anonymous, client, producer, planId, accountNo }, null, 2));
