import type { PlanDetail } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aClient, meWith } from '../../../test/fixtures';
import { type ApiHandler, jsonResponse, renderApp } from '../../../test/render-app';
import { planDetail, planList } from '../test/plan-fixtures';

const me = meWith({ currentClient: aClient });

const aForm = {
  product_type_title: 'ILAS',
  provider_title: 'Zurich',
  title: 'Fund switching form',
  form_type: 'original' as const,
  document: '/forms/zurich/fund-switch.pdf',
};

function openPlan(path: string, plan: PlanDetail, forms: ApiHandler = () => ({ data: [aForm] })) {
  return renderApp(path, {
    me,
    handlers: {
      '/b2c/plans': () => ({ data: planList }),
      [`/b2c/plans/${plan.id}`]: () => plan,
      [`/b2c/plans/${plan.id}/forms`]: forms,
    },
  });
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const selectedTab = () => screen.getByRole('tab', { selected: true }).textContent;

describe('plan detail', () => {
  it('shows the four tabs, Overview first, with the plan highlighted in the side list', async () => {
    openPlan('/b2c/plan_detail/11', planDetail());
    await screen.findByRole('tab', { name: 'Form Download' });
    expect(tabNames()).toEqual(['Overview', 'Details', 'Assets Selection', 'Form Download']);
    expect(selectedTab()).toBe('Overview');
    expect(screen.getByRole('heading', { level: 1, name: 'Wealth Builder' })).toBeInTheDocument();
    const side = screen.getByRole('navigation', { name: 'All my plans' });
    expect(within(side).getByRole('link', { current: 'page' })).toHaveTextContent('Wealth Builder');
    expect(within(side).getByText('Insurance Plan')).toBeInTheDocument();
  });

  it('formats units and prices with 4 decimals, amounts with 2, valuation with its currency and rate', async () => {
    openPlan('/b2c/plan_detail/11', planDetail());
    const table = await screen.findByRole('table', { name: /Fund and cash holdings/ });
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toContain('1,234.5000');
    expect(cells).toContain('12.3457');
    expect(cells).toContain('USD 15,240.74');
    expect(cells).toContain('7.8000');
    expect(cells).toContain('HKD 118,877.77');
    expect(screen.getByText('Unit prices and values as of 2026/05/29')).toBeInTheDocument();
    expect(screen.getAllByText('HKD 785,432.10').length).toBeGreaterThan(0);
  });

  it('shows the exchange rate the valuation was computed with, every digit of it', async () => {
    const [fund] = planDetail().holdings;
    const yen = {
      ...(fund as PlanDetail['holdings'][number]),
      currency: 'JPY',
      value: '42103033.60',
      exchangeRate: '0.00667123',
      valuationValue: '280879.02',
      currencyPrefix: 'USD',
    };
    openPlan('/b2c/plan_detail/11', planDetail({ valuationCurrency: 'USD', holdings: [yen] }));
    const table = await screen.findByRole('table', { name: /Fund and cash holdings/ });
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // 42,103,033.60 × 0.00667123 = 280,879.02
    expect(cells).toContain('0.00667123');
    expect(cells).toContain('USD 280,879.02');
  });

  it('shows ABF/ETF lots with their currency, apart from the plan total', async () => {
    const lot = {
      code: 'ABF-HK',
      name: 'ABF Hong Kong Bond Index Fund',
      currency: 'HKD',
      unitHeld: '1200.0000',
      price: '112.3400',
      valueOn: '2026-05-29',
      value: '134808.00',
    };
    openPlan(
      '/b2c/plan_detail/11',
      planDetail({ additionalHoldings: { abfFund: [lot], etfFund: [] }, isAdditionalFundExist: true }),
    );
    const table = await screen.findByRole('table', { name: /ABF/ });
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toContain('HKD 134,808.00');
    expect(screen.getByText(/not included in its total portfolio value/)).toBeInTheDocument();
  });

  it('renders the life disclaimer as sanitized HTML', async () => {
    openPlan('/b2c/plan_detail/11', planDetail());
    const bold = await screen.findByText('not guaranteed');
    expect(bold.tagName).toBe('B');
    expect(document.querySelector('.sanitized-html script')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('keeps the active tab in the URL', async () => {
    openPlan('/b2c/plan_detail/11', planDetail());
    fireEvent.click(await screen.findByRole('tab', { name: 'Details' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/b2c/plan_detail/11?tab=plan_details');
    expect(await screen.findByText('Siu Ming Chan')).toBeInTheDocument();
  });

  it('falls back to Overview when Assets Selection is asked for but the plan has none', async () => {
    openPlan('/b2c/plan_detail/11?tab=assets_selection', planDetail({ isShowAssetsSelection: false }));
    await screen.findByRole('tab', { name: 'Form Download' });
    expect(tabNames()).toEqual(['Overview', 'Details', 'Form Download']);
    expect(selectedTab()).toBe('Overview');
  });

  it('opens a linked Assets Selection tab when the plan has it', async () => {
    openPlan('/b2c/plan_detail/11?tab=assets_selection', planDetail());
    expect(await screen.findByRole('button', { name: 'Open assets selection document' })).toBeInTheDocument();
    expect(selectedTab()).toBe('Assets Selection');
  });

  it('never offers forms for a terminated plan, and does not even look them up', async () => {
    const { fetchMock } = openPlan(
      '/b2c/plan_detail/14?tab=download_form',
      planDetail({ id: 14, policyStatusCode: 'LAP', policyStatus: 'Lapsed', isTerminated: true }),
    );
    await screen.findByRole('tab', { name: 'Details' });
    expect(tabNames()).not.toContain('Form Download');
    expect(selectedTab()).toBe('Overview');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/forms'))).toBe(false);
    // No monthly statement for a terminated plan; the provider statement stays.
    expect(screen.queryByRole('button', { name: 'View statement' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Provider statement' })).toBeInTheDocument();
  });

  it('hides the Form Download tab when the forms API answers Not Found', async () => {
    openPlan('/b2c/plan_detail/11?tab=download_form', planDetail(), () =>
      jsonResponse({ error: 'Not Found' }, 404),
    );
    await waitFor(() => expect(selectedTab()).toBe('Overview'));
    expect(tabNames()).toEqual(['Overview', 'Details', 'Assets Selection']);
  });

  it('hides the Form Download tab when the plan has no forms (an empty list)', async () => {
    openPlan('/b2c/plan_detail/11?tab=download_form', planDetail(), () => ({ data: [] }));
    await waitFor(() => expect(selectedTab()).toBe('Overview'));
    expect(tabNames()).toEqual(['Overview', 'Details', 'Assets Selection']);
  });

  it('lists the forms with type and document link', async () => {
    openPlan('/b2c/plan_detail/11?tab=download_form', planDetail());
    const table = await screen.findByRole('table', { name: 'Forms for this plan' });
    expect(within(table).getByText('Fund switching form')).toBeInTheDocument();
    expect(within(table).getByText('Original')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: /Download Fund switching form/ })).toHaveAttribute(
      'href',
      '/forms/zurich/fund-switch.pdf',
    );
  });

  it('says "error" in the Form Download tab when the forms lookup fails', async () => {
    openPlan('/b2c/plan_detail/11?tab=download_form', planDetail(), () =>
      jsonResponse({ error: 'boom' }, 502),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('error');
  });

  it('hides life policy values when the plan disables the section', async () => {
    const values = {
      valueDate: '2026-05-31',
      currency: 'USD',
      cashValue: '10500.5',
      accumulatedDividend: null,
      futureDeposit: null,
      loanBalance: null,
      nextLevy: null,
      accumulatedGuaranteedCoupon: null,
      terminalDividend: null,
      surrenderValue: '9800',
      nextDuePremium: null,
      vitalityDiscount: null,
      premiumRefund: null,
      totalPolicyValue: '10500.5',
    };
    const { unmount } = openPlan('/b2c/plan_detail/12', planDetail({ id: 12, lifePolicyValues: values }));
    expect(await screen.findByRole('heading', { name: 'Policy values' })).toBeInTheDocument();
    expect(screen.getByText('Surrender Value').nextSibling).toHaveTextContent('USD 9,800.00');
    unmount();
    openPlan(
      '/b2c/plan_detail/12',
      planDetail({ id: 12, lifePolicyValues: values, disabledPolicyValueSection: true }),
    );
    await screen.findByRole('tab', { name: 'Overview' });
    expect(screen.queryByRole('heading', { name: 'Policy values' })).toBeNull();
  });

  it('shows the total portfolio value alert when the plan flags it', async () => {
    openPlan('/b2c/plan_detail/11', planDetail({ totalPortfolioValueAlert: true }));
    expect(await screen.findByText(/may not yet include recent transactions/)).toBeInTheDocument();
  });
});
