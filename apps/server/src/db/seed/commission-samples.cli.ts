import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../client.js';
import { type SampleStatementLine, statementCsv, statementXlsx } from './commission-statements.js';
import { DEMO_IMPORT_TEMPLATES, XLSX_SAMPLE_INSURERS } from './demo-import-templates.js';
import { DEMO_STATEMENT_DATE } from './demo-ledger.js';

/**
 * `npx tsx apps/server/src/db/seed/commission-samples.cli.ts [outDir]`: writes docs/samples/commission-statement-<code>
 * for each demo insurer from the demo database (DATABASE_URL, else DATA_DIR): one line per open first-year pay-in of
 * the insurer's plans, at the amount still due, in the insurer's own layout. The demo is deterministic, so the files
 * match any freshly seeded database.
 */
async function main() {
  const outDir = process.argv[2] ?? join(process.cwd(), 'docs', 'samples');
  mkdirSync(outDir, { recursive: true });
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') });
  try {
    for (const [code, mapping] of Object.entries(DEMO_IMPORT_TEMPLATES)) {
      const result = (await database.db.execute(sql`
        select pol.plan_no as "policyNo", sp.code as "producerCode", rv.received_currency as currency,
          (i.total_pay_amount - coalesce((select sum(s.settled_amount) from revenue_payin_settlements s
                                          where s.payin_item_id = i.id), 0))::numeric(20, 2)::text as amount
        from revenues rv
        join revenue_payin_items i on i.revenue_id = rv.id
        join policies pol on pol.id = rv.policy_id
        join producers sp on sp.id = pol.servicing_producer_id
        join products pr on pr.id = pol.product_id
        join providers pv on pv.id = pr.provider_id
        where pv.code = ${code} and rv.description like 'First-year commission%'
        order by pol.plan_no, i.id`)) as unknown as {
        rows: Omit<SampleStatementLine, 'statementDate' | 'reference'>[];
      };
      const lines: SampleStatementLine[] = result.rows
        .filter((row) => Number(row.amount) > 0)
        .map((row, n) => ({
          ...row,
          statementDate: DEMO_STATEMENT_DATE,
          reference: `${code}-2607-${n + 1}`,
        }));
      const xlsx = XLSX_SAMPLE_INSURERS.includes(code);
      const file = join(outDir, `commission-statement-${code}.${xlsx ? 'xlsx' : 'csv'}`);
      writeFileSync(file, xlsx ? await statementXlsx(mapping, lines) : statementCsv(mapping, lines));
      console.log(`${file}: ${lines.length} lines`);
    }
  } finally {
    await database.close();
  }
}

await main();
