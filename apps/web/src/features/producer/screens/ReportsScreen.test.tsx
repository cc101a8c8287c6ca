import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aProducer, meWith, siteInfo } from '../../../test/fixtures';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { fieldErrorResponse, pageOf } from '../test/list-fixtures';
import { aCardExpiryRow, aLapsedRow } from '../test/report-fixtures';

// Report 1 is the contract's; 2, 6 and 8 are stand-ins until their definitions are merged.
vi.mock('../reports/report-definitions', async () => ({
  reportDefinitions: (await import('../test/report-fixtures')).TEST_REPORT_DEFINITIONS,
}));

const slow = { timeout: 8000 };
const consultant = meWith({ currentProducer: aProducer });
const partner = meWith({
  currentProducer: { ...aProducer, hasBvReportPermission: true, hasTrainingHistoryReportPermission: true },
});
const location = () => screen.getByTestId('location').textContent ?? '';
const picker = () => screen.findByRole('combobox', { name: 'Report' }, slow);
const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);
const choose = async (type: number) => fireEvent.change(await picker(), { target: { value: String(type) } });
const selectValue = (name: string) => (screen.getByRole('combobox', { name }) as HTMLSelectElement).value;

afterEach(() => {
  vi.useRealTimers();
});

describe('reports: the picker', () => {
  it('offers an afs consultant without BV or training permission types 1–12, titled, unmerged ones disabled', async () => {
    renderApp('/b2b/reports', { me: consultant });
    const select = await picker();
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((option) => option.value)).toEqual([
      '',
      ...Array.from({ length: 12 }, (_, i) => `${i + 1}`),
    ]);
    expect(optionTexts(select).slice(1, 4)).toEqual([
      'Lapsed / Surrender',
      'New Client (stand-in)',
      'New Business Status (not available yet)',
    ]);
    expect(options.filter((option) => !option.disabled).map((option) => option.value)).toEqual([
      '1',
      '2',
      '6',
      '8',
    ]);
    // Nothing runs before a report is chosen.
    expect(screen.getByText(/Choose a report, set its filters and run it/)).toBeInTheDocument();
  });

  it('adds 13, 14 and 201 with the permissions; ipc has 1–5 and absg 1–2; titles in the UI language', async () => {
    const first = renderApp('/b2b/reports', { me: partner });
    expect(
      (within(await picker()).getAllByRole('option') as HTMLOptionElement[]).map((o) => o.value),
    ).toEqual(['', ...Array.from({ length: 14 }, (_, i) => `${i + 1}`), '201']);
    first.unmount();
    const second = renderApp('/b2b/reports', { me: partner, site: siteInfo('ipc') });
    expect(optionTexts(await picker()).slice(1)).toEqual([
      'Lapsed / Surrender',
      'New Client (stand-in)',
      'New Business Status (not available yet)',
      'Sales Performance (not available yet)',
      'Transfer In (not available yet)',
    ]);
    second.unmount();
    renderApp('/zh/b2b/reports', { me: partner, site: siteInfo('absg') });
    const select = await screen.findByRole('combobox', { name: '報告' }, slow);
    expect(optionTexts(select).slice(1)).toEqual(['失效／退保', 'New Client (stand-in)（中）']);
  });
});

