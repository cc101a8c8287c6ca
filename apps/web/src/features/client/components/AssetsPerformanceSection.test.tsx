import { MantineProvider } from '@mantine/core';
import type { AssetsPerformance } from '@portal/contract';
import { render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import '../../../lib/i18n';
import { AssetsPerformanceSection } from './AssetsPerformanceSection';

const performance: AssetsPerformance = {
  currency: 'USD',
  totalPortfolioValue: '35273.49',
  totalPremiumPaid: '28140.00',
  totalWithdrawalAmount: '0.00',
  gainLoss: '7133.49',
  gainLossPercentage: '25.35',
  history: [
    { month: '2026-02', asOfDate: '2026-02-28', value: '31000.10' },
    { month: '2026-03', asOfDate: '2026-03-31', value: '31950.00' },
    { month: '2026-04', asOfDate: '2026-04-30', value: '1234567.8' },
    { month: '2026-05', asOfDate: '2026-05-31', value: '35273.49' },
  ],
};

function renderSection() {
  return render(
    <MantineProvider>
      <Suspense fallback="loading">
        <AssetsPerformanceSection performance={performance} />
      </Suspense>
    </MantineProvider>,
  );
}

describe('AssetsPerformanceSection', () => {
  it('puts every month-end value in the text alternative, amounts with 2 decimals and separators', async () => {
    renderSection();
    const table = await screen.findByRole('table', { name: 'Month-end values in USD' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['2026/02/28', 'USD 31,000.10'],
      ['2026/03/31', 'USD 31,950.00'],
      ['2026/04/30', 'USD 1,234,567.80'],
      ['2026/05/31', 'USD 35,273.49'],
    ]);
  });

  it('draws a line and an area through every month, hidden from screen readers, with formatted axis labels', async () => {
    const { container } = renderSection();
    await screen.findByRole('table', { name: 'Month-end values in USD' });
    const chart = container.querySelector('.area-chart') as HTMLElement;
    expect(chart.closest('[aria-hidden="true"]')).not.toBeNull();
    const svg = chart.querySelector('svg') as SVGSVGElement;
    expect(svg.getAttribute('viewBox')).toMatch(/^0 0 \d+ 200$/);
    const line = chart.querySelector('.area-chart-line')?.getAttribute('d') ?? '';
    // A move and one curve per month after the first.
    expect(line.match(/C/g)).toHaveLength(3);
    const yLabels = [...chart.querySelectorAll('.area-chart-y-axis text')].map((text) => text.textContent);
    expect(yLabels[0]).toBe('0.00');
    expect(yLabels.at(-1)).toBe('1,400,000.00');
    const titles = [...chart.querySelectorAll('.area-chart-hover title')].map((title) => title.textContent);
    expect(titles).toEqual([
      '2026/02: 31,000.10',
      '2026/03: 31,950.00',
      '2026/04: 1,234,567.80',
      '2026/05: 35,273.49',
    ]);
  });
});
