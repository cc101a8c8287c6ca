// Mantine's table first: data-table.css overrides some of its rules with the same specificity.
import '@mantine/core/styles/Table.css';
import './data-table.css';
import { Checkbox, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { DisabledReason } from '../DisabledReason';
import { ScrollableTable } from './ScrollableTable';
import { type SortDirection, type SortState, type SortValue, sortRows } from './sorting';
import { type PinEdge, pinnedCellProps, usePinnedColumns } from './usePinnedColumns';

export interface DataColumn<Row, Key extends string = string> {
  key: Key;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Present on columns sorted here, in the browser: the value rows are ordered by. */
  sortValue?: (row: Row) => SortValue;
  /** A column the server sorts (server-paged lists): its header is a sort button, the rows stay as given. */
  sortable?: boolean;
  /** Numbers line up on the right. */
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** Long content (a title and a preview): on phones its label sits above it and it takes the row's full width. */
  wide?: boolean;
  /**
   * true: keep the cell on one line (codes, dates, amounts), the table scrolls sideways instead; false: long text
   * that wraps, given room for a few words. Unset: the browser decides.
   */
  nowrap?: boolean;
  /**
   * A key column: while the table scrolls sideways it sticks to that edge (other columns pass under it), so it is
   * always in view. The selection checkboxes stick to the start and the row actions to the end on their own.
   */
  pin?: PinEdge;
}

export interface DataTableProps<Row, Key extends string = string> {
  columns: readonly DataColumn<Row, Key>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Read by screen readers as the table's name. */
  caption: string;
  captionVisible?: boolean;
  /** Controlled sort; rows are sorted here by the column's sortValue. */
  sort?: SortState<Key>;
  onSortChange?: (column: Key) => void;
  /** Makes rows clickable and reachable by keyboard (Enter or Space). */
  onRowActivate?: (row: Row) => void;
  /** Accessible name of an activatable row ("Open message …"). */
  rowLabel?: (row: Row) => string;
  /** Extra attributes per row, e.g. data-unread for styling. */
  rowAttributes?: (row: Row) => Record<string, string | boolean | undefined>;
  emptyText?: ReactNode;
  /** Sort-state words for the visually hidden hint in each sortable header. */
  sortHint?: (direction: SortDirection | null) => string;
  minWidth?: number;
  /** Row selection with a checkbox per row and one for the page (the caller owns the set; see useRowSelection). */
  selection?: RowSelection<Row>;
  /**
   * Buttons at the end of each row (they keep their own clicks; the row's activation does not fire), always in view:
   * pinned to the end while the table scrolls sideways, a line of the row's card on phones.
   */
  rowActions?: { header: string; render: (row: Row) => ReactNode };
  /** A new page is loading: the rows on screen are the previous page's (aria-busy, dimmed). */
  loading?: boolean;
  /** Under the table (outside its sideways scroll): the pager of a server-paged list. */
  footer?: ReactNode;
  /**
   * Below 768 px (phones): 'stack' shows each row as a block of "header  value" lines, so no column hides behind a
   * sideways scroll; 'scroll' keeps the grid (for tables read across, like a matrix). Either way, a table that is
   * wider than its box scrolls in a named region a keyboard can reach.
   */
  narrowLayout?: 'stack' | 'scroll';
}

export interface RowSelection<Row> {
  selectedKeys: ReadonlySet<string | number>;
  onChange: (next: Set<string | number>) => void;
  /** Accessible name of a row's checkbox ("Select Chan Tai Man, policy P-1"). */
  rowLabel: (row: Row) => string;
  /** Accessible name of the page's checkbox. */
  allLabel: string;
  /** Rows that cannot be chosen (their checkbox is disabled). */
  isSelectable?: (row: Row) => boolean;
  /** Why a row cannot be chosen: shown on its disabled checkbox and given as its description. */
  unselectableReason?: (row: Row) => string;
}

const ARIA_SORT: Record<SortDirection, 'ascending' | 'descending'> = { asc: 'ascending', desc: 'descending' };

function SortArrow({ direction }: { direction: SortDirection | null }) {
  // ▲▼ as text glyphs keep the header light; the state itself is announced through aria-sort.
  return (
    <Text component="span" aria-hidden="true" size="xs" c={direction ? 'brand.7' : 'gray.6'} ml={6}>
      {direction === 'desc' ? '▼' : direction === 'asc' ? '▲' : '↕'}
    </Text>
  );
}

function isInteractiveTarget(event: MouseEvent | KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  const row = event.currentTarget as HTMLElement;
  const interactive = target?.closest('a, button, input, select, textarea');
  return !!interactive && interactive !== row && row.contains(interactive);
}

/**
 * A semantic table: caption, column headers with aria-sort, sort buttons in the headers, and optionally rows that
 * open something on click or on Enter/Space (links and buttons inside a row keep their own behaviour).
 */
export function DataTable<Row, Key extends string = string>({
  columns,
  rows,
  rowKey,
  caption,
  captionVisible = false,
  sort,
  onSortChange,
  onRowActivate,
  rowLabel,
  rowAttributes,
  emptyText,
  sortHint,
  minWidth = 560,
  narrowLayout = 'stack',
  selection,
  rowActions,
  loading = false,
  footer,
}: DataTableProps<Row, Key>) {
  const stacked = narrowLayout === 'stack';
  const sortable = !!onSortChange && columns.some((column) => column.sortValue || column.sortable);
  const selectable = selection
    ? rows.filter((row) => selection.isSelectable?.(row) ?? true).map((row) => rowKey(row))
    : [];
  const chosenOnPage = selection ? selectable.filter((key) => selection.selectedKeys.has(key)).length : 0;
  const toggleRow = (row: Row) => {
    if (!selection) return;
    const next = new Set(selection.selectedKeys);
    const key = rowKey(row);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };
  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selectedKeys);
    const all = chosenOnPage === selectable.length;
    for (const key of selectable) {
      if (all) next.delete(key);
      else next.add(key);
    }
    selection.onChange(next);
  };
  const columnCount = columns.length + (selection ? 1 : 0) + (rowActions ? 1 : 0);
  // Pinned slots in header order (selection, columns, actions), and the pinned cells next to the scrolling ones.
  const pins: (PinEdge | undefined)[] = [
    ...(selection ? (['start'] as const) : []),
    ...columns.map((column) => column.pin),
    ...(rowActions ? (['end'] as const) : []),
  ];
  const lastStart = pins.lastIndexOf('start');
  const firstEnd = pins.indexOf('end');
  const pinned = (slot: number) => pinnedCellProps(pins[slot], slot, slot === lastStart || slot === firstEnd);
  const columnSlot = selection ? 1 : 0;
  const actionsSlot = pins.length - 1;
  const tableRef = usePinnedColumns<HTMLTableElement>();
  // Restated roles keep the table a table for screen readers when phones lay its rows out as blocks (CSS display
  // changes drop table semantics in some browsers).
  const role = (name: 'table' | 'rowgroup' | 'row' | 'columnheader' | 'cell') => (stacked ? name : undefined);
  const sortColumn = sort ? columns.find((column) => column.key === sort.column) : undefined;
  const sorted =
    sort && sortColumn?.sortValue ? sortRows(rows, sortColumn.sortValue, sort.direction) : [...rows];

  const activate = (row: Row) => (event: MouseEvent | KeyboardEvent) => {
    if (!onRowActivate || isInteractiveTarget(event)) return;
    if ('key' in event) {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
    }
    onRowActivate(row);
  };

  const table = (
    <ScrollableTable
      caption={caption}
      minWidth={minWidth}
      className="data-table-scroll"
      data-stacked={stacked || undefined}
    >
      <Table
        ref={tableRef}
        striped
        highlightOnHover={!!onRowActivate}
        verticalSpacing="sm"
        className="data-table"
        captionSide="top"
        role={role('table')}
        data-stacked={stacked || undefined}
        data-sortable={sortable || undefined}
        data-loading={loading || undefined}
        aria-busy={loading || undefined}
      >
        {captionVisible ? (
          <Table.Caption>{caption}</Table.Caption>
        ) : (
          <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        )}
        <Table.Thead role={role('rowgroup')}>
          <Table.Tr role={role('row')}>
            {selection && (
              <Table.Th scope="col" role={role('columnheader')} w={40} {...pinned(0)}>
                <Checkbox
                  aria-label={selection.allLabel}
                  checked={selectable.length > 0 && chosenOnPage === selectable.length}
                  indeterminate={chosenOnPage > 0 && chosenOnPage < selectable.length}
                  disabled={selectable.length === 0}
                  onChange={toggleAll}
                />
              </Table.Th>
            )}
            {columns.map((column, index) => {
              const direction = sort?.column === column.key ? sort.direction : null;
              const columnSortable = (!!column.sortValue || !!column.sortable) && !!onSortChange;
              return (
                <Table.Th
                  key={column.key}
                  scope="col"
                  role={role('columnheader')}
                  ta={column.align}
                  w={column.width}
                  aria-sort={columnSortable ? (direction ? ARIA_SORT[direction] : 'none') : undefined}
                  data-plain={columnSortable ? undefined : true}
                  {...pinned(columnSlot + index)}
                >
                  {columnSortable ? (
                    <UnstyledButton
                      className="data-table-sort"
                      onClick={() => onSortChange?.(column.key)}
                      fw={600}
                      fz="sm"
                    >
                      {column.header}
                      <SortArrow direction={direction} />
                      {sortHint && <VisuallyHidden>{sortHint(direction)}</VisuallyHidden>}
                    </UnstyledButton>
                  ) : (
                    column.header
                  )}
                </Table.Th>
              );
            })}
            {rowActions && (
              <Table.Th scope="col" role={role('columnheader')} data-plain {...pinned(actionsSlot)}>
                {rowActions.header}
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody role={role('rowgroup')}>
          {sorted.length === 0 && emptyText ? (
            <Table.Tr role={role('row')}>
              <Table.Td colSpan={columnCount} role={role('cell')}>
                <Text c="dimmed" size="sm" ta="center" py="md">
                  {emptyText}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            sorted.map((row) => (
              <Table.Tr
                key={rowKey(row)}
                role={role('row')}
                {...rowAttributes?.(row)}
                {...(onRowActivate
                  ? {
                      tabIndex: 0,
                      className: 'data-table-row-active',
                      'aria-label': rowLabel?.(row),
                      onClick: activate(row),
                      onKeyDown: activate(row),
                    }
                  : {})}
              >
                {selection && (
                  <Table.Td role={role('cell')} {...pinned(0)}>
                    <DisabledReason
                      reason={
                        (selection.isSelectable?.(row) ?? true) ? null : selection.unselectableReason?.(row)
                      }
                    >
                      {(describedBy) => (
                        <Checkbox
                          aria-label={selection.rowLabel(row)}
                          aria-describedby={describedBy}
                          checked={selection.selectedKeys.has(rowKey(row))}
                          disabled={!(selection.isSelectable?.(row) ?? true)}
                          onChange={() => toggleRow(row)}
                        />
                      )}
                    </DisabledReason>
                  </Table.Td>
                )}
                {columns.map((column, index) => (
                  <Table.Td
                    key={column.key}
                    ta={column.align}
                    role={role('cell')}
                    data-wide={column.wide || undefined}
                    data-nowrap={column.nowrap || undefined}
                    data-wrap={column.nowrap === false || undefined}
                    // Phones draw the column's name beside the value (CSS generated text with empty alternative text:
                    // screen readers hear the column header, and the cell's text stays the value alone).
                    data-label={stacked && typeof column.header === 'string' ? column.header : undefined}
                    {...pinned(columnSlot + index)}
                  >
                    {stacked ? (
                      <div className="data-table-cell-value">{column.cell(row)}</div>
                    ) : (
                      column.cell(row)
                    )}
                  </Table.Td>
                ))}
                {rowActions && (
                  <Table.Td role={role('cell')} data-wide={stacked || undefined} {...pinned(actionsSlot)}>
                    {rowActions.render(row)}
                  </Table.Td>
                )}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </ScrollableTable>
  );
  return footer ? (
    <div className="data-table-with-footer">
      {table}
      {footer}
    </div>
  ) : (
    table
  );
}
