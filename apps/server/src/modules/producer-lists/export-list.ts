import type { ListColumn, LocalizedLabel } from '@portal/contract';
import { EXPORT_ROW_LIMIT, type Language } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ResultRow } from '../../db/query-in-batches.js';
import type { ProducerCaller } from '../../db/team-scope.js';
import { listExport } from '../../exports/list-export.js';
import { sendXlsxExport } from '../../exports/send-xlsx.js';
import { type ContractList, listExportQuery, type ServerListDefinition } from '../../lists/index.js';
import { listScope, type ProducerListsContext, type ScopedCriteria } from './search-list.js';

type ExportableContract = ContractList & { columns: readonly ListColumn[]; fileName: LocalizedLabel };

/** Maps each streamed batch of database rows to the contract's items (the same words and codes the table shows). */
async function* itemsOf<Row extends ResultRow>(
  batches: AsyncIterable<ResultRow[]>,
  toItem: (row: Row) => unknown,
): AsyncIterable<ResultRow[]> {
  for await (const batch of batches) yield batch.map((row) => toItem(row as Row) as ResultRow);
}

/**
 * One producer list as an Excel file: the same scope check and audit as the search, then the search's own query
 * (listExportQuery: what paging through the list shows, in the same order) streamed through a cursor to a render
 * thread. Page and page size do not apply; the whole result is exported up to EXPORT_ROW_LIMIT rows.
 */
export async function exportProducerList<C extends ExportableContract, Row extends Record<string, unknown>>(
  ctx: ProducerListsContext,
  caller: ProducerCaller,
  definition: ServerListDefinition<C, Row>,
  criteria: ScopedCriteria<C>,
  language: Language,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { renderPool, queryInBatches, now } = ctx.exports;
  const scope = await listScope(ctx, caller, criteria, `${definition.contract.name}.export`);
  const query = listExportQuery(definition, scope, criteria, language);
  return sendXlsxExport(renderPool, request, reply, {
    ...listExport(definition.contract, language, now()),
    batches: itemsOf<Row>(queryInBatches(query, { maxRows: EXPORT_ROW_LIMIT }), (row) =>
      definition.toItem(row, language),
    ),
  });
}
