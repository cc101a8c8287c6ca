import type { importLinesQuerySchema } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';

/** GET /internal/commission-imports/{id}/lines: the preview's lines in file order, optionally of one status. */
export async function loadImportLines(db: Db, id: number, query: z.output<typeof importLinesQuerySchema>) {
  const exists = (await db.execute(sql`select 1 from commission_imports where id = ${id}`)) as unknown as {
    rows: unknown[];
  };
  if (exists.rows.length === 0) throw new HttpError(404, 'import.notFound');
  const where = query.status ? sql`import_id = ${id} and status = ${query.status}` : sql`import_id = ${id}`;
  const [lines, count] = (await Promise.all([
    db.execute(sql`
      select line_no as "lineNo", policy_no as "policyNo", producer_code as "producerCode",
        to_char(statement_date, 'YYYY-MM-DD') as "statementDate", amount::text as amount, currency, status, reason,
        expected_amount::text as "expectedAmount"
      from commission_import_lines where ${where}
      order by line_no limit ${query.sizePerPage} offset ${(query.page - 1) * query.sizePerPage}`),
    db.execute(sql`select count(*)::int as n from commission_import_lines where ${where}`),
  ])) as unknown as [{ rows: Record<string, unknown>[] }, { rows: { n: number | string }[] }];
  return { data: lines.rows, totalSize: Number(count.rows[0]?.n ?? 0) } as never;
}
