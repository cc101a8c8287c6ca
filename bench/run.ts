import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { type Config, loadConfig } from '../apps/server/src/config.js';
import { type Database, openDatabase } from '../apps/server/src/db/client.js';
import { statementAccounts } from '../apps/server/src/db/schema/index.js';
import { ensureDemoData } from '../apps/server/src/db/seed/demo.js';
import { demoAccount } from '../apps/server/src/db/seed/demo-accounts.js';
import { generateScaleData } from '../apps/server/src/db/seed/scale.js';
import { loadStatement } from '../apps/server/src/modules/statements/view-statement.js';
import type { StatementDocument } from '../apps/server/src/render/statement-model.js';
import { createRenderPool } from '../apps/server/src/render-pool/pool.js';
import { ApiAgent } from '../apps/server/src/testing/http.js';
import { signInAs } from '../apps/server/src/testing/sessions.js';
import { pdfThroughput } from './cases/pdf-throughput.js';
import { platformCases } from './cases/platform.js';
import { countChecks, listExportCase } from './cases/producer-list-export.js';
import { listScaleCases, listScalePassed, printListScale } from './cases/producer-lists.js';
import { renderIsolationCase, signedInBenchClient } from './cases/render-isolation.js';
import { printReportCases, reportCases } from './cases/reports.js';
import { statementCases } from './cases/statements.js';
import { xlsxExportCase } from './cases/xlsx-export.js';
import { type BenchResult, measure } from './harness.js';

/**
 * `npm run bench [-- --scale N]`: loads the demo data plus N × 10 000 generated policies into a fresh database
 * (in-memory PGlite, or DATABASE_URL), then measures each case against its p95 target. Exits 1 when a target is
 * missed, so a regression is a failed command, not a number nobody reads.
 */
async function main() {
  const { values } = parseArgs({
    options: { scale: { type: 'string', default: '1' }, reuse: { type: 'boolean', default: false } },
  });
  const scale = Number(values.scale);
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: 'memory://' },
  );
  await database.migrate();
  await ensureDemoData(database.db);
  // --reuse measures a database already seeded with `npm run seed -- --scale N` (a million policies take an hour
  // to generate on 2 cores); without it every run starts from a fresh database.
  const generatedUnits = values.reuse ? await countGeneratedUnits(database) : 0;
  if (scale > generatedUnits) await generateScaleData(database.db, { scale: scale - generatedUnits });
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

  // Rendering off the event loop (issue 8): real HTTP, on apps of their own (each closes its app).
  const clientA = await signedInBenchClient(database, config, demoAccount('client').login);
  const clientB = await signedInBenchClient(database, config, demoAccount('client2').login);
  const isolation = [];
  for (const [label, perUser] of [
    [`per-person cap ${config.render.perUser}`, String(config.render.perUser)],
    ['cap lifted: all 20 admitted', '20'],
  ] as const) {
    const scenarioConfig = loadConfig({
      ...process.env,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      RENDER_PER_USER: perUser,
    });
    const scenarioApp = await buildApp({ config: scenarioConfig, database, logger: false });
    const { result, details } = await renderIsolationCase(scenarioApp, clientA, clientB, label);
    results.push(result);
    isolation.push(details);
  }
  const throughput = await pdfThroughput(await sampleStatements(database, config, clientA.partyIds), config, [
    ...new Set([config.render.threads, 2]),
  ]);

  // The export path (src/exports/): 100 000 rows over HTTP, its time and the memory it adds.
  const xlsxExport = await xlsxExportCase(database, config);

  // Producer lists at scale (issue 9): PostgreSQL only (the baseline is the same SQL through node-postgres).
  const listScale =
    database.kind === 'postgres'
      ? {
          rows: await listScaleCases(database, config, { durationMs: 1000, repeats: 3 }),
          counts: await countChecks(database),
          exported: await listExportCase(database, config),
          reports: await reportCases(database, config),
        }
      : null;

  console.log(`\nEngine: ${database.kind}, scale ${scale} (${scale * 10_000} generated policies)\n`);
  console.table(results);
  console.log(`\nRender isolation (render threads: ${config.render.threads}):`);
  console.table(isolation);
  console.log('\nStatement PDFs per second:');
  console.table(throughput);
  console.log('\nExcel export (bench/cases/xlsx-export.ts):');
  console.table([xlsxExport]);
  if (listScale) {
    printListScale(listScale.rows, listScale.counts, listScale.exported);
    printReportCases(listScale.reports);
  } else
    console.log(
      '\nProducer lists at scale: skipped (needs PostgreSQL: DATABASE_URL, see docs/performance.md)',
    );
  await app.close();
  await database.close();
  const listsPassed =
    !listScale ||
    (listScalePassed(listScale.rows, listScale.counts, listScale.exported) &&
      listScale.reports.every((r) => r.pass));
  if (results.some((r) => !r.pass) || !xlsxExport.pass || !listsPassed) process.exit(1);
}

/** The statements of those accounts, in Chinese and English, built as the download routes build them. */
async function sampleStatements(database: Database, config: Config, partyIds: number[]) {
  const renderPool = createRenderPool(config);
  const ctx = { db: database.db, config, now: () => new Date(), renderPool };
  const [account] = await database.db
    .select({ clientId: statementAccounts.clientId })
    .from(statementAccounts)
    .where(eq(statementAccounts.id, partyIds[0] as number));
  const docs: StatementDocument[] = [];
  for (const language of ['zh', 'en'] as const) {
    const who = { clientId: account?.clientId as number, siteCode: 'afs' as const, language };
    for (const id of partyIds) docs.push(await loadStatement(ctx, who, id, {}));
  }
  await renderPool.close();
  return docs;
}

/** Scale units already generated in this database (one afs partner per unit is coded G<run>U<unit>T0P). */
async function countGeneratedUnits(database: Database): Promise<number> {
  const result = (await database.db.execute(
    sql`select count(*)::int as n from producers where code ~ '^G[0-9]+U[0-9]+T0P$'`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
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
