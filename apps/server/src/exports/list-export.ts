import {
  EXPORT_ROW_LIMIT,
  hongKongToday,
  type Language,
  type ListColumn,
  type LocalizedLabel,
} from '@portal/contract';
import type { QueryInBatches, ResultRow } from '../db/query-in-batches.js';
import type { TeamScope } from '../db/team-scope.js';
import {
  type ContractList,
  type CriteriaOf,
  listExportQuery,
  type ServerListDefinition,
} from '../lists/index.js';
import type { XlsxColumn, XlsxExport } from './send-xlsx.js';

/** The parts of a contract list definition (defineList) an export needs. */
export interface ExportableList {
  columns: readonly ListColumn[];
  fileName: LocalizedLabel;
}

/** The list's columns with their headers in `language`, in the table's order. */
export function listExportColumns(definition: ExportableList, language: Language): XlsxColumn[] {
  return definition.columns.map((c) => ({ key: c.key, kind: c.kind, header: c.label[language] }));
}

/** `<fileName[language]>-<today in Hong Kong>.xlsx`, e.g. `new-business-2026-11-24.xlsx`. */
export function listExportFileName(definition: ExportableList, language: Language, now: Date): string {
  return `${definition.fileName[language]}-${hongKongToday(now)}.xlsx`;
}

/**
 * Everything of an export but its rows, from a list definition: a list route then only adds its query.
 *
 *     return sendXlsxExport(renderPool, request, reply, {
 *       ...listExport(newBusinessList, request.language, now()),
 *       batches: queryInBatches(newBusinessQuery(scope, criteria), { maxRows: EXPORT_ROW_LIMIT }),
 *     });
 */
export function listExport(
  definition: ExportableList,
  language: Language,
  now: Date,
): Pick<XlsxExport, 'fileName' | 'sheetName' | 'columns'> {
  return {
    fileName: listExportFileName(definition, language, now),
    sheetName: definition.fileName[language],
    columns: listExportColumns(definition, language),
  };
}

/** Maps each streamed batch of database rows to the contract's items (the same words and codes the table shows). */
async function* itemsOf<Row extends ResultRow>(
  batches: AsyncIterable<ResultRow[]>,
  toItem: (row: Row) => unknown,
): AsyncIterable<ResultRow[]> {
  for await (const batch of batches) yield batch.map((row) => toItem(row as Row) as ResultRow);
}

/**
 * The rows of a list or report export as items, in batches: the search's own query (listExportQuery: what paging
 * through the list shows, in the same order) through a cursor, up to EXPORT_ROW_LIMIT rows. The scope must have
 * been resolved and audited by the caller. `onCount` hears the row count before the first batch.
 */
export function listExportBatches<C extends ContractList, Row extends Record<string, unknown>>(
  queryInBatches: QueryInBatches,
  definition: ServerListDefinition<C, Row>,
  scope: TeamScope,
  criteria: CriteriaOf<C>,
  language: Language,
  onCount?: (rows: number) => void,
): AsyncIterable<ResultRow[]> {
  const query = listExportQuery(definition, scope, criteria, language);
  return itemsOf<Row>(
    queryInBatches(query, { maxRows: EXPORT_ROW_LIMIT, ...(onCount ? { onCount } : {}) }),
    (row) => {
      const item = definition.toItem(row, language);
      return definition.exportCells ? { ...item, ...definition.exportCells(item, language) } : item;
    },
  );
}
