import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
// The contract's constants by path: the build config runs in Node, which cannot load the package's TypeScript.
import { DEFAULT_LANGUAGE, HTML_LANG, LANGUAGES } from '../../../packages/contract/src/constants.ts';

type Language = (typeof LANGUAGES)[number];

/**
 * One copy of each page per language (`index.ja.html`, `login.kr.html`, …) beside the English `index.html`: the
 * `<html lang>` of the page's language, and the SPA's first "Loading..." in it. The server sends the copy of the
 * URL's language (apps/server/src/plugins/spa.ts).
 *
 * Why: the SPA's document painted nothing until its scripts had run, so a phone on a slow network saw a blank page
 * for the whole download (Lighthouse's first contentful paint on My Plan: 2.1 s). The page now paints the loading
 * line at once, in the reader's language (no English inside a Chinese page), and a screen reader hears the page's
 * language from its first byte. React replaces the line when it renders (`createRoot` clears `#root`).
 */

/** The element in index.html whose text is the loading line (`app.loading` of the `common` catalog). */
const BOOT_TEXT = /(<p data-boot-text[^>]*>)([^<]*)(<\/p>)/;
const HTML_TAG_LANG = /<html lang="[^"]*"/;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page in `language`: its `lang` attribute and, where the page has one, its loading line. */
export function pageInLanguage(html: string, language: Language, loadingText: string): string {
  if (!HTML_TAG_LANG.test(html)) throw new Error('page-languages: the page has no <html lang="…">');
  return html
    .replace(HTML_TAG_LANG, `<html lang="${HTML_LANG[language]}"`)
    .replace(
      BOOT_TEXT,
      (_match, open: string, _text: string, close: string) => open + escapeHtml(loadingText) + close,
    );
}

/** The `app.loading` text of each language's `common` catalog under `localesDir`. */
export function loadingTexts(localesDir: string): Record<Language, string> {
  const texts = {} as Record<Language, string>;
  for (const language of LANGUAGES) {
    const catalog = JSON.parse(readFileSync(join(localesDir, language, 'common.json'), 'utf8')) as {
      app?: { loading?: string };
    };
    const text = catalog.app?.loading;
    if (!text) throw new Error(`page-languages: ${language}/common.json has no app.loading`);
    texts[language] = text;
  }
  return texts;
}

/** The file name of `page` in `language` (`index.html` → `index.ja.html`); the default language keeps the name. */
export function pageFileName(page: string, language: Language): string {
  return language === DEFAULT_LANGUAGE ? page : page.replace(/\.html$/, `.${language}.html`);
}

export function pageLanguages(options: { pages: readonly string[]; localesDir: string }): Plugin {
  let texts: Record<Language, string>;
  return {
    name: 'portal:page-languages',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      texts = loadingTexts(options.localesDir);
    },
    // After Vite's own HTML plugin has written the pages (scripts, preloads, styles).
    generateBundle(_output, bundle) {
      for (const page of options.pages) {
        const asset = bundle[page];
        if (asset?.type !== 'asset') throw new Error(`page-languages: ${page} is not in the bundle`);
        const html = String(asset.source);
        asset.source = pageInLanguage(html, DEFAULT_LANGUAGE, texts[DEFAULT_LANGUAGE]);
        for (const language of LANGUAGES) {
          if (language === DEFAULT_LANGUAGE) continue;
          this.emitFile({
            type: 'asset',
            fileName: pageFileName(page, language),
            source: pageInLanguage(html, language, texts[language]),
          });
        }
      }
    },
  };
}
