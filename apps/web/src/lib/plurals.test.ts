import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';

describe('plural messages', () => {
  it('say "1 plan" and "2 plans" in English, and use the one form of Chinese, Japanese and Korean', async () => {
    await i18n.loadLanguages(['en', 'zh', 'ja', 'kr']);
    await i18n.loadNamespaces('client');
    await i18n.reloadResources(['en', 'zh', 'ja', 'kr'], ['client']);
    const count = (language: string, n: number) =>
      i18n.getFixedT(language, 'client')('myPlan.chartCenter', { count: n });
    expect(count('en', 1)).toBe('1 plan');
    expect(count('en', 2)).toBe('2 plans');
    expect(count('zh', 1)).toBe('1 份計劃');
    expect(count('ja', 1)).toBe('1 件のプラン');
    expect(count('kr', 3)).toBe('플랜 3개');
  });
});
