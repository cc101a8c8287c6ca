import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { type DataColumn, DataTable } from './DataTable';

interface Row {
  id: number;
  name: string;
  value: string;
}
const columns: DataColumn<Row>[] = [
  { key: 'name', header: 'Fund', cell: (row) => row.name },
  { key: 'value', header: 'Value', align: 'right', cell: (row) => row.value },
];
const rows: Row[] = [
  { id: 1, name: 'Asian Income Fund', value: 'USD 74,801.68' },
  { id: 2, name: 'Singapore REIT Fund', value: 'USD 16,907.99' },
];

function renderTable(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  return render(
    <MantineProvider>
      <DataTable columns={columns} rows={rows} rowKey={(row) => row.id} caption="Holdings" {...props} />
    </MantineProvider>,
  );
}

/** A ResizeObserver that reports each element when it is first observed, as a browser's does after its layout. */
function reportOnObserve() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: () => void) {}
      observe() {
        this.report();
      }
      unobserve() {}
      disconnect() {}
    },
  );
}

describe('DataTable on narrow screens', () => {
  it('stacks by default: each cell names its column for phones, its text stays the value, roles are restated', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Holdings' });
    expect(table).toHaveAttribute('data-stacked');
    const firstRow = within(table).getAllByRole('row')[1] as HTMLElement;
    const cells = within(firstRow).getAllByRole('cell');
    // Drawn by CSS (with empty alternative text) on phones; screen readers hear the column header instead.
    expect(cells.map((cell) => cell.dataset.label)).toEqual(['Fund', 'Value']);
    expect(cells.map((cell) => cell.textContent)).toEqual(['Asian Income Fund', 'USD 74,801.68']);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Fund', 'Value']);
  });

  it("'scroll' keeps the plain grid", () => {
    renderTable({ narrowLayout: 'scroll' });
    const table = screen.getByRole('table', { name: 'Holdings' });
    expect(table).not.toHaveAttribute('data-stacked');
    expect(table.querySelector('[data-label]')).toBeNull();
  });

  it('a table wider than its box scrolls in a named region that takes keyboard focus', () => {
    // jsdom lays nothing out: make every element report content wider than its box.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(900);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(316);
    reportOnObserve();
    renderTable({ narrowLayout: 'scroll' });
    const region = screen.getByRole('region', { name: 'Holdings (scrolls sideways)' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table', { name: 'Holdings' })).toBeInTheDocument();
  });

  it('a table that fits is no extra tab stop', () => {
    renderTable({ narrowLayout: 'scroll' });
    expect(screen.queryByRole('region')).toBeNull();
  });
});

describe('DataTable key columns', () => {
  it('pins key columns, the selection and the row actions, each at the widths of the pinned cells before its edge', () => {
    // jsdom lays nothing out: every header cell measures 100 px wide.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ width: 100 } as DOMRect);
    reportOnObserve();
    const pinnedColumns: DataColumn<Row>[] = [
      { key: 'name', header: 'Fund', cell: (row) => row.name, pin: 'start' },
      { key: 'value', header: 'Value', cell: (row) => row.value },
      { key: 'state', header: 'State', cell: () => 'Open', pin: 'end' },
    ];
    renderTable({
      columns: pinnedColumns,
      selection: {
        selectedKeys: new Set(),
        onChange: () => {},
        rowLabel: (row) => row.name,
        allLabel: 'All',
      },
      rowActions: { header: 'Actions', render: () => <button type="button">Details</button> },
    });
    const table = screen.getByRole('table', { name: 'Holdings' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((th) => th.dataset.pin ?? null)).toEqual(['start', 'start', null, 'end', 'end']);
    // Start: the checkbox at 0, the fund after it; end: the actions at 0, the state before them.
    expect([0, 1, 3, 4].map((slot) => table.style.getPropertyValue(`--pin-offset-${slot}`))).toEqual([
      '0px',
      '100px',
      '100px',
      '0px',
    ]);
    const firstRow = within(table).getAllByRole('row')[1] as HTMLElement;
    const cells = within(firstRow).getAllByRole('cell');
    expect(cells.map((td) => td.dataset.pin ?? null)).toEqual(['start', 'start', null, 'end', 'end']);
    expect(cells[1]?.style.insetInlineStart).toBe('var(--pin-offset-1, 0px)');
    expect(cells[3]?.style.insetInlineEnd).toBe('var(--pin-offset-3, 0px)');
  });
});
