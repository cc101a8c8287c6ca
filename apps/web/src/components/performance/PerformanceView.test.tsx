import { MantineProvider } from '@mantine/core';
import type { PerformanceResponse } from '@portal/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '../../lib/i18n';
import { formatReturn, PerformanceView } from './PerformanceView';

const answer: PerformanceResponse = {
  from: '2024-01-01',
  to: '2024-03-31',
  currency: 'USD',
  twr: '0.0734',
  mwr: '-0.0120',
  annualised: false,
  startValue: '1000.00',
  endValue: '8160.00',
  netFlows: '9000.00',
  gain: '-1840.00',
  series: [
    { date: '2023-12-31', value: '1000.00', netFlows: '0.00' },
    { date: '2024-01-31', value: '1200.00', netFlows: '0.00' },
    { date: '2024-02-29', value: '10200.00', netFlows: '9000.00' },
    { date: '2024-03-31', value: '8160.00', netFlows: '0.00' },
  ],
  flows: [{ date: '2024-02-29', amount: '9000.00' }],
  benchmark: {
    name: 'Global Balanced 60/40 Index (USD)',
    return: '0.0210',
    series: [
      { date: '2023-12-31', value: '1000.00' },
      { date: '2024-01-31', value: '1010.00' },
      { date: '2024-02-29', value: '10020.00' },
      { date: '2024-03-31', value: '10100.00' },
    ],
  },
  difference: {
    reason: 'addedBeforeFall',
    largestFlow: { date: '2024-02-29', amount: '9000.00' },
    returnAfterLargestFlow: '-0.2000',
  },
  notes: [],
  available: { from: '2020-01-01', to: '2024-03-31' },
  plans: ['IL0001'],
  accounts: [],
};

function renderView(
  data: PerformanceResponse = answer,
  onRange = vi.fn(),
  audience: 'client' | 'producer' = 'client',
) {
  render(
    <MantineProvider>
      <Suspense fallback="loading">
        <PerformanceView data={data} range={{ preset: 'inception' }} onRange={onRange} audience={audience} />
      </Suspense>
    </MantineProvider>,
  );
  return onRange;
}