describe('reports: the form', () => {
  it('resets every other field to the chosen type’s defaults (December: type 6 → January; type 8 this month)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-15T04:00:00Z'));
    renderApp('/b2b/reports', { me: consultant });
    await choose(1);
    // Only report 1's filters, in its order.
    expect(await screen.findByRole('textbox', { name: 'Date from' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Birthday month' })).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: 'Policy status' }), { target: { value: 'LAP' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Product type' }), { target: { value: 'IL' } });
    expect(selectValue('Policy status')).toBe('LAP');

    await choose(6);
    expect(selectValue('Birthday month')).toBe('1');
    expect(screen.getByRole('combobox', { name: 'Birthday month' })).toHaveDisplayValue('January');
    expect(selectValue('Product type')).toBe('');
    expect(screen.queryByRole('combobox', { name: 'Policy status' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Date from' })).toBeNull();
    expect(screen.getByText('Clients whose birthday falls in the month.')).toBeInTheDocument();

    await choose(8);
    expect([
      selectValue('From year'),
      selectValue('From month'),
      selectValue('To year'),
      selectValue('To month'),
    ]).toEqual(['2026', '12', '2026', '12']);
    const years = within(screen.getByRole('combobox', { name: 'From year' })).getAllByRole('option');
    expect(years.map((option) => option.textContent)).toEqual([
      '2025',
      '2026',
      '2027',
      '2028',
      '2029',
      '2030',
      '2031',
      '2032',
    ]);
    expect(screen.getByRole('group', { name: 'Card expiry from' })).toBeInTheDocument();

    await choose(2);
    expect(selectValue('Date basis')).toBe('APPL');
    expect(
      within(screen.getByRole('combobox', { name: 'Date basis' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Application received', 'Application sent to provider', 'Policy commencement']);
    expect(screen.getByRole('textbox', { name: 'Date from' })).toHaveValue('');
  });

  it('defaults the birthday month to the next one outside December', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-31T18:00:00Z')); // 1 June in Hong Kong
    renderApp('/b2b/reports', { me: consultant });
    await choose(6);
    expect(selectValue('Birthday month')).toBe('7');
  });

  it('refuses to run without a report, and without a required filter no default fills', async () => {
    const { fetchMock } = renderApp('/b2b/reports', { me: consultant });
    fireEvent.click(await screen.findByRole('button', { name: 'Run report' }, slow));
    expect(await screen.findByText('Choose a report.')).toBeInTheDocument();
    await choose(2);
    fireEvent.click(screen.getByRole('button', { name: 'Run report' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Date from' })).toHaveAccessibleDescription(
        /This filter is required for this report\./,
      ),
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/b2b/reports'))).toBe(false);
    expect(location()).toBe('/b2b/reports');
  });
});

describe('reports: preview', () => {
  it('runs the report: the form in the body and the URL, rows formatted by kind, the count, paging', async () => {
    const bodies: Record<string, unknown>[] = [];
    renderApp('/b2b/reports', {
      me: consultant,
      handlers: {
        'POST /b2b/reports': ({ body }) => {
          bodies.push(body as Record<string, unknown>);
          return pageOf([aLapsedRow()], 25);
        },
      },
    });
    await choose(1);
    fireEvent.change(screen.getByRole('combobox', { name: 'Policy status' }), { target: { value: 'LAP' } });
    const from = screen.getByRole('textbox', { name: 'Date from' });
    fireEvent.change(from, { target: { value: '2026/01/01' } });
    fireEvent.blur(from);
    fireEvent.click(screen.getByRole('button', { name: 'Run report' }));

    const table = await screen.findByRole('table', { name: 'Lapsed / Surrender: preview' }, slow);
    expect(bodies[0]).toEqual({
      page: 1,
      sizePerPage: 10,
      includedTeam: true,
      reportType: 1,
      status: 'LAP',
      dateFrom: '2026-01-01',
    });
    expect(location()).toBe('/b2b/reports?reportType=1&dateFrom=2026-01-01&status=LAP');
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('12,345.60')).toBeInTheDocument();
    expect(within(row).getByText('2026/04/03')).toBeInTheDocument();
    expect(within(row).getByText('P-1001')).toBeInTheDocument();
    expect(screen.getByTestId('report-count')).toHaveTextContent('25 rows');
    expect(screen.getByText('1–10 of 25')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ page: 2, reportType: 1, status: 'LAP' });
    fireEvent.click(screen.getByRole('button', { name: /Status Date/ }));
    await waitFor(() => expect(bodies).toHaveLength(3));
    expect(bodies[2]).toMatchObject({ page: 2, sortField: 'statusChangedOn', sortOrder: 'asc' });
  });

  it('restores a report from the URL and runs it; units 4 dp, amounts 2 dp, "10,000+" when bounded', async () => {
    const bodies: Record<string, unknown>[] = [];
    renderApp(
      '/b2b/reports?reportType=8&expiryFromYear=2027&expiryFromMonth=3&expiryToYear=2028&expiryToMonth=2&excludeStatus=CAN',
      {
        me: consultant,
        handlers: {
          'POST /b2b/reports': ({ body }) => {
            bodies.push(body as Record<string, unknown>);
            return pageOf([aCardExpiryRow()], 10_000, true);
          },
        },
      },
    );
    const table = await screen.findByRole('table', { name: 'Credit Card Expiry (stand-in): preview' }, slow);
    expect(selectValue('Report')).toBe('8');
    expect([
      selectValue('From year'),
      selectValue('From month'),
      selectValue('To year'),
      selectValue('To month'),
    ]).toEqual(['2027', '3', '2028', '2']);
    expect(bodies[0]).toMatchObject({
      reportType: 8,
      expiryFromYear: 2027,
      expiryFromMonth: 3,
      expiryToYear: 2028,
      expiryToMonth: 2,
      excludeStatus: ['CAN'],
    });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('1,234,567.89')).toBeInTheDocument();
    expect(within(row).getByText('12.3000')).toBeInTheDocument();
    expect(within(row).getByText('1,200')).toBeInTheDocument();
    expect(screen.getByTestId('report-count')).toHaveTextContent('10,000+ rows');
  });

  it('shows the defaults of a report the URL names without them; the server fills them in the request', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-15T04:00:00Z'));
    const bodies: Record<string, unknown>[] = [];
    renderApp('/b2b/reports?reportType=6', {
      me: consultant,
      handlers: {
        'POST /b2b/reports': ({ body }) => {
          bodies.push(body as Record<string, unknown>);
          return pageOf([]);
        },
      },
    });
    expect(await screen.findByText('No records match this search.', {}, slow)).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ reportType: 6 });
    expect(bodies[0]).not.toHaveProperty('month');
    expect(selectValue('Birthday month')).toBe('1');
    expect(screen.getByTestId('report-count')).toHaveTextContent('0 rows');
  });

  it('shows the server 400 field errors on the fields, and a refusal (403) as an alert', async () => {
    const first = renderApp('/b2b/reports?reportType=1&dateFrom=2026-01-01&dateTo=2026-02-01', {
      me: consultant,
      handlers: {
        'POST /b2b/reports': () => fieldErrorResponse({ dateTo: ['Too far from the start date'] }),
      },
    });
    const to = await screen.findByRole('textbox', { name: 'Date to' }, slow);
    await waitFor(() => expect(to).toHaveAccessibleDescription(/Too far from the start date/));
    first.unmount();
    renderApp('/b2b/reports?reportType=1', {
      me: consultant,
      handlers: {
        'POST /b2b/reports': () => jsonResponse({ error: 'You may not run this report.' }, 403),
      },
    });
    expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent('You may not run this report.');
  });

  it('does not run a type the producer may not pick, even from the URL', async () => {
    const { fetchMock } = renderApp('/b2b/reports?reportType=13', { me: consultant });
    expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent('not available to you');
    expect(selectValue('Report')).toBe('');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/b2b/reports'))).toBe(false);
  });

  it('hides the preview of the report that ran once another type is chosen', async () => {
    renderApp('/b2b/reports?reportType=1', {
      me: consultant,
      handlers: { 'POST /b2b/reports': () => pageOf([aLapsedRow()], 1) },
    });
    await screen.findByRole('table', { name: 'Lapsed / Surrender: preview' }, slow);
    await choose(6);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Run the report to see a preview of its rows.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeDisabled();
  });
});
