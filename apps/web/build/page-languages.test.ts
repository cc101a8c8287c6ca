import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadingTexts, pageFileName, pageInLanguage } from './page-languages';

const webRoot = process.cwd().endsWith('web') ? process.cwd() : join(process.cwd(), 'apps/web');
const source = (name: string) => readFileSync(join(webRoot, name), 'utf8');

describe('pageInLanguage', () => {
  const texts = loadingTexts(join(webRoot, 'src/locales'));

  it('gives the SPA page the language of its URL: html lang and the loading line from the catalog', () => {
    const ja = pageInLanguage(source('index.html'), 'ja', texts.ja);
    expect(ja).toContain('<html lang="ja"');
    expect(ja).toContain(`<p data-boot-text>${texts.ja}</p>`);
    expect(ja).not.toContain('Loading...');
    expect(pageInLanguage(source('index.html'), 'kr', texts.kr)).toContain('<html lang="ko"');
    expect(pageInLanguage(source('index.html'), 'zh', texts.zh)).toContain('<html lang="zh-Hant"');
  });

  it('changes nothing else in the page', () => {
    const html = source('index.html');
    const zh = pageInLanguage(html, 'zh', texts.zh);
    const strip = (text: string) =>
      text.replace(/<html lang="[^"]*"/, '').replace(/data-boot-text>[^<]*/, '');
    expect(strip(zh)).toBe(strip(html));
  });

  it('the login page has no loading line; only its lang changes', () => {
    expect(pageInLanguage(source('login.html'), 'kr', texts.kr)).toBe(
      source('login.html').replace('<html lang="en"', '<html lang="ko"'),
    );
  });

  it('escapes the text as HTML', () => {
    expect(pageInLanguage('<html lang="en"><p data-boot-text>x</p>', 'en', 'a < b & "c"')).toBe(
      '<html lang="en"><p data-boot-text>a &lt; b &amp; &quot;c&quot;</p>',
    );
  });

  it('every language has its loading line', () => {
    expect(Object.keys(texts).sort()).toEqual(['en', 'ja', 'kr', 'zh']);
    expect(new Set(Object.values(texts)).size).toBe(4);
  });
});

describe('pageFileName', () => {
  it('keeps the default language on the page itself and names the others', () => {
    expect(pageFileName('index.html', 'en')).toBe('index.html');
    expect(pageFileName('index.html', 'ja')).toBe('index.ja.html');
    expect(pageFileName('login.html', 'kr')).toBe('login.kr.html');
  });
});
