import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aProducer, meWith } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { aClientRow, fieldErrorResponse, pageOf } from '../test/list-fixtures';

const me = meWith({ currentProducer: aProducer });
const rows = [
  aClientRow(),
  aClientRow({ capId: 902, policyNo: 'P-1002', stmtId: 11 }),
  aClientRow({ capId: 903, clientName: 'Wong Ka Yan', policyNo: 'P-2001', stmtId: 12, accountNo: null }),
  aClientRow({ capId: 904, clientName: 'Lee Mei', policyNo: 'P-3001', stmtId: null, accountNo: null }),
];

function fileResponse() {
  return new Response('%PDF', { headers: { 'Content-Type': 'application/pdf' } });
}

describe('clients', () => {
  it('downloads the statements of the selected rows: distinct stmtIds plus the query without paging', async () => {
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => {};
    const { fetchMock } = renderApp('/b2b/clients?excludePolicyStatus=CAN&excludePolicyStatus=LAP&page=2', {
      me,
      handlers: {
        'POST /b2b/clients': () => pageOf(rows, 14),
        '/statement/download_pdf': fileResponse,
        '/statement/download_zip': fileResponse,
        '/b2b/client_export': fileResponse,
      },
    });
    await screen.findByRole('table', { name: 'Clients' });
    const pdf = screen.getByRole('button', { name: 'Statements PDF' });
    const zip = screen.getByRole('button', { name: 'Statements ZIP' });
    expect(pdf).toBeDisabled();
    expect(zip).toBeDisabled();
    // A row without a statement account cannot be chosen.
    expect(screen.getByRole('checkbox', { name: 'Select Lee Mei, policy P-3001' })).toBeDisabled();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Chan Tai Man, policy P-1001' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Chan Tai Man, policy P-1002' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Wong Ka Yan, policy P-2001' }));
    expect(pdf).toBeEnabled();
    fireEvent.click(pdf);
    fireEvent.click(zip);
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([url]) => String(url).includes('/statement/download_')),
      ).toHaveLength(2),
    );
    for (const kind of ['pdf', 'zip']) {
      const url = new URL(
        String(fetchMock.mock.calls.find(([u]) => String(u).includes(`/statement/download_${kind}`))?.[0]),
        'http://x',
      );
      expect(url.pathname).toBe(`/angel/face/en/api/statement/download_${kind}`);
      expect(url.searchParams.get('party_ids')).toBe('11,12');
      expect(url.searchParams.getAll('excludePolicyStatus')).toEqual(['CAN', 'LAP']);
      expect(url.searchParams.get('includedTeam')).toBe('true');
      expect(url.searchParams.has('page')).toBe(false);
      expect(url.searchParams.has('sizePerPage')).toBe(false);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/client_export'))).toBe(true),
    );
    const exportUrl = new URL(
      String(fetchMock.mock.calls.find(([u]) => String(u).includes('/client_export'))?.[0]),
      'http://x',
    );
    expect(exportUrl.pathname).toBe('/angel/face/en/api/b2b/client_export');
    expect(exportUrl.searchParams.getAll('excludePolicyStatus')).toEqual(['CAN', 'LAP']);
    expect(exportUrl.searchParams.has('party_ids')).toBe(false);
    expect(exportUrl.searchParams.has('page')).toBe(false);
  });

  it('clears the selection when another page loads', async () => {
    renderApp('/b2b/clients', {
      me,
      handlers: {
        'POST /b2b/clients': ({ body }) =>
          (body as { page: number }).page === 1
            ? pageOf(rows, 14)
            : pageOf([aClientRow({ capId: 990, policyNo: 'P-9000' })], 14),
      },
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Chan Tai Man, policy P-1001' }));
    expect(screen.getByRole('button', { name: 'Statements PDF' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(
      await screen.findByRole('checkbox', { name: 'Select Chan Tai Man, policy P-9000' }),
    ).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Statements PDF' })).toBeDisabled();
    expect(screen.getByText('0 clients selected')).toBeInTheDocument();
  });

  it('opens the client detail and the documents per row; documents are off without an account', async () => {
    renderApp('/b2b/clients', { me, handlers: { 'POST /b2b/clients': () => pageOf(rows, 4) } });
    const table = await screen.findByRole('table', { name: 'Clients' });
    expect(
      within(table).getByRole('button', { name: 'Documents: Wong Ka Yan, policy P-2001' }),
    ).toBeDisabled();
    fireEvent.click(within(table).getByRole('button', { name: 'Details: Chan Tai Man, policy P-1002' }));
    // The modal itself is another part's (features/producer/details): here only that the row opens it.
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('keeps Excel, PDF and ZIP off until a client is chosen, and says why each disabled control is off', async () => {
    renderApp('/b2b/clients', { me, handlers: { 'POST /b2b/clients': () => pageOf(rows, 4) } });
    const table = await screen.findByRole('table', { name: 'Clients' });
    const buttons = ['Export to Excel', 'Statements PDF', 'Statements ZIP'].map((name) =>
      screen.getByRole('button', { name }),
    );
    for (const button of buttons) {
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('Choose one or more clients in the table first');
    }
    expect(
      within(table).getByRole('checkbox', { name: 'Select Lee Mei, policy P-3001' }),
    ).toHaveAccessibleDescription('No statement on file');
    expect(
      within(table).getByRole('button', { name: 'Documents: Wong Ka Yan, policy P-2001' }),
    ).toHaveAccessibleDescription('No documents on file');
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select Chan Tai Man, policy P-1001' }));
    for (const button of buttons) {
      expect(button).toBeEnabled();
      expect(button).not.toHaveAccessibleDescription('Choose one or more clients in the table first');
    }
  });

  it("opens a row's statements in the statement viewer", async () => {
    renderApp('/b2b/clients', {
      me,
      handlers: {
        'POST /b2b/clients': () => pageOf(rows, 4),
        '/statement/policy_list/11': () => Response.json({ accounts: [], statementLanguage: 'en' }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Clients' });
    expect(within(table).getByRole('button', { name: 'Statements: Lee Mei, policy P-3001' })).toBeDisabled();
    fireEvent.click(within(table).getByRole('button', { name: 'Statements: Chan Tai Man, policy P-1002' }));
    expect(await screen.findByRole('dialog', { name: 'Monthly Statement' })).toBeInTheDocument();
  });

  it('builds the export URL from the criteria (arrays repeated, no paging) and shows 400 field errors', async () => {
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => {};
    const { fetchMock } = renderApp(
      '/b2b/clients?fundKeywords=asia&clientProductType=IL&clientProductType=FD',
      {
        me,
        handlers: {
          'POST /b2b/clients': () => fieldErrorResponse({ fundKeywords: ['Fund keywords too vague'] }),
          '/b2b/client_export': () => new Response('x'),
        },
      },
    );
    const fund = await screen.findByRole('textbox', { name: 'Fund keywords' });
    await waitFor(() => expect(fund).toHaveAccessibleDescription(/Fund keywords too vague/));
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeDisabled();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('client_export'))).toBe(false);
  });

  it('opens from the home with a birthday week: the field shows it and the search sends it', async () => {
    const { fetchMock } = renderApp('/b2b/clients?birthdayWeekOf=2026-11-23', {
      me,
      handlers: { 'POST /b2b/clients': () => pageOf(rows, 4) },
    });
    await screen.findByRole('table', { name: 'Clients' });
    expect(screen.getByRole('textbox', { name: /Birthday in the week of/ })).toHaveValue('2026/11/23');
    const search = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/b2b/clients'));
    expect(JSON.parse(String(search?.[1]?.body))).toMatchObject({ birthdayWeekOf: '2026-11-23' });
  });
});
