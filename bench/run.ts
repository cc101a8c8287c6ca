import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { ensureDemoData } from '../apps/server/src/db/seed/demo.js';
import { demoAccount } from '../apps/server/src/db/seed/demo-accounts.js';
import { generateScaleData } from '../apps/server/src/db/seed/scale.js';
import { ApiAgent } from '../apps/server/src/testing/http.js';
import { signInAs } from '../apps/server/src/testing/sessions.js';
import { platformCases } from './cases/platform.js';
import { statementCases } from './cases/statements.js';
import { type BenchResult, measure } from './harness.js';

/**
 * `npm run bench [-- --scale N]`: loads the demo data plus N × 10 000 generated policies into a fresh database
 * (in-memory PGlite, or DATABASE_URL), then measures each case against its p95 target. Exits 1 when a target is
 * missed, so a regression is a failed command, not a number nobody reads.
 */
async function main() {
  const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' } } });
  const scale = Number(values.scale);
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: 'memory://' },
  );
  await database.migrate();
  await ensureDemoData(database.db);
  if (scale > 0) await generateScaleData(database.db, { scale });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();

  const login = await signIn(app, demoAccount('partner').login, demoAccount('partner').password);
  // Clients on afs sign in with an e-mailed code; the bench opens their session directly instead.
  const client = new ApiAgent(app, 'afs.localhost', 'zh');
  await signInAs({ database, config, clock: { now: new Date() } }, client, demoAccount('client').login);
  const cases = [
    ...platformCases({ app, db: database.db, producerCookie: login }),
    ...(await statementCases({ client })),
  ];
  const results: BenchResult[] = [];
  for (const bench of cases) results.push(await measure(bench));
  console.log(`\nEngine: ${database.kind}, scale ${scale} (${scale * 10_000} generated policies)\n`);
  console.table(results);
  await app.close();
  await database.close();
  if (results.some((r) => !r.pass)) process.exit(1);
}

/** Signs in through the real login endpoint and returns the session cookie. */
async function signIn(
  app: Awaited<ReturnType<typeof buildApp>>,
  login: string,
  password: string,
): Promise<string> {
  const headers = { host: 'afs.localhost' };
  const me = await app.inject({ url: '/angel/face/en/api/me', headers });
  const cookie = me.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const response = await app.inject({
    method: 'POST',
    url: '/angel/face/en/api/login',
    headers: { ...headers, cookie, 'x-csrf-token': me.json().csrfToken },
    payload: { login, password, area: 'b2b' },
  });
  const session = response.cookies.find((c) => c.name === 'portal_sid');
  if (response.statusCode !== 200 || !session)
    throw new Error(`bench sign-in failed: ${response.statusCode}`);
  return `portal_sid=${session.value}`;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
