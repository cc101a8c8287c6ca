import type { ColumnKind, Language, ListColumn } from '@portal/contract';
import type { ReactNode } from 'react';
import { formatAmount, formatDate, formatInteger, formatUnits, orDash } from '../../lib/format';
import type { DataColumn } from '../data-table/DataTable';

/** How a cell of each column kind is shown (docs/product.md, "Formats and limits": amounts 2 decimals, units 4, dates
 * YYYY/MM/DD).
 */
export function formatCell(kind: ColumnKind, value: unknown): string {
  const scalar = typeof value === 'string' || typeof value === 'number' ? value : null;
  switch (kind) {
    case 'amount':
      return formatAmount(scalar);
    case 'units':
      return formatUnits(scalar);
    case 'int':
      return formatInteger(scalar);
    case 'date':
      return formatDate(typeof value === 'string' ? value : null);
    default:
      return orDash(scalar);
  }
}

/**
 * The table columns of a list definition: headers in the UI language, cells formatted by kind, sortable where the
 * definition's sort allowlist has the field (the server sorts), key columns pinned to an edge as the definition
 * says. `cells` replaces the rendering of some columns
 * (a stage name, a badge) without changing order or headers.
 */
export function listColumns<Row extends object>(
  definition: { columns: readonly ListColumn[]; sortFields: readonly string[] },
  language: Language,
  cells: Partial<Record<string, (row: Row) => ReactNode>> = {},
): DataColumn<Row>[] {
  return definition.columns.map((column) => {
    const numeric = column.kind === 'amount' || column.kind === 'units' || column.kind === 'int';
    const custom = cells[column.key];
    return {
      key: column.key,
      header: column.label[language] ?? column.label.en,
      cell: custom ?? ((row: Row) => formatCell(column.kind, (row as Record<string, unknown>)[column.key])),
      sortable: definition.sortFields.includes(column.key),
      align: numeric ? 'right' : undefined,
      nowrap: !column.wrap,
      pin: column.pin,
    };
  });
}
