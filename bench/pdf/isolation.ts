import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { ensureDemoData } from '../../apps/server/src/db/seed/demo.js';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { renderIsolationCase, signedInBenchClient } from './isolation-case.js';

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

const a = await signedInBenchClient(database, config, demoAccount('client').login);
const b = await signedInBenchClient(database, config, demoAccount('client2').login);
const { result, details } = await renderIsolationCase(
  await buildApp({ config, database, logger: false }),
  a,
  b,
  process.env.RENDER_PER_USER ? `RENDER_PER_USER=${process.env.RENDER_PER_USER}` : 'defaults',
);
console.table([result]);
console.table([details]);
await database.close();
