import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aClient, meWith } from '../../../test/fixtures';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { planList } from '../test/plan-fixtures';

const me = meWith({ currentClient: aClient });
// The first render of a screen loads its lazy chunk and namespace.

function columnTexts(table: HTMLElement, index: number): string[] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[index]?.textContent ?? '');
}

describe('My Plan', () => {
  it('draws the category donut with a two-column legend of at least three entries each', async () => {
    renderApp('/b2c', { me, handlers: { '/b2c/plans': () => ({ data: planList }) } });
    const figure = await screen.findByRole('figure', { name: 'Number of plans' });
    const lists = within(figure).getAllByRole('list');
    expect(lists).toHaveLength(2);
    const [first, second] = lists.map((list) => within(list).getAllByRole('listitem'));
    // Six categories: ILAS 2, Insurance Plan, Investment, MPF, General Insurance, Private Bank.
    expect(first).toHaveLength(3);
    expect(second).toHaveLength(3);
    expect(first?.[0]).toHaveTextContent('ILAS2');
    expect(figure).toHaveAccessibleDescription(/Plans in total: 7\. ILAS: 2, Insurance Plan: 1/);
  });

  it('sorts by product category ascending first, and a header click selects and toggles', async () => {
    renderApp('/b2c', { me, handlers: { '/b2c/plans': () => ({ data: planList }) } });
    const table = await screen.findByRole('table', { name: /Your plans/ });
    const categoryHeader = within(table).getByRole('columnheader', { name: /Product Category/ });
    expect(categoryHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(columnTexts(table, 0)).toEqual([
      'General Insurance',
      'ILAS',
      'ILAS',
      'Insurance Plan',
      'Investment',
      'MPF',
      'Private Bank',
    ]);

    const numberHeader = within(table).getByRole('columnheader', { name: /Policy Number/ });
    fireEvent.click(within(numberHeader).getByRole('button'));
    expect(numberHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(categoryHeader).toHaveAttribute('aria-sort', 'none');
    expect(columnTexts(table, 3)[0]).toBe('FD-0002');

    fireEvent.click(within(numberHeader).getByRole('button'));
    expect(numberHeader).toHaveAttribute('aria-sort', 'descending');
    expect(columnTexts(table, 3)[0]).toBe('PB-0005');
  });

  it('links each row to the plan detail, by link and by keyboard', async () => {
    renderApp('/zh/b2c', { me, handlers: { '/b2c/plans': () => ({ data: planList }) } });
    const link = await screen.findByRole('link', { name: 'Wealth Builder' });
    expect(link).toHaveAttribute('href', '/zh/b2c/plan_detail/11');
    const row = link.closest('tr') as HTMLElement;
    fireEvent.keyDown(row, { key: 'Enter' });
    // Navigation is a transition: the location changes once the plan-detail chunk has loaded.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/zh/b2c/plan_detail/11'));
  });

  it('shows Fail fetching data with the server message when the list fails', async () => {
    renderApp('/b2c', {
      me,
      handlers: { '/b2c/plans': () => jsonResponse({ error: 'Database unavailable' }, 503) },
    });
    expect(await screen.findByText('Fail fetching data')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
  });
});