describe('PerformanceView', () => {
  it('labels both returns with their method and period, and heads with the benchmark comparison', async () => {
    renderView();
    expect(
      await screen.findByRole('heading', { name: '+7.34% vs benchmark +2.10% (cumulative, not annualised)' }),
    ).toBeTruthy();
    expect(screen.getByTestId('twr').textContent).toBe('+7.34%');
    expect(screen.getByTestId('mwr').textContent).toBe('−1.20%');
    expect(screen.getByText(/Modified Dietz per month, chain-linked/)).toBeTruthy();
    expect(screen.getByText(/XIRR of your payments/)).toBeTruthy();
    expect(
      screen.getByText(/you added most of your money \(your largest payment, USD 9,000.00 on 2024\/02\/29\)/),
    ).toBeTruthy();
    expect(screen.getByText(/returned −20.00%/)).toBeTruthy();
  });

  it('shows the inputs and the table one click away, and reads months from the keyboard', async () => {
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Show the figures behind it' }));
    const inputs = document.querySelector('table.performance-inputs') as HTMLElement;
    expect(within(inputs).getByText('USD 9,000.00')).toBeTruthy();
    expect(within(inputs).getByText('USD -1,840.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show as a table' }));
    const table = screen.getByRole('table', { name: 'Month-end values and payments (USD)' });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(within(table).getByText('10,200.00')).toBeTruthy();
    const slider = screen.getByRole('slider');
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(slider.getAttribute('aria-valuetext')).toContain('2023/12/31');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(slider.getAttribute('aria-valuetext')).toContain('2024/01/31');
    expect(slider.getAttribute('aria-valuetext')).toContain('USD 1,200.00');
  });

  it('says why there is nothing to show instead of drawing an empty chart', async () => {
    renderView({
      ...answer,
      twr: null,
      mwr: null,
      series: [],
      flows: [],
      benchmark: null,
      difference: null,
      notes: ['noValuations'],
    });
    expect(await screen.findByText(/There are no valuations in this period/)).toBeTruthy();
    expect(screen.queryByRole('slider')).toBeNull();
  });

  it('speaks about the client, not to them, in the producer’s client detail', async () => {
    renderView({ ...answer, benchmark: null, mwr: null, notes: ['noRate'] }, vi.fn(), 'producer');
    expect(
      await screen.findByRole('heading', {
        name: "The client's return: +7.34% (cumulative, not annualised)",
      }),
    ).toBeTruthy();
    expect(screen.getByText(/XIRR of the client's payments/)).toBeTruthy();
    expect(screen.getByText(/whatever the client paid in or took out/)).toBeTruthy();
    expect(
      screen.getByText(/the client added most of their money \(their largest payment, USD 9,000.00/),
    ).toBeTruthy();
    expect(screen.getByText(/The client's payments and values have no single rate of return/)).toBeTruthy();
    const view = document.querySelector('.performance-view') as HTMLElement;
    expect(view.textContent).not.toMatch(/\byou(r)?\b/i);
  });

  describe('the edge cases each say what happened, never NaN or a blank', () => {
    const shows = async (data: PerformanceResponse, message: RegExp) => {
      renderView(data);
      expect(await screen.findByText(message)).toBeTruthy();
      const view = document.querySelector('.performance-view') as HTMLElement;
      expect(view.textContent).not.toMatch(/NaN|Infinity|undefined/);
      return view;
    };

    it('a plan younger than the range', async () => {
      await shows(
        { ...answer, notes: ['startsAfterFrom'] },
        /The history starts later than the period you chose/,
      );
    });

    it('a zero or negative start value: no time-weighted figure, a dash and the reason', async () => {
      await shows(
        { ...answer, startValue: '-200.00', twr: null, difference: null, notes: ['capitalNotPositive'] },
        /the value at work was zero or negative, so a time-weighted return cannot be given/,
      );
      expect(screen.getByTestId('twr').textContent).toBe('–');
      expect(screen.getByTestId('mwr').textContent).toBe('−1.20%');
      expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('–');
    });

    it('no money-weighted rate (all money paid in on the last day)', async () => {
      await shows(
        { ...answer, mwr: null, difference: null, notes: ['noRate'] },
        /no money-weighted return is shown/,
      );
      expect(screen.getByTestId('mwr').textContent).toBe('–');
    });

    it('flows on the first and the last day are in the months they were paid', async () => {
      const firstAndLast: PerformanceResponse = {
        ...answer,
        series: [
          { date: '2023-12-31', value: '0.00', netFlows: '0.00' },
          { date: '2024-01-31', value: '1010.00', netFlows: '1000.00' },
          { date: '2024-02-29', value: '1520.00', netFlows: '500.00' },
        ],
        flows: [
          { date: '2024-01-01', amount: '1000.00' },
          { date: '2024-02-29', amount: '500.00' },
        ],
        netFlows: '1500.00',
      };
      renderView(firstAndLast);
      fireEvent.click(await screen.findByRole('button', { name: 'Show as a table' }));
      const table = screen.getByRole('table', { name: 'Month-end values and payments (USD)' });
      const [, , january, february] = within(table).getAllByRole('row');
      expect(january?.textContent).toContain('1,000.00');
      expect(february?.textContent).toContain('500.00');
      expect(february?.textContent).toContain('1,500.00');
    });

    it('a plan surrendered in the range', async () => {
      await shows(
        { ...answer, endValue: '0.00', notes: ['surrendered', 'endsBeforeTo'] },
        /A plan was surrendered in this period: its payout counts as money taken out/,
      );
      expect(screen.getByText(/The latest valuation is earlier than the end you chose/)).toBeTruthy();
    });

    it('no valuations in the range, in every language', async () => {
      const empty = {
        ...answer,
        twr: null,
        mwr: null,
        series: [],
        flows: [],
        benchmark: null,
        difference: null,
      };
      try {
        for (const [language, text] of [
          ['zh', '此期間沒有估值，無法計算。請選擇其他期間。'],
          ['ja', 'この期間には評価額がないため計算できません。別の期間を選んでください。'],
          ['kr', '이 기간에는 평가액이 없어 계산할 수 없습니다. 다른 기간을 선택하세요.'],
          [
            'en',
            'There are no valuations in this period, so there is nothing to measure. Choose another period.',
          ],
        ] as const) {
          await switchLanguage(language);
          renderView({ ...empty, notes: ['noValuations'] });
          expect(await screen.findByText(text)).toBeTruthy();
          expect(screen.queryByRole('slider')).toBeNull();
          cleanup();
        }
      } finally {
        await switchLanguage('en');
      }
    });
  });

  it('asks for a preset range', async () => {
    const onRange = renderView();
    fireEvent.click(await screen.findByText('1Y'));
    expect(onRange).toHaveBeenCalledWith({ preset: '1y' });
  });

  it('formats returns with a sign and never NaN', () => {
    expect(formatReturn('0.0734')).toBe('+7.34%');
    expect(formatReturn('-0.0001')).toBe('−0.01%');
    expect(formatReturn('0.0000')).toBe('0.00%');
    expect(formatReturn(null)).toBe('–');
  });
});
