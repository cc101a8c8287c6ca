import { describe, expect, it } from 'vitest';
import { resolvePlanTab, type TabRules, visibleTabs } from './plan-tabs';

const rules = (partial: Partial<TabRules> = {}): TabRules => ({
  isShowAssetsSelection: true,
  policyStatusCode: 'INF',
  forms: 'found',
  ...partial,
});

describe('plan-detail tabs (docs/product.md, "Client area")', () => {
  it('shows every tab for an active plan with assets selection and forms', () => {
    expect(visibleTabs(rules())).toEqual([
      'plan_overview',
      'plan_details',
      'assets_selection',
      'download_form',
    ]);
  });

  it('hides Assets Selection without the flag and falls back to Overview when it is asked for', () => {
    const noAssets = rules({ isShowAssetsSelection: false });
    expect(visibleTabs(noAssets)).not.toContain('assets_selection');
    expect(resolvePlanTab('assets_selection', noAssets)).toBe('plan_overview');
    expect(resolvePlanTab('assets_selection', rules())).toBe('assets_selection');
  });

  it.each(['COF', 'CAN', 'LAP', 'SUR', 'TOT'])('hides Form Download for terminated status %s', (code) => {
    const terminated = rules({ policyStatusCode: code, forms: 'found' });
    expect(visibleTabs(terminated)).not.toContain('download_form');
    expect(resolvePlanTab('download_form', terminated)).toBe('plan_overview');
  });

  it('hides Form Download when the forms lookup says Not Found, shows it for an error', () => {
    expect(visibleTabs(rules({ forms: 'notFound' }))).not.toContain('download_form');
    expect(resolvePlanTab('download_form', rules({ forms: 'notFound' }))).toBe('plan_overview');
    expect(visibleTabs(rules({ forms: 'error' }))).toContain('download_form');
  });

  it('keeps a linked Form Download tab while the forms are loading', () => {
    expect(resolvePlanTab('download_form', rules({ forms: 'loading' }))).toBe('download_form');
    expect(visibleTabs(rules({ forms: 'loading' }))).not.toContain('download_form');
  });

  it('defaults to Overview for no or unknown tab', () => {
    expect(resolvePlanTab(null, rules())).toBe('plan_overview');
    expect(resolvePlanTab('plan_secret', rules())).toBe('plan_overview');
    expect(resolvePlanTab('plan_details', rules())).toBe('plan_details');
  });
});
