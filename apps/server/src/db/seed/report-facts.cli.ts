import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../client.js';
import { backfillReportFacts } from './report-facts.js';

/**
 * `npm run -w apps/server backfill:report-facts` (DATABASE_URL, else the PGlite directory under DATA_DIR): migrates,
 * then adds the payment cards, BV factors and training history that reports 8, 13, 14 and 201 read, for the plans,
 * products and producers that have none yet (e.g. a million-policy database generated before these tables existed).
 * Then ANALYZE, so the planner sees the new tables.
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') });
  try {
    await database.migrate();
    const started = performance.now();
    const counts = await backfillReportFacts(database.db);
    await database.db.execute(
      sql`analyze payment_cards, bv_factors, producer_trainings, ab_bv_lines, plan_item_counts`,
    );
    console.log(`${JSON.stringify(counts)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
