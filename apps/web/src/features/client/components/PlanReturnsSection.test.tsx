import type { PerformanceResponse } from '@portal/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { createQueryClient } from '../../../app/query-client';
import { mockApi } from '../../../test/render-app';
import { PlanReturnsSection } from './PlanReturnsSection';

afterEach(() => vi.unstubAllGlobals());

const ANSWER: PerformanceResponse = {
  from: '2024-01-01',
  to: '2024-02-29',
  currency: 'HKD',
  twr: '0.0500',
  mwr: '0.0400',
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
  plans: ['IL0001'],
  accounts: [],
};

describe('plan detail returns', () => {
  it('measures this plan since inception, then over the period the client picks', async () => {
    const asked: URLSearchParams[] = [];
    mockApi({
      '/b2c/performance': ({ url }) => {
        asked.push(url.searchParams);
        return ANSWER;
      },
    });
    render(
      <AppProviders queryClient={createQueryClient({ retry: false })}>
        <MemoryRouter>
          <PlanReturnsSection planNo="IL0001" />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByTestId('twr')).toHaveTextContent('+5.00%');
    expect(asked[0]?.get('planNo')).toBe('IL0001');
    expect(asked[0]?.get('preset')).toBe('inception');
    // The client's own wording here ("your payments"), not the producer's.
    expect(screen.getByText(/XIRR of your payments/)).toBeInTheDocument();

    fireEvent.click(screen.getByText('1Y'));
    await waitFor(() => expect(asked.at(-1)?.get('preset')).toBe('1y'));
    expect(asked.at(-1)?.get('planNo')).toBe('IL0001');
  });
});
