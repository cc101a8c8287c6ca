import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../client.js';
import { backfillStatusChangedOn } from './backfill-status-changed-on.js';
import { ensureDemoData } from './demo.js';
import { Progress } from './progress.js';
import { generateScaleData } from './scale.js';

/** Named sizes: `--preset 1m` is the million-policy benchmark database (docs/performance.md). */
const PRESETS: Record<string, number> = { '1m': 100 };

/**
 * `npm run seed -- --scale N` (or `--preset 1m` = `--scale 100`): migrates, loads the demo data if the database is
 * empty, then adds N × 10 000 generated policies with six months of statements (scale.ts), a progress bar on
 * stderr. Uses DATABASE_URL when set, else the PGlite directory the server uses (DATA_DIR/pglite).
 * `--max-seconds S`: exit 1 when the whole command (migrations, demo, generator, VACUUM ANALYZE) took longer, so
 * a load time target is a command's verdict (the 1M preset's is 480 s, docs/data-model.md).
 * `--backfill-status-dates`: after migrating, dates the terminal plans of a database generated before
 * policies.status_changed_on existed (backfill-status-changed-on.ts).
 */
async function main() {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string' },
      preset: { type: 'string' },
      batch: { type: 'string', default: '5000' },
      'max-seconds': { type: 'string' },
      'backfill-status-dates': { type: 'boolean', default: false },
    },
  });
  const commandStarted = performance.now();
  if (values.preset !== undefined && values.scale !== undefined)
    throw new Error('give --preset or --scale, not both');
  if (values.preset !== undefined && !Object.hasOwn(PRESETS, values.preset))
    throw new Error(`--preset must be one of: ${Object.keys(PRESETS).join(', ')}`);
  const scale =
    values.preset !== undefined ? (PRESETS[values.preset] as number) : Number(values.scale ?? '0');
  const batchSize = Number(values.batch);
  const maxSeconds = values['max-seconds'] === undefined ? null : Number(values['max-seconds']);
  if (!Number.isInteger(scale) || scale < 0) throw new Error('--scale must be a whole number ≥ 0');
  if (!Number.isInteger(batchSize) || batchSize < 100 || batchSize > 20_000)
    throw new Error('--batch must be 100–20000');
  if (maxSeconds !== null && !(Number.isFinite(maxSeconds) && maxSeconds > 0))
    throw new Error('--max-seconds must be a positive number');
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') });
  try {
    await database.migrate();
    if (values['backfill-status-dates']) {
      const dated = await backfillStatusChangedOn(database.db, (l) => console.log(l));
      console.log(`status dates backfilled on ${dated} plans`);
    }
    const started = performance.now();
    const { seeded } = await ensureDemoData(database.db);
    console.log(
      seeded
        ? `demo data loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`
        : 'demo data present',
    );
    if (scale > 0) {
      const report = await generateScaleData(database.db, {
        scale,
        batchSize,
        // PostgreSQL: two statements at once, one per core of the 2-core reference machine; PGlite has one
        // connection.
        concurrency: database.kind === 'postgres' ? 2 : 1,
        progress: new Progress(),
      });
      console.log(JSON.stringify(report.rows));
      for (const phase of report.phases) {
        const rate = phase.seconds > 0 ? Math.round(phase.rows / phase.seconds) : 0;
        console.log(`${phase.name}: ${phase.rows} rows in ${phase.seconds.toFixed(1)} s (${rate} rows/s)`);
      }
      console.log(
        `${report.totalRows} rows in ${report.seconds.toFixed(1)} s on ${database.kind}: ${report.rowsPerSecond} rows/s; VACUUM ANALYZE ${report.analyzeSeconds.toFixed(1)} s`,
      );
    }
  } finally {
    await database.close();
  }
  const seconds = (performance.now() - commandStarted) / 1000;
  console.log(`seed command: ${seconds.toFixed(1)} s`);
  if (maxSeconds !== null && seconds > maxSeconds) {
    console.error(`over the limit: ${seconds.toFixed(1)} s > --max-seconds ${maxSeconds}`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  // drizzle wraps a failed statement ("Failed query: …" with every parameter): the database's reason is the cause.
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : null;
  const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
  console.error(cause ? `${message}\n${cause}` : message);
  process.exit(1);
});
