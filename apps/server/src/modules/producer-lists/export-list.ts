import type { Language, ListColumn, LocalizedLabel } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProducerCaller } from '../../db/team-scope.js';
import { listExport, listExportBatches } from '../../exports/list-export.js';
import { sendXlsxExport } from '../../exports/send-xlsx.js';
import type { ContractList, ServerListDefinition } from '../../lists/index.js';
import { listScope, type ProducerListsContext, type ScopedCriteria } from './search-list.js';

type ExportableContract = ContractList & { columns: readonly ListColumn[]; fileName: LocalizedLabel };

/**
 * One producer list as an Excel file: the same scope check and audit as the search, then the search's own query
 * streamed through a cursor to a render thread (listExportBatches). Page and page size do not apply; the whole
 * result is exported up to EXPORT_ROW_LIMIT rows.
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
  return sendXlsxExport(renderPool, request, reply, {
    ...listExport(definition.contract, language, now()),
    batches: listExportBatches(queryInBatches, definition, scope, criteria, language),
  });
}
