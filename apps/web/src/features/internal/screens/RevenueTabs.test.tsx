import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiHandler, renderApp } from '../../../test/render-app';
import { internalSite, payoutRecordsPage, revenueDetail, revenueStaffMe } from '../test/revenue-fixtures';

const currentLocation = () => screen.getByTestId('location').textContent;

function openRevenue(path: string, handlers: Record<string, ApiHandler> = {}) {
  return renderApp(path, {
    me: revenueStaffMe,
    site: internalSite,
    handlers: { '/internal/revenues/5': () => revenueDetail(), ...handlers },
  });
}

/** Values of the definition list inside `container`, by label. */
function valueIn(container: HTMLElement, label: string): string | null {
  const term = within(container)
    .queryAllByText(label)
    .find((element) => element.tagName === 'DT');
  return term?.nextElementSibling?.textContent ?? null;
}

describe('summary tab', () => {
  it('shows the notes, the pay-in totals with the outstanding badge and the pay-outs with rates to 4 dp', async () => {
    openRevenue('/internal/revenues/5/summary');
    const payin = await screen.findByRole('region', { name: 'Pay-in' });
    expect(within(payin).getByText('Pay-in outstanding')).toBeInTheDocument();
    expect(valueIn(payin, 'Pay-in total rate')).toBe('0.5500');
    expect(valueIn(payin, 'Instalments')).toBe('3');
    expect(valueIn(payin, 'Settled instalments')).toBe('1');
    expect(valueIn(payin, 'Outstanding pay-in')).toBe('8,230.40');

    const notes = screen.getByRole('region', { name: 'Notes' });
    expect(valueIn(notes, 'Description')).toBe('First year premium');
    expect(valueIn(notes, 'Internal remark')).toBe('Checked by finance');

    const payouts = within(screen.getByRole('region', { name: 'Pay-out' })).getByRole('table', {
      name: 'Payees',
    });
    const rows = within(payouts)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toContain('Ben Consultant0.12351,524.15');
    expect(rows).toContain('Pay-out total rate0.42355,227.83');
  });

  it('has no outstanding badge once every pay-in is settled', async () => {
    const detail = revenueDetail();
    openRevenue('/internal/revenues/5/summary', {
      '/internal/revenues/5': () => ({ ...detail, summary: { ...detail.summary, showBadge: false } }),
    });
    await screen.findByRole('region', { name: 'Pay-in' });
    expect(screen.queryByText('Pay-in outstanding')).toBeNull();
  });
});

describe('pay-in tab', () => {
  const instalments = () =>
    screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

  it('lists the outstanding instalments first, then settled and all, with the state in words', async () => {
    openRevenue('/internal/revenues/5/payin');
    const lists = await screen.findByRole('navigation', { name: 'Pay-in instalments' });
    expect(within(lists).getByRole('link', { name: 'Outstanding' })).toHaveAttribute('aria-current', 'page');
    expect(instalments()).toEqual(['Instalment 2', 'Instalment 3']);
    expect(screen.getAllByText('Not yet settled')).toHaveLength(2);
    expect(screen.queryByText('Fully settled')).toBeNull();
    expect(screen.getByRole('table', { name: 'Settlements of instalment 2' })).toHaveTextContent(
      'ST-00022025/06/302025/07/031,000.00',
    );

    fireEvent.click(within(lists).getByRole('link', { name: 'Settled' }));
    await waitFor(() => expect(currentLocation()).toBe('/internal/revenues/5/payin?list=settled'));
    expect(within(lists).getByRole('link', { name: 'Settled' })).toHaveAttribute('aria-current', 'page');
    expect(instalments()).toEqual(['Instalment 1']);
    expect(screen.getByText('Fully settled')).toBeInTheDocument();
    expect(screen.queryByText('Not yet settled')).toBeNull();

    fireEvent.click(within(lists).getByRole('link', { name: 'All' }));
    await waitFor(() => expect(instalments()).toEqual(['Instalment 1', 'Instalment 2', 'Instalment 3']));
  });

  it('shows the pay-in rate in effect', async () => {
    openRevenue('/internal/revenues/5/payin?list=all');
    const rate = await screen.findByRole('region', { name: 'Pay-in rate' });
    expect(valueIn(rate, 'Rate')).toBe('0.5500');
    expect(valueIn(rate, 'Single top-up')).toBe('0.0100');
    expect(valueIn(rate, 'Sum insured')).toBe('500,000.00');
    expect(valueIn(rate, 'Effective date')).toBe('2025/01/01');
  });
});

describe('pay-out tab', () => {
  it('shows the Overall view with the instalment title, the timeline and the rate pop-up', async () => {
    openRevenue('/internal/revenues/5/payout');
    expect(await screen.findByRole('heading', { name: 'Instalments: 3, settled: 1' })).toBeInTheDocument();
    const views = screen.getByRole('navigation', { name: 'Pay-out views' });
    expect(within(views).getByRole('link', { name: 'Overall' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('list', { name: 'Settlements of Alice Partner' })).toHaveTextContent(
      '2025/04/15 · PS-0001Settled amount: 1,000.00',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Rates of Alice Partner' }));
    const popup = await screen.findByRole('dialog', { name: 'Rates of Alice Partner' });
    expect(within(popup).getByText('Base rate').closest('tr')).toHaveTextContent('Base rate0.2500');
    expect(within(popup).getByText('Partner override').closest('tr')).toHaveTextContent(
      'Partner override0.0500',
    );
    fireEvent.click(within(popup).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rates of Alice Partner' })).toBeNull());
  });

  it('pages the Particular view one record at a time and starts again at the first on a new pay mode', async () => {
    const asked: string[] = [];
    openRevenue('/internal/revenues/5/payout?view=particular', {
      '/internal/revenues/payout_record/5': ({ url }) => {
        asked.push(url.search);
        const page = Number(url.searchParams.get('page'));
        return url.searchParams.get('pay_mode') === 'CHEQUE'
          ? payoutRecordsPage(page, 2, 'CHEQUE')
          : payoutRecordsPage(page, 6);
      },
    });
    expect(await screen.findByText('Displaying 1 - 1 of 6')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous record' })).toBeDisabled();
    const record = screen.getByRole('region', { name: 'Pay-out record' });
    expect(valueIn(record, 'Producer')).toBe('Producer 1');
    expect(valueIn(record, 'Pay mode')).toBe('Bank transfer');

    fireEvent.click(screen.getByRole('button', { name: 'Next record' }));
    expect(await screen.findByText('Displaying 2 - 2 of 6')).toBeInTheDocument();
    expect(currentLocation()).toBe('/internal/revenues/5/payout?view=particular&page=1');
    await waitFor(() =>
      expect(valueIn(screen.getByRole('region', { name: 'Pay-out record' }), 'Producer')).toBe('Producer 2'),
    );

    fireEvent.click(screen.getByRole('combobox', { name: 'Pay mode' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Cheque', hidden: true }));
    expect(await screen.findByText('Displaying 1 - 1 of 2')).toBeInTheDocument();
    expect(currentLocation()).toBe('/internal/revenues/5/payout?view=particular&pay_mode=CHEQUE');
    expect(asked).toEqual(['?page=0', '?page=1', '?pay_mode=CHEQUE&page=0']);

    fireEvent.click(screen.getByRole('button', { name: 'Next record' }));
    expect(await screen.findByText('Displaying 2 - 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next record' })).toBeDisabled();
  });
});
