import { createHash } from 'node:crypto';
import {
  type CommissionImportPreview,
  IMPORT_MAX_ERRORS,
  IMPORT_MAX_LINES,
  importTemplateMappingSchema,
} from '@portal/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  commissionImportLines,
  commissionImports,
  commissionImportTemplates,
  providers,
} from '../../db/schema/index.js';
import type { MessageKey } from '../../i18n/index.js';
import { FormValidationError, type MessageRef } from '../../plugins/errors.js';
import { matchLines } from './import-matching.js';
import { type LineProblem, missingHeadings, readLine, type StatementLine } from './statement-lines.js';
import { readStatement, type StatementKind, UnreadableStatementError } from './statement-reader.js';

/** Lines matched and written per round trip. */
const BATCH_LINES = 1000;

export interface StatementUpload {
  insurer: string;
  fileName: string;
  kind: StatementKind;
  data: Buffer;
  /** Stores the uploaded file in the preview's transaction; answers its uploaded_files id. */
  store?: (tx: Db) => Promise<number>;
}

/** A file refused whole: its problems by line, worded for the `file` field (nothing was written). */
function refuse(problems: LineProblem[]): never {
  throw new FormValidationError({
    file: problems.slice(0, IMPORT_MAX_ERRORS).map(
      (problem): MessageRef => ({
        key: `import.${problem.message}` as MessageKey,
        vars: { line: problem.line, column: problem.column ?? '' },
      }),
    ),
  });
}

/** The insurer (by code) and its current mapping template; field errors on `insurer` otherwise. */
export async function insurerTemplate(db: Db, insurer: string) {
  const [provider] = await db
    .select({ id: providers.id, code: providers.code, name: providers.name })
    .from(providers)
    .where(eq(providers.code, insurer))
    .limit(1);
  if (!provider) throw new FormValidationError({ insurer: ['import.unknownInsurer'] });
  const [template] = await db
    .select()
    .from(commissionImportTemplates)
    .where(eq(commissionImportTemplates.providerId, provider.id))
    .orderBy(desc(commissionImportTemplates.version))
    .limit(1);
  if (!template) throw new FormValidationError({ insurer: ['import.noTemplate'] });
  return { provider, template, mapping: importTemplateMappingSchema.parse(template.mapping) };
}

const lineKey = (providerId: number, line: StatementLine) =>
  createHash('sha256')
    .update(
      [providerId, line.policyNo, line.statementDate, line.amount, line.currency, line.reference ?? ''].join(
        '|',
      ),
    )
    .digest('hex');

/**
 * POST /internal/commission-imports: reads an insurer's statement through the insurer's current template, row by
 * row, and keeps the preview: every line with its match (matched, unmatched and why, duplicate). Lines are matched and
 * written in batches, so a 100 000-line file never sits in memory as row objects. A file with any unreadable line
 * (missing columns, a bad date, text in an amount, garbage) is refused whole with line-numbered errors: the
 * transaction is rolled back and nothing is written. Duplicates: a line whose key was posted before (by any import),
 * or that repeats an earlier line of the same file.
 */
export async function previewImport(
  db: Db,
  userId: number,
  upload: StatementUpload,
): Promise<CommissionImportPreview> {
  const { provider, template, mapping } = await insurerTemplate(db, upload.insurer);
  const sha256 = createHash('sha256').update(upload.data).digest('hex');
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(commissionImports)
      .values({
        providerId: provider.id,
        templateId: template.id,
        fileName: upload.fileName,
        fileSha256: sha256,
        lineCount: 0,
        matched: 0,
        unmatched: 0,
        duplicates: 0,
        createdByUserId: userId,
      })
      .returning({ id: commissionImports.id });
    const importId = created?.id ?? 0;
    const problems: LineProblem[] = [];
    let batch: StatementLine[] = [];
    let lineCount = 0;
    const flush = async () => {
      if (batch.length === 0 || problems.length > 0) return;
      const matched = await matchLines(tx, provider.id, batch, mapping.tolerancePercent);
      await tx.insert(commissionImportLines).values(
        matched.map((line) => ({
          importId,
          lineNo: line.lineNo,
          policyNo: line.policyNo,
          producerCode: line.producerCode,
          statementDate: line.statementDate,
          amount: line.amount,
          currency: line.currency,
          reference: line.reference,
          lineKey: lineKey(provider.id, line),
          status: line.status,
          reason: line.reason,
          revenueId: line.revenueId,
          payinItemId: line.payinItemId,
          expectedAmount: line.expectedAmount,
        })),
      );
      batch = [];
    };
    try {
      for await (const row of readStatement(upload.data, upload.kind, mapping.delimiter)) {
        if ('headings' in row) {
          const missing = missingHeadings(mapping, row.headings);
          if (missing.length > 0)
            refuse(missing.map((column) => ({ line: 1, column, message: 'missingColumn' })));
          continue;
        }
        lineCount += 1;
        if (lineCount > IMPORT_MAX_LINES)
          refuse([...problems, { line: row.lineNo, column: null, message: 'tooManyLines' }]);
        const line = readLine(mapping, row.lineNo, row.cells);
        if (Array.isArray(line)) {
          problems.push(...line);
          if (problems.length >= IMPORT_MAX_ERRORS) break;
          continue;
        }
        batch.push(line);
        if (batch.length >= BATCH_LINES) await flush();
      }
    } catch (error) {
      if (error instanceof UnreadableStatementError)
        refuse([...problems, { line: error.lineNo || 1, column: null, message: 'unreadable' }]);
      throw error;
    }
    if (problems.length > 0) refuse(problems);
    if (lineCount === 0) refuse([{ line: 2, column: null, message: 'noLines' }]);
    await flush();
    // Duplicates: posted before under the same key, or an earlier line of this file with the same key.
    await tx.execute(sql`
      update commission_import_lines l set status = 'duplicate',
        reason = case when exists (select 1 from commission_import_postings p where p.line_key = l.line_key)
                      then 'alreadyPosted' else 'repeatedInFile' end
      where l.import_id = ${importId} and (
        exists (select 1 from commission_import_postings p where p.line_key = l.line_key)
        or exists (select 1 from commission_import_lines e
                   where e.import_id = l.import_id and e.line_key = l.line_key and e.line_no < l.line_no))`);
    const counts = (await tx.execute(sql`
      select count(*) filter (where status = 'matched')::int as matched,
             count(*) filter (where status = 'unmatched')::int as unmatched,
             count(*) filter (where status = 'duplicate')::int as duplicates
      from commission_import_lines where import_id = ${importId}`)) as unknown as {
      rows: { matched: number; unmatched: number; duplicates: number }[];
    };
    const { matched = 0, unmatched = 0, duplicates = 0 } = counts.rows[0] ?? {};
    await tx
      .update(commissionImports)
      .set({
        lineCount,
        matched: Number(matched),
        unmatched: Number(unmatched),
        duplicates: Number(duplicates),
      })
      .where(eq(commissionImports.id, importId));
    return {
      id: importId,
      insurer: provider.code,
      fileName: upload.fileName,
      lineCount,
      matched: Number(matched),
      unmatched: Number(unmatched),
      duplicates: Number(duplicates),
      matchRate: lineCount === 0 ? 0 : Math.round((Number(matched) / lineCount) * 10000) / 10000,
      status: 'previewed',
      templateVersion: template.version,
    };
  });
}
