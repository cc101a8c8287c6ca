import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Secret, TOTP } from 'otpauth';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { ensureDemoData } from '../apps/server/src/db/seed/demo.js';
import { demoAccount } from '../apps/server/src/db/seed/demo-accounts.js';
import { prepareJobSchema } from '../apps/server/src/jobs/queue.js';
import { ApiAgent } from '../apps/server/src/testing/http.js';

/**
 * `npx tsx bench/mfa-sign-in.ts [N]`: server time of a sign-in without a second factor (partner1, the path every
 * existing account takes) and with an authenticator (partner3: the password step, then `POST /login/mfa`), on the
 * database of DATABASE_URL (else PGlite in memory). Each sign-in comes from a browser that signed in before (the
 * device cookie kept) or, with FRESH=1, from a new one. Prints p50 and p95 in ms per step.
 */
const N = Number(process.argv[2] ?? 100);
const FRESH = process.env.FRESH === '1';

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const line = (name: string, xs: number[]) =>
  console.log(
    `${name.padEnd(34)} p50 ${pct(xs, 50).toFixed(1).padStart(6)} ms   p95 ${pct(xs, 95).toFixed(1).padStart(6)} ms`,
  );

async function main() {
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    JOB_WORKERS: 'false',
    OUTBOX_DIR: mkdtempSync(join(tmpdir(), 'mfa-bench-outbox-')),
    SMS_OUTBOX_DIR: mkdtempSync(join(tmpdir(), 'mfa-bench-sms-')),
  });
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: 'memory://' },
  );
  await database.migrate();
  await prepareJobSchema(database);
  await ensureDemoData(database.db);
  const clock = { now: new Date() };
  const app = await buildApp({ config, database, now: () => clock.now, logger: false });
  await app.ready();
  const plain = demoAccount('partner');
  const strong = demoAccount('partnerWithAuthenticator');
  const totp = new TOTP({ secret: Secret.fromBase32(strong.totpSecret as string), digits: 6, period: 30 });
  const timed = async (agent: ApiAgent, path: string, body: unknown) => {
    const started = performance.now();
    const response = await agent.send('POST', path, body);
    const ms = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
    const csrf = response.json().csrfToken;
    if (typeof csrf === 'string') agent.csrfToken = csrf;
    return ms;
  };
  const plainTimes: number[] = [];
  const passwordTimes: number[] = [];
  const secondTimes: number[] = [];
  const keptPlain = new ApiAgent(app);
  const keptStrong = new ApiAgent(app);
  for (let i = 0; i < N + 10; i += 1) {
    // Past the per-account limit of code checks (10 in 15 minutes) and into a new 30-second step.
    clock.now = new Date(clock.now.getTime() + 100_000);
    const a = FRESH ? new ApiAgent(app) : keptPlain;
    await a.me();
    const p = await timed(a, '/login', { login: plain.login, password: plain.password, area: 'b2b' });
    const b = FRESH ? new ApiAgent(app) : keptStrong;
    await b.me();
    const first = await timed(b, '/login', { login: strong.login, password: strong.password, area: 'b2b' });
    const code = totp.generate({ timestamp: clock.now.getTime() });
    const second = await timed(b, '/login/mfa', { method: 'totp', code });
    if (i < 10) continue; // warm-up
    plainTimes.push(p);
    passwordTimes.push(first);
    secondTimes.push(second);
  }
  console.log(`${database.kind}, ${N} sign-ins each, ${FRESH ? 'new browser each time' : 'known browser'}`);
  line('password only (partner1)', plainTimes);
  line('password step (partner3)', passwordTimes);
  line('second step /login/mfa (partner3)', secondTimes);
  line(
    'both steps (partner3)',
    passwordTimes.map((x, i) => x + (secondTimes[i] ?? 0)),
  );
  await app.close();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
