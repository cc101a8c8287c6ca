import { parseArgs } from 'node:util';
import { count } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { sessions } from '../apps/server/src/db/schema/index.js';
import { ensureDemoData } from '../apps/server/src/db/seed/demo.js';

/**
 * `npx tsx bench/anonymous-me.ts [--seconds 5] [--concurrency 10]`: throughput of `GET /me` for visitors without a
 * cookie (every page load of someone not signed in), next to `GET /site_info` (a route that reads one row), on
 * in-memory PGlite or on DATABASE_URL. Also counts the session rows the visitors left behind. Figures in
 * docs/operations.md ("Sessions") and decision 018.
 */
async function main() {
  const { values } = parseArgs({
    options: { seconds: { type: 'string', default: '5' }, concurrency: { type: 'string', default: '10' } },
  });
  const seconds = Number(values.seconds);
  const concurrency = Number(values.concurrency);
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: 'memory://' },
  );
  await database.migrate();
  await ensureDemoData(database.db);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const sessionRows = async () => (await database.db.select({ n: count() }).from(sessions))[0]?.n ?? 0;

  let visitor = 0;
  const throughput = async (path: string) => {
    const until = Date.now() + seconds * 1000;
    let done = 0;
    const worker = async () => {
      while (Date.now() < until) {
        visitor += 1;
        // Each visitor from an address of its own, so no per-address limit shapes the figure.
        const remoteAddress = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
        const response = await app.inject({
          url: `/angel/face/en/api${path}`,
          headers: { host: 'afs.localhost' },
          remoteAddress,
        });
        if (response.statusCode !== 200) throw new Error(`${path} answered ${response.statusCode}`);
        done += 1;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return Math.round(done / seconds);
  };

  await throughput('/site_info'); // warm-up
  const bare = await throughput('/site_info');
  const before = await sessionRows();
  const me = await throughput('/me');
  const after = await sessionRows();
  console.log(
    JSON.stringify({
      engine: database.kind,
      concurrency,
      seconds,
      siteInfoPerSecond: bare,
      anonymousMePerSecond: me,
      ratio: Number((bare / me).toFixed(2)),
      sessionRowsWritten: after - before,
    }),
  );
  await app.close();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
