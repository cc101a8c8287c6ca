import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { type DataColumn, DataTable } from './DataTable';
import { DataTablePager } from './DataTablePager';
import { useRowSelection } from './useRowSelection';

interface Row {
  id: number;
  name: string;
}
const columns: DataColumn<Row>[] = [
  { key: 'name', header: 'Client', cell: (row) => row.name, sortable: true },
  { key: 'id', header: 'Id', cell: (row) => String(row.id) },
];
const page1: Row[] = [
  { id: 2, name: 'Zed' },
  { id: 1, name: 'Amy' },
];
const page2: Row[] = [{ id: 3, name: 'Bob' }];

beforeAll(async () => {
  await i18n.loadNamespaces('lists');
});

function Harness({ rows, onSort }: { rows: Row[]; onSort?: (column: string) => void }) {
  const { selectedKeys, setSelectedKeys } = useRowSelection(rows);
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      caption="Clients"
      sort={{ column: 'name', direction: 'desc' }}
      onSortChange={onSort}
      selection={{
        selectedKeys,
        onChange: setSelectedKeys,
        rowLabel: (row) => `Select ${row.name}`,
        allLabel: 'Select all',
      }}
      rowActions={{ header: 'Actions', render: (row) => <button type="button">Open {row.name}</button> }}
    />
  );
}

const wrap = (ui: React.ReactNode) => <MantineProvider>{ui}</MantineProvider>;

describe('DataTable, server-sorted mode', () => {
  it('keeps the server order, marks the sorted column with aria-sort and asks for a new sort on click', () => {
    const onSort = vi.fn();
    render(wrap(<Harness rows={page1} onSort={onSort} />));
    const names = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(names).toEqual(['Zed', 'Amy']);
    const header = screen.getByRole('columnheader', { name: /Client/ });
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Id' })).not.toHaveAttribute('aria-sort');
    fireEvent.click(within(header).getByRole('button'));
    expect(onSort).toHaveBeenCalledWith('name');
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Amy' })).toBeInTheDocument();
  });

  it('selects rows by labelled checkboxes and clears the choice when another page arrives', () => {
    const { rerender } = render(wrap(<Harness rows={page1} />));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Amy' }));
    expect(screen.getByRole('checkbox', { name: 'Select Amy' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select all' })).not.toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByRole('checkbox', { name: 'Select Zed' })).toBeChecked();
    rerender(wrap(<Harness rows={page1} />));
    expect(screen.getByRole('checkbox', { name: 'Select Zed' })).toBeChecked();
    rerender(wrap(<Harness rows={page2} />));
    expect(screen.getByRole('checkbox', { name: 'Select Bob' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select all' })).not.toBeChecked();
  });

  it('useRowSelection keeps the set while the rows are the same array', () => {
    const { result, rerender } = renderHook(({ rows }) => useRowSelection(rows), {
      initialProps: { rows: page1 },
    });
    act(() => result.current.setSelectedKeys(new Set([1])));
    rerender({ rows: page1 });
    expect([...result.current.selectedKeys]).toEqual([1]);
    rerender({ rows: page2 });
    expect(result.current.selectedKeys.size).toBe(0);
  });
});

function PagerHarness({ total, lowerBound = false }: { total: number; lowerBound?: boolean }) {
  const [state, setState] = useState({ page: 1, sizePerPage: 10 });
  return (
    <DataTablePager
      label="Clients: pages"
      {...state}
      totalSize={total}
      totalIsLowerBound={lowerBound}
      onChange={(change) =>
        setState((s) => ({ ...s, ...change, ...(change.sizePerPage ? { page: 1 } : {}) }))
      }
    />
  );
}

describe('DataTablePager', () => {
  it('says "n–m of total", pages forward and changes the page size', () => {
    render(wrap(<PagerHarness total={53} />));
    const status = screen.getByTestId('pager-range');
    expect(status).toHaveTextContent('1–10 of 53');
    fireEvent.click(screen.getByRole('button', { name: 'Page 6' }));
    expect(status).toHaveTextContent('51–53 of 53');
    expect(screen.getByRole('button', { name: 'Page 6' })).toHaveAttribute('aria-current', 'page');
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '30' } });
    expect(status).toHaveTextContent('1–30 of 53');
    expect(screen.queryByRole('button', { name: 'Page 3' })).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Clients: pages' })).toBeInTheDocument();
  });

  it('shows a bounded count as "10,000+"', () => {
    render(wrap(<PagerHarness total={10_000} lowerBound />));
    expect(screen.getByTestId('pager-range')).toHaveTextContent('1–10 of 10,000+');
  });

  it('offers exactly the page sizes 10, 20 and 30', () => {
    render(wrap(<PagerHarness total={5} />));
    const options = within(screen.getByLabelText('Rows per page')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['10', '20', '30']);
  });
});
