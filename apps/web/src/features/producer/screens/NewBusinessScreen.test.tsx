import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aProducer, meWith, siteInfo } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { aNewBusinessRow, fieldErrorResponse, pageOf } from '../test/list-fixtures';

const me = meWith({ currentProducer: aProducer });
const location = () => screen.getByTestId('location').textContent ?? '';

describe('new business', () => {
  it('shows the rows the server answers, formatted by column kind, and the site stage legend', async () => {
    const bodies: unknown[] = [];
    renderApp('/b2b', {
      me,
      handlers: {
        'POST /b2b/new_business': ({ body }) => {
          bodies.push(body);
          return pageOf([aNewBusinessRow()], 1);
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'New business applications' });
    const row = within(table).getByRole('row', { name: /Open policy detail: NB-0001, Chan Tai Man/ });
    expect(within(row).getByText('12,345.60')).toBeInTheDocument();
    expect(within(row).getByText('2026/03/01')).toBeInTheDocument();
    expect(within(row).getByText('2026/02/15')).toBeInTheDocument();
    expect(screen.getByText('1–1 of 1')).toBeInTheDocument();
    // The list's defaults (docs/producer/web-lists.md): page 1, size 10, stage nb, included team; the URL stays clean.
    expect(bodies[0]).toMatchObject({ page: 1, sizePerPage: 10, stage: 'nb', includedTeam: true });
    expect(location()).toBe('/b2b');
    const legend = screen.getByRole('region', { name: 'Stage legend' });
    expect(within(legend).getAllByRole('term')).toHaveLength(8);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('shows 3 stages on absg', async () => {
    renderApp('/b2b', {
      me,
      site: siteInfo('absg'),
      handlers: { 'POST /b2b/new_business': () => pageOf([]) },
    });
    const legend = await screen.findByRole('region', { name: 'Stage legend' });
    expect(
      within(legend)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Stage 3', 'Stage 7', 'Other']);
    expect(await screen.findByText('No records match this search.')).toBeInTheDocument();
  });

  it('restores a search from the URL, sends it, and builds the export URL from it without paging', async () => {
    const bodies: Record<string, unknown>[] = [];
    const { fetchMock } = renderApp('/b2b?keywords=chan&stage=select&stageOptions=3&stageOptions=4&page=2', {
      me,
      handlers: {
        'POST /b2b/new_business': ({ body }) => {
          bodies.push(body as Record<string, unknown>);
          return pageOf([aNewBusinessRow()], 25);
        },
        'GET /b2b/nb_export': () =>
          new Response('xlsx', { headers: { 'Content-Disposition': 'attachment; filename="nb.xlsx"' } }),
      },
    });
    expect(await screen.findByLabelText('Keywords')).toHaveValue('chan');
    expect(bodies[0]).toMatchObject({ keywords: 'chan', stage: 'select', stageOptions: [3, 4], page: 2 });
    expect(screen.getByText('11–20 of 25')).toBeInTheDocument();
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => {};
    fireEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/nb_export'))).toBe(true),
    );
    const exportUrl = new URL(
      String(fetchMock.mock.calls.find(([url]) => String(url).includes('/nb_export'))?.[0]),
      'http://localhost',
    );
    expect(exportUrl.pathname).toBe('/angel/face/en/api/b2b/nb_export');
    expect(exportUrl.searchParams.getAll('stageOptions')).toEqual(['3', '4']);
    expect(exportUrl.searchParams.get('keywords')).toBe('chan');
    expect(exportUrl.searchParams.get('includedTeam')).toBe('true');
    expect(exportUrl.searchParams.has('page')).toBe(false);
    expect(exportUrl.searchParams.has('sizePerPage')).toBe(false);
  });

  it('submit resets paging and sort and merges the fields; paging keeps them', async () => {
    renderApp('/b2b?page=3&sortField=policyNo&sortOrder=desc&sizePerPage=20', {
      me,
      handlers: { 'POST /b2b/new_business': () => pageOf([aNewBusinessRow()], 100) },
    });
    const keywords = await screen.findByLabelText('Keywords');
    fireEvent.change(keywords, { target: { value: 'wong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location()).toBe('/b2b?keywords=wong'));
    fireEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(location()).toBe('/b2b?page=2&keywords=wong'));
    fireEvent.click(screen.getByRole('button', { name: /Policy No\./ }));
    await waitFor(() =>
      expect(location()).toBe('/b2b?page=2&sortField=policyNo&sortOrder=asc&keywords=wong'),
    );
    expect(screen.getByRole('columnheader', { name: /Policy No\./ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it('shows the server 400 field errors on the fields', async () => {
    renderApp('/b2b?keywords=x', {
      me,
      handlers: {
        'POST /b2b/new_business': () => fieldErrorResponse({ keywords: ['Keywords are not allowed here'] }),
      },
    });
    const keywords = await screen.findByLabelText('Keywords');
    await waitFor(() => expect(keywords).toHaveAccessibleDescription(/Keywords are not allowed here/));
    expect(screen.getByRole('alert')).toHaveTextContent('Keywords are not allowed here');
  });

  it('checks the dates in the form with the contract schema before searching', async () => {
    const { fetchMock } = renderApp('/b2b', {
      me,
      handlers: { 'POST /b2b/new_business': () => pageOf([]) },
    });
    const from = await screen.findByRole('textbox', { name: 'Received from' });
    fireEvent.change(from, { target: { value: '2026/05/10' } });
    fireEvent.blur(from);
    const to = screen.getByRole('textbox', { name: 'Received to' });
    fireEvent.change(to, { target: { value: '2026/05/01' } });
    fireEvent.blur(to);
    const calls = fetchMock.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('The end date is before the start date.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.length).toBe(calls);
    expect(location()).toBe('/b2b');
  });

  it('masks typed dates as YYYY/MM/DD, refuses an impossible one on its field, and sends ISO dates', async () => {
    const bodies: Record<string, unknown>[] = [];
    renderApp('/b2b?receivedTo=2026-06-30', {
      me,
      handlers: {
        'POST /b2b/new_business': ({ body }) => {
          bodies.push(body as Record<string, unknown>);
          return pageOf([]);
        },
      },
    });
    const from = await screen.findByRole('textbox', { name: 'Received from' });
    // A date from the URL (ISO, as the contract sends it) is shown as the mask writes it.
    expect(screen.getByRole('textbox', { name: 'Received to' })).toHaveValue('2026/06/30');
    expect(from).toHaveAttribute('placeholder', 'YYYY/MM/DD');
    expect(from).toHaveAttribute('inputmode', 'numeric');
    fireEvent.change(from, { target: { value: '20261345' } });
    expect(from).toHaveValue('2026/13/45');
    fireEvent.blur(from);
    expect(from).toHaveValue('2026/13/45'); // kept for the schema to refuse, never emptied
    const sent = bodies.length;
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(from).toHaveAccessibleDescription('Enter a date as YYYY/MM/DD.'));
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(bodies.length).toBe(sent);

    fireEvent.change(from, { target: { value: '2026-05-1x5' } });
    expect(from).toHaveValue('2026/05/15');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(bodies.at(-1)).toMatchObject({ receivedFrom: '2026-05-15', receivedTo: '2026-06-30' }),
    );
    expect(location()).toContain('receivedFrom=2026-05-15');
    expect(from).not.toHaveAttribute('aria-invalid', 'true');
    // The calendar button names its field.
    expect(screen.getByRole('button', { name: 'Open the calendar for Received from' })).toHaveAttribute(
      'aria-haspopup',
      'dialog',
    );
  });

  it('heads the columns and the pager in the UI language, "10,000+" when the count is bounded', async () => {
    renderApp('/zh/b2b', {
      me,
      handlers: { 'POST /b2b/new_business': () => pageOf([aNewBusinessRow()], 10_000, true) },
    });
    const table = await screen.findByRole('table', { name: '新業務申請' });
    expect(within(table).getByRole('columnheader', { name: /保單號碼/ })).toHaveAttribute(
      'aria-sort',
      'none',
    );
    expect(screen.getByTestId('pager-range')).toHaveTextContent('第 1–10 項，共 10,000+ 項');
  });
});
