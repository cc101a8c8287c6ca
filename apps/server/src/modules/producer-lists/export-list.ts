import type { ListColumn, LocalizedLabel } from '@portal/contract';
import { EXPORT_ROW_LIMIT, type Language } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ResultRow } from '../../db/query-in-batches.js';
import { auditTeamView, type ProducerCaller, resolveTeamScope, withScopeSize } from '../../db/team-scope.js';
import { listExport } from '../../exports/list-export.js';
import { sendXlsxExport } from '../../exports/send-xlsx.js';
import {
  type ContractList,
  type CriteriaOf,
  listExportQuery,
  type ServerListDefinition,
} from '../../lists/index.js';
import { hasKeywords, type ProducerListsContext } from './search-list.js';

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
  criteria: CriteriaOf<C> & { selectedProducerId?: number | undefined; includedTeam?: boolean | undefined },
  language: Language,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { renderPool, queryInBatches, now } = ctx.exports;
  const resolved = await resolveTeamScope(ctx.db, caller, criteria);
  await auditTeamView(ctx.db, resolved, `${definition.contract.name}.export`, {
    includedTeam: resolved.includedTeam,
  });
  const scope = hasKeywords(criteria) ? await withScopeSize(ctx.db, resolved) : resolved;
  const query = listExportQuery(definition, scope, criteria, language);
  return sendXlsxExport(renderPool, request, reply, {
    ...listExport(definition.contract, language, now()),
    batches: itemsOf<Row>(queryInBatches(query, { maxRows: EXPORT_ROW_LIMIT }), (row) =>
      definition.toItem(row, language),
    ),
  });
}

/**
 * Export query strings name arrays as repeated keys (`a=1&a=2`) or, as the spec's front end may, with brackets
 * (`a[]=1&a[]=2`); both mean the same criterion. Anything else is left for the schema to judge.
 */
export function normalizeArrayKeys(query: unknown): unknown {
  if (!query || typeof query !== 'object') return query;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    const previous = out[name];
    out[name] =
      previous === undefined ? value : ([] as unknown[]).concat(previous, value as unknown[] | unknown);
  }
  return out;
}
