// Smoke check of a running portal with the demo data: readiness, a demo client's sign-in with its one-time code
// (read from the mail outbox), and one statement PDF rendered by the worker threads. For checking a build end to end
// (docs/operations.md, "Production start and assets"); exits 1 with the failing step.
// `node scripts/smoke-statement.mjs <port> <outbox folder>` — e.g. 4510 "$DATA_DIR/outbox".
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';

const [portArg, outbox] = process.argv.slice(2);
const port = Number(portArg);
if (!Number.isInteger(port) || port < 1 || !outbox) {
  console.error('usage: node scripts/smoke-statement.mjs <port> <outbox folder>');
  process.exit(2);
}
const HOST = 'afs.localhost';
const API = '/angel/face/en/api';
const CLIENT = { login: 'AG10000001', password: 'Client123', area: 'b2c' };
let cookie = '';

/** One HTTP call on the afs host (Node cannot resolve *.localhost, so the Host header names the site). */
function call(method, path, body, csrfToken) {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const headers = { host: HOST, accept: 'application/json', cookie };
  if (payload)
    Object.assign(headers, { 'content-type': 'application/json', 'content-length': payload.length });
  if (csrfToken) headers['x-csrf-token'] = csrfToken;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        for (const set of res.headers['set-cookie'] ?? []) {
          const pair = set.split(';')[0] ?? '';
          const name = pair.split('=')[0];
          cookie = [...cookie.split('; ').filter((c) => c && !c.startsWith(`${name}=`)), pair].join('; ');
        }
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

async function json(method, path, body, csrfToken) {
  const answer = await call(method, path, body, csrfToken);
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${answer.body.toString()}`);
  return JSON.parse(answer.body.toString());
}

const mails = () => {
  try {
    return readdirSync(outbox)
      .filter((n) => n.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
};

/** The code of the first e-mail written after `before`: the 6 digits of its body (headers carry ids and dates). */
async function nextCode(before) {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const fresh = mails().filter((n) => !before.includes(n));
    if (fresh.length > 0) {
      const text = readFileSync(join(outbox, fresh[0]), 'utf8');
      const body = text.slice(text.search(/\r?\n\r?\n/));
      const code = /\b(\d{6})\b/.exec(body)?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no one-time code e-mail in ${outbox}`);
}

const ready = await call('GET', '/readyz');
if (ready.status !== 200) throw new Error(`/readyz: ${ready.status}`);
const before = mails();
const first = await json('POST', `${API}/login`, CLIENT, (await json('GET', `${API}/me`)).csrfToken);
if (first.otpUserId) {
  const otpCode = await nextCode(before);
  await json('POST', `${API}/login`, { ...CLIENT, otpCode }, (await json('GET', `${API}/me`)).csrfToken);
}
const { data: plans } = await json('GET', `${API}/b2c/plans`);
let pdf;
for (const { id } of plans) {
  const plan = await json('GET', `${API}/b2c/plans/${id}`);
  const month = plan.stmtMonthOptions[0]?.value;
  if (plan.partyId === null || !month) continue;
  const path = `${API}/statement/download_monthly_statement?month=${month}&party_id=${plan.partyId}`;
  pdf = await call('GET', path);
  if (pdf.status !== 200) throw new Error(`${path}: ${pdf.status} ${pdf.body.toString()}`);
  break;
}
if (!pdf) throw new Error('the demo client has no plan with a statement month');
if (pdf.body.subarray(0, 5).toString() !== '%PDF-' || pdf.body.length < 10_000)
  throw new Error(`the statement is not a PDF (${pdf.headers['content-type']}, ${pdf.body.length} bytes)`);
console.log(`smoke: signed in as ${CLIENT.login}, statement PDF ${pdf.body.length} bytes`);
