import {
  type CommissionLedgerPage,
  commissionLedgerExport,
  type commissionLedgerQuerySchema,
  EXPORT_ROW_LIMIT,
  LEDGER_REPORTING_CURRENCY,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { listExport } from '../../exports/list-export.js';
import { sendXlsxExport } from '../../exports/send-xlsx.js';
import { type LedgerContext, type LedgerRequester, ledgerScope } from './context.js';
import {
  LEDGER_LINE_COLUMNS,
  LEDGER_LINE_FROM,
  ledgerWhere,
  selectLedgerPage,
  selectLedgerSummary,
} from './ledger-queries.js';

type LedgerQuery = z.output<typeof commissionLedgerQuerySchema>;

/**
 * GET /b2b/commission-ledger: one page of the scope's lines, newest first, with the totals of every line of the
 * criteria (reporting currency) by stage, month, insurer and producer.
 */
export async function loadLedger(
  ctx: LedgerContext,
  who: LedgerRequester,
  query: LedgerQuery,
): Promise<CommissionLedgerPage> {
  const scope = await ledgerScope(ctx, who, query, 'commission_ledger');
  const where = ledgerWhere(scope, query);
  const [data, summary] = await Promise.all([
    selectLedgerPage(ctx.db, where, query.page, query.sizePerPage),
    selectLedgerSummary(ctx.db, where),
  ]);
  return { data, currency: LEDGER_REPORTING_CURRENCY, ...summary };
}

/** GET /b2b/commission-ledger/export: the same lines as an Excel file, through THE export path (a held cursor). */
export async function exportLedger(
  ctx: LedgerContext,
  who: LedgerRequester,
  query: LedgerQuery,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const scope = await ledgerScope(ctx, who, query, 'commission_ledger.export');
  const where = ledgerWhere(scope, query);
  return sendXlsxExport(ctx.renderPool, request, reply, {
    ...listExport(commissionLedgerExport, who.language, ctx.now()),
    batches: ctx.queryInBatches(
      sql`select ${LEDGER_LINE_COLUMNS} from ${LEDGER_LINE_FROM} where ${where} order by l.line_date desc, l.id desc`,
      { maxRows: EXPORT_ROW_LIMIT },
    ),
  });
}
