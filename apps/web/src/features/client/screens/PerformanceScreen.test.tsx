import type { PerformanceResponse } from '@portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aClient, meWith } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

/**
 * An answer shaped by what was asked: the plan, account and currency it measured show in the figures and the period
 * line.
 */
function answerTo(search: URLSearchParams): PerformanceResponse {
  const planNo = search.get('planNo');
  const partyId = search.get('partyId');
  const currency = (search.get('currency') ?? (planNo ? 'HKD' : 'USD')) as PerformanceResponse['currency'];
  return {
    from: '2024-01-01',
    to: '2024-02-29',
    currency,
    twr: planNo ? '0.0500' : partyId ? '0.0621' : '0.0734',
    mwr: planNo ? '0.0400' : '0.0612',
    annualised: false,
    startValue: '1000.00',
    endValue: '1100.00',
    netFlows: '0.00',
    gain: '100.00',
    series: [
      { date: '2023-12-31', value: '1000.00', netFlows: '0.00' },
      { date: '2024-01-31', value: '1050.00', netFlows: '0.00' },
      { date: '2024-02-29', value: '1100.00', netFlows: '0.00' },
    ],
    flows: [],
    benchmark: null,
    difference: null,
    notes: [],
    available: { from: '2020-01-01', to: '2024-02-29' },
    plans: planNo ? [planNo] : ['IL0001', 'FD0002'],
    accounts: planNo ? [] : [{ partyId: 812, accountNo: 'CS0001' }],
  };
}

describe('Performance screen', () => {
  it('measures the whole portfolio, then the account, the plan and the reporting currency the client picks', async () => {
    const asked: string[] = [];
    renderApp('/b2c/performance', {
      me: meWith({ currentClient: aClient }),
      handlers: {
        '/b2c/performance': ({ url }) => {
          asked.push(url.search);
          return answerTo(url.searchParams);
        },
      },
    });
    expect(await screen.findByTestId('twr')).toHaveTextContent('+7.34%');
    expect(asked.every((search) => !search.includes('planNo'))).toBe(true);

    // The consolidated account, then a plan: one picker, each asking for its own figure.
    fireEvent.click(screen.getByLabelText('Returns for', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Account CS0001', hidden: true }));
    await waitFor(() => expect(screen.getByTestId('twr')).toHaveTextContent('+6.21%'));
    expect(asked.at(-1)).toContain('partyId=812');
    expect(asked.at(-1)).not.toContain('planNo');

    fireEvent.click(screen.getByLabelText('Returns for', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'FD0002', hidden: true }));
    await waitFor(() => expect(screen.getByTestId('twr')).toHaveTextContent('+5.00%'));
    expect(asked.at(-1)).toContain('planNo=FD0002');
    expect(asked.at(-1)).not.toContain('partyId');
    expect(screen.getByText(/in HKD/)).toBeInTheDocument();

    fireEvent.click(screen.getByLabelText('Reporting currency', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'USD', hidden: true }));
    await waitFor(() => expect(asked.at(-1)).toContain('currency=USD'));
    expect(asked.at(-1)).toContain('planNo=FD0002');
    expect(await screen.findByText(/in USD/)).toBeInTheDocument();
  });
});
