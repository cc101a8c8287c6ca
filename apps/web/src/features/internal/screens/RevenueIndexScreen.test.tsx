import type { RevenueListItem, RevenueListOptions } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aStaff, meWith, siteInfo } from '../../../test/fixtures';
import { type ApiHandler, jsonResponse, renderApp } from '../../../test/render-app';

// Whole-app renders share two cores with the rest of the suite.

const staffSite = siteInfo('afs', {
  feature: { external: 'false', internal: 'true' },
  backOfficeUrl: 'https://backoffice.example',
});
const currentLocation = () => screen.getByTestId('location').textContent;

const revenue = (partial: Partial<RevenueListItem>): RevenueListItem => ({
  revenueId: 1,
  siteCode: 'afs',
  refNo: 'RV000001',
  accountNo: 'AC-1001',
  policyNo: 'PL-2001',
  providerName: 'Pacific Life',
  serviceCompanyName: 'AFS Ltd',
  commissionType: 'R',
  receivedCurrency: 'USD',
  totalPayinAmount: '1234567.5',
  totalPayoutAmount: '800',
  totalSettledPayinAmount: '0.00',
  payinEffectiveDate: '2024-03-01',
  bankInOn: null,
  settledState: 'outstanding',
  isOrphanCase: false,
  join_seq_no: null,
  ...partial,
});

const filterOptions: RevenueListOptions = {
  serviceCompanies: [
    { id: 4, name: 'AFS Ltd' },
    { id: 2, name: 'Angel Wealth Management' },
  ],
  commissionTypes: ['A', 'C', 'R', 'XY'],
};

function renderIndex(
  path: string | { pathname: string; search?: string; state?: unknown },
  search: ApiHandler,
  options: ApiHandler = () => filterOptions,
) {
  const bodies: Record<string, unknown>[] = [];
  const result = renderApp(path, {
    me: meWith({ currentStaff: aStaff }),
    site: staffSite,
    handlers: {
      'POST /internal/revenues/search': (request) => {
        bodies.push(request.body as Record<string, unknown>);
        return search(request);
      },
      'GET /internal/revenues/options': options,
    },
  });
  return { ...result, bodies };
}

