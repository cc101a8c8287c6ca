import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { ensureDemoData } from '../../apps/server/src/db/seed/demo.js';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { ApiAgent } from '../../apps/server/src/testing/http.js';
import { signInAs } from '../../apps/server/src/testing/sessions.js';
import { type BenchClient, renderIsolationCase } from '../cases/render-isolation.js';

/**
 * `tsx bench/pdf/isolation.ts`: only the render-isolation case of `npm run bench`, on the demo data (DATABASE_URL or
 * in-memory PGlite). It uses nothing the server had before the render pool, so the same file measures the code before
 * it (copy bench/ into a checkout of that commit) for the before/after figures in docs/operations.md.
 */
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
const database = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: 'memory://' },
);
await database.migrate();
await ensureDemoData(database.db);

async function client(login: string): Promise<BenchClient> {
  const app = await buildApp({ config, database, logger: false });
  const agent = new ApiAgent(app, 'afs.localhost', 'zh');
  await signInAs({ database, config, clock: { now: new Date() } }, agent, login);
  const plans = (await agent.get('/b2c/plans')).json().data as { id: number }[];
  let partyId = 0;
  for (const plan of plans) {
    partyId = (await agent.get(`/b2c/plans/${plan.id}`)).json().partyId ?? 0;
    if (partyId) break;
  }
  const list = (await agent.get(`/statement/policy_list/${partyId}`)).json().accounts as {
    partyId: number;
  }[];
  await app.close();
  return { cookie: agent.cookie as string, partyIds: list.map((a) => a.partyId) };
}

const a = await client(demoAccount('client').login);
const b = await client(demoAccount('client2').login);
const { result, details } = await renderIsolationCase(
  await buildApp({ config, database, logger: false }),
  a,
  b,
  process.env.RENDER_PER_USER ? `RENDER_PER_USER=${process.env.RENDER_PER_USER}` : 'defaults',
);
console.table([result]);
console.table([details]);
await database.close();
