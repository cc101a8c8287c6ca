import { join } from 'node:path';
import { buildApp } from './app.js';
import { type Config, loadConfig } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { ensureDemoData } from './db/seed/demo.js';
import { DEMO_ACCOUNTS } from './db/seed/demo-accounts.js';
import { prepareJobSchema } from './jobs/queue.js';
import { startExpirySweeper } from './maintenance/expiry-sweeper.js';
import { listenForMetrics } from './observability/metrics-server.js';
import { installShutdown } from './shutdown.js';

/** Reads config, migrates, loads demo data on an empty database, listens, and drains on SIGTERM (shutdown.ts). */
async function main() {
  const config = loadConfig();
  if (config.usesDevelopmentSecret) {
    console.warn(
      'WARNING: SESSION_SECRET is not set; using the public development secret. Never do this in production.',
    );
  }
  // Only with an endpoint: otherwise no OpenTelemetry SDK is even loaded (observability/tracing.ts).
  const tracing = config.otlpEndpoint
    ? await (await import('./observability/tracing.js')).startTracing({
        sampleRatio: config.traceSampleRatio,
      })
    : undefined;
  const database = await openPreparedDatabase(config);
  const app = await buildApp({ config, database, tracing: !!tracing });
  const stopSweeper = startExpirySweeper(database.db, config, app.log);
  const metrics =
    app.metrics && config.metrics
      ? await listenForMetrics(app.metrics.registry, config.metrics.host, config.metrics.port)
      : undefined;
  installShutdown({
    app,
    graceMs: config.shutdownGraceMs,
    beforeDrain: stopSweeper,
    afterClose: async () => {
      await metrics?.close();
      await database.close();
      await tracing?.shutdown();
    },
    log: app.log,
  });
  await app.listen({ host: config.host, port: config.port });
  if (metrics) app.log.info({ host: config.metrics?.host, port: metrics.port }, 'metrics listening');
  printWelcome(config, config.seedDemo);
}

/**
 * Migrates (the portal's schema and the job queue's) and loads the demo data, then opens the database the portal runs on. On PostgreSQL, migrations and demo
 * data (long statements, password hashing inside transactions) run on a pool without the request limits, closed
 * before the portal's pool opens with config.dbTimeouts.
 */
async function openPreparedDatabase(config: Config): Promise<Database> {
  if (!config.databaseUrl) {
    const embedded = await openDatabase({ dataDir: join(config.dataDir, 'pglite') });
    await migrateAndSeed(config, embedded);
    return embedded;
  }
  const setup = await openDatabase({ url: config.databaseUrl, poolSize: 2 });
  try {
    await migrateAndSeed(config, setup);
  } finally {
    await setup.close();
  }
  return openDatabase({
    url: config.databaseUrl,
    poolSize: config.dbPoolMax,
    heavyPoolSize: config.dbHeavyPoolMax,
    timeouts: config.dbTimeouts,
    replicas: {
      urls: config.databaseReadUrls,
      poolSize: config.dbReadPoolMax,
      maxLagMs: config.readMaxLagMs,
    },
  });
}

async function migrateAndSeed(config: Config, database: Database) {
  await database.migrate();
  await prepareJobSchema(database);
  if (!config.seedDemo) return;
  const started = Date.now();
  const { seeded } = await ensureDemoData(database.db, { mfa: config.mfa });
  if (seeded) console.log(`Demo data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function printWelcome(config: Config, demo: boolean) {
  const lines = ['', 'Portal is running. Open:'];
  for (const [host, site] of config.siteHosts) {
    const area = site.features.internal ? '/internal' : '/';
    lines.push(
      `  ${`${site.code}${site.features.internal ? ' staff' : ''}`.padEnd(10)} http://${host}:${config.port}${config.basePath}${area}`,
    );
  }
  if (demo) {
    const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.role.length)) + 2;
    lines.push('', 'Demo accounts (see README.md for the full table):');
    for (const a of DEMO_ACCOUNTS)
      lines.push(`  ${a.role.padEnd(width)}${a.site.padEnd(6)}${a.login.padEnd(14)}${a.password}`);
    lines.push(
      '',
      `E-mails (one-time codes, activation links) are written to ${config.smtpUrl ? 'SMTP' : config.outboxDir}`,
    );
  }
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