describe('revenue index', () => {
  it('shows the rows of the search, formatted by kind, with the settled state in words and links to the detail', async () => {
    const { bodies } = renderIndex('/internal/revenues', () => ({
      items: [
        revenue({}),
        revenue({
          revenueId: 7,
          refNo: 'RV000007',
          commissionType: 'C',
          totalSettledPayinAmount: '400.25',
          settledState: 'partly',
          isOrphanCase: true,
          siteCode: 'absg',
          bankInOn: '2024-04-15',
        }),
      ],
      totalSize: 2,
      totalIsLowerBound: false,
    }));
    const table = await screen.findByRole('table', { name: /Revenues/ });
    expect(bodies[0]).toEqual({ page: 1, sizePerPage: 10, settledState: 'all' });

    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers.join('|')).toMatch(/^Ref No\..*\|Type.*\|Account\|Policy\|Provider.*\|Currency\|Pay-in/);
    expect(headers.at(-1)).toMatch(/^Status/);

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'RV000001' })).toHaveAttribute('href', '/internal/revenues/1');
    expect(first.getByText('1,234,567.50')).toBeInTheDocument();
    expect(first.getByText('2024/03/01')).toBeInTheDocument();
    expect(first.getByText('Outstanding')).toBeInTheDocument();
    // The site is a badge beside the ref no. (not a column), named for screen readers.
    expect(first.getByText('AFS')).toHaveTextContent('Site AFS');
    const second = within(rows[1] as HTMLElement);
    expect(second.getByRole('link', { name: 'RV000007' })).toHaveAttribute('href', '/internal/revenues/7');
    expect(second.getByText('Partly settled')).toBeInTheDocument();
    expect(second.getByText('Orphan case')).toBeInTheDocument();
    expect(second.getByText('ABSG')).toBeInTheDocument();
    expect(second.getByText('400.25')).toBeInTheDocument();
    expect(second.getByText('2024/04/15')).toBeInTheDocument();
  });

  it('takes its criteria from the URL, and puts searches and sorts back into it', async () => {
    const { bodies } = renderIndex(
      '/internal/revenues?keywords=RV00&settledState=outstanding&commissionType=R&page=2&dateFrom=2024-01-01',
      () => ({ items: [revenue({})], totalSize: 11, totalIsLowerBound: false }),
    );
    await screen.findByRole('link', { name: 'RV000001' });
    expect(bodies[0]).toMatchObject({
      keywords: 'RV00',
      settledState: 'outstanding',
      commissionType: ['R'],
      page: 2,
      dateFrom: '2024-01-01',
    });
    expect(screen.getByLabelText(/^Keywords/)).toHaveValue('RV00');

    fireEvent.click(screen.getByRole('button', { name: /^Effective/ }));
    await waitFor(() => expect(currentLocation()).toMatch(/sortField=payinEffectiveDate/));
    await waitFor(() =>
      expect(bodies.at(-1)).toMatchObject({ sortField: 'payinEffectiveDate', keywords: 'RV00' }),
    );

    fireEvent.change(screen.getByLabelText(/^Keywords/), { target: { value: 'Chan' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Settled' }));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(bodies.at(-1)).toMatchObject({ keywords: 'Chan', settledState: 'settled', page: 1 }),
    );
    expect(currentLocation()).toMatch(/keywords=Chan/);
  });

  it('offers the service companies and commission types the server lists, and puts company and site into the URL and the search', async () => {
    const { bodies } = renderIndex('/internal/revenues', () => ({
      items: [revenue({})],
      totalSize: 1,
      totalIsLowerBound: false,
    }));
    await screen.findByRole('link', { name: 'RV000001' });

    fireEvent.click(screen.getByRole('combobox', { name: 'Commission type' }));
    const typeList = await screen.findByRole('listbox', { name: 'Commission type', hidden: true });
    const types = within(typeList)
      .getAllByRole('option', { hidden: true })
      .map((option) => option.textContent);
    expect(types).toEqual(['A', 'C', 'R', 'XY']);
    fireEvent.click(screen.getByRole('option', { name: 'XY', hidden: true }));

    fireEvent.click(screen.getByRole('combobox', { name: 'Service company' }));
    await screen.findByRole('option', { name: 'Angel Wealth Management', hidden: true });
    expect(screen.getByRole('option', { name: 'AFS Ltd', hidden: true })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('option', { name: 'Angel Wealth Management', hidden: true }));

    fireEvent.click(screen.getByRole('combobox', { name: 'Site' }));
    fireEvent.click(await screen.findByRole('option', { name: 'IPC', hidden: true }));

    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(bodies.at(-1)).toMatchObject({
        commissionType: ['XY'],
        serviceCompanyId: 2,
        siteCode: 'ipc',
        page: 1,
      }),
    );
    expect(currentLocation()).toMatch(/serviceCompanyId=2/);
    expect(currentLocation()).toMatch(/siteCode=ipc/);
  });

  it('takes the company and the site from the URL, and shows them in the filters', async () => {
    const { bodies } = renderIndex('/internal/revenues?serviceCompanyId=4&siteCode=absg', () => ({
      items: [],
      totalSize: 0,
      totalIsLowerBound: false,
    }));
    await screen.findByText('No revenues match this search.');
    expect(bodies[0]).toMatchObject({ serviceCompanyId: 4, siteCode: 'absg' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Service company' })).toHaveValue('AFS Ltd'),
    );
    expect(screen.getByRole('combobox', { name: 'Site' })).toHaveValue('ABSG');
  });

  it('still searches when the filters’ choices cannot be loaded, and says so', async () => {
    renderIndex(
      '/internal/revenues',
      () => ({ items: [revenue({})], totalSize: 1, totalIsLowerBound: false }),
      () => jsonResponse({ error: 'Database unavailable' }, 500),
    );
    await screen.findByRole('link', { name: 'RV000001' });
    expect(await screen.findAllByText(/choices could not be loaded/)).toHaveLength(2);
  });

  it('says so when no revenue matches', async () => {
    renderIndex('/internal/revenues?keywords=nothing', () => ({
      items: [],
      totalSize: 0,
      totalIsLowerBound: false,
    }));
    expect(await screen.findByText('No revenues match this search.')).toBeInTheDocument();
  });

  it('shows the server’s error', async () => {
    renderIndex('/internal/revenues', () => jsonResponse({ error: 'Database unavailable' }, 500));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Fail fetching data');
    expect(alert).toHaveTextContent('Database unavailable');
  });

  it('announces a delete the detail screen navigated back with, once', async () => {
    renderIndex({ pathname: '/internal/revenues', state: { deletedRefNo: 'RV000003' } }, () => ({
      items: [],
      totalSize: 0,
      totalIsLowerBound: false,
    }));
    const notice = await screen.findByText('Revenue RV000003 deleted.');
    expect(notice.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    // The history entry no longer carries it: Back or a reload does not repeat it.
    await screen.findByText('No revenues match this search.');
    expect(currentLocation()).toBe('/internal/revenues');
  });
});
