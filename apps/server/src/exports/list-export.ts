import { hongKongToday, type Language, type ListColumn, type LocalizedLabel } from '@portal/contract';
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
