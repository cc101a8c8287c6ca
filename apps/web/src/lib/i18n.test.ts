import { afterAll, describe, expect, it } from 'vitest';
import { i18n, switchLanguage } from './i18n';

describe('catalogs per language', () => {
  afterAll(async () => {
    await switchLanguage('en');
  });

  it('starts with English only (test setup loads it as main.tsx does): the other languages are not downloaded', () => {
    expect(i18n.hasResourceBundle('en', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'domain')).toBe(true);
    for (const language of ['zh', 'ja', 'kr']) expect(i18n.hasResourceBundle(language, 'common')).toBe(false);
  });

  it('switches only once the new language is here, so the first render in it already has its text', async () => {
    const seenAtChange: string[] = [];
    const onChange = (language: string) => seenAtChange.push(i18n.t('app.close', { lng: language }));
    i18n.on('languageChanged', onChange);
    const switching = switchLanguage('zh');
    expect(i18n.language).toBe('en');
    await switching;
    i18n.off('languageChanged', onChange);
    expect(i18n.language).toBe('zh');
    expect(seenAtChange).toEqual(['關閉']);
    expect(i18n.hasResourceBundle('zh', 'domain')).toBe(true);
    expect(i18n.hasResourceBundle('ja', 'common')).toBe(false);
  });

  it('lets the later of two quick switches win', async () => {
    await Promise.all([switchLanguage('ja'), switchLanguage('kr')]);
    expect(i18n.language).toBe('kr');
    expect(i18n.t('app.close')).toBe('닫기');
  });
});
