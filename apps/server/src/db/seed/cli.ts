import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../client.js';
import { backfillStatusChangedOn } from './backfill-status-changed-on.js';
import { ensureDemoData } from './demo.js';
import { generateScaleData } from './scale.js';

/**
 * `npm run seed -- --scale N`: migrates, loads the demo data if the database is empty, then adds N × 10 000
 * generated policies. Uses DATABASE_URL when set, else the PGlite directory the server uses (DATA_DIR/pglite).
 * `--backfill-status-dates`: after migrating, dates the terminal plans of a database generated before
 * policies.status_changed_on existed (backfill-status-changed-on.ts).
 */
async function main() {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: '0' },
      batch: { type: 'string', default: '1000' },
      'backfill-status-dates': { type: 'boolean', default: false },
    },
  });
  const scale = Number(values.scale);
  const batchSize = Number(values.batch);
  if (!Number.isInteger(scale) || scale < 0) throw new Error('--scale must be a whole number ≥ 0');
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 5000)
    throw new Error('--batch must be 1–5000');
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
      const report = await generateScaleData(database.db, { scale, batchSize, log: (l) => console.log(l) });
      console.log(JSON.stringify(report.rows));
      console.log(
        `${report.totalRows} rows in ${report.seconds.toFixed(1)} s on ${database.kind}: ${report.rowsPerSecond} rows/s`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
