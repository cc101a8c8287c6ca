import {
  LANGUAGES,
  POLICY_STATUS_CODES,
  PRODUCT_CATEGORIES,
  PRODUCT_CODE_LEGEND,
  REPORT_KEYS,
  STAGES,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const catalogs = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });

function filesOf(language: string): string[] {
  return Object.keys(catalogs)
    .filter((path) => path.startsWith(`./${language}/`))
    .map((path) => path.slice(`./${language}/`.length))
    .sort();
}

function load(language: string, namespace: string): Tree {
  return catalogs[`./${language}/${namespace}.json`] ?? {};
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const PLURAL_LOCALE: Record<string, string> = { en: 'en', zh: 'zh-Hant', ja: 'ja', kr: 'ko' };

/** The plural forms i18next looks up in a language (`key_one`, `key_other` …), from the CLDR rules. */
function pluralForms(language: string): string[] {
  return new Intl.PluralRules(PLURAL_LOCALE[language] ?? language)
    .resolvedOptions()
    .pluralCategories.slice()
    .sort();
}

/**
 * Keys with the plural suffix dropped, each once: languages differ in their plural forms (English one/other,
 * Chinese, Japanese and Korean only other), so the same message has different leaves in each.
 */
function messageKeys(tree: Tree): Set<string> {
  return new Set([...leaves(tree).keys()].map((key) => key.replace(PLURAL_SUFFIX, '')));
}

/** For each plural message: the forms the catalog gives. */
function pluralsOf(tree: Tree): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const key of leaves(tree).keys()) {
    const match = PLURAL_SUFFIX.exec(key);
    if (!match) continue;
    const base = key.slice(0, match.index);
    result.set(base, [...(result.get(base) ?? []), match[1] ?? ''].sort());
  }
  return result;
}

/** 'a.b.c' → value, for every leaf. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(path, value);
    else for (const [k, v] of leaves(value, path)) result.set(k, v);
  }
  return result;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1] ?? '').sort();
}

const namespaces = filesOf('en').map((file) => file.replace(/\.json$/, ''));

/** Keys whose value is blank on purpose (docs/product.md, "Policy statuses": CFM has a blank label). */
const INTENTIONALLY_BLANK = new Set(['domain:policyStatus.CFM']);

describe('locale catalogs', () => {
  it('have one folder per language with the same namespace files', () => {
    for (const language of LANGUAGES) {
      expect(filesOf(language), language).toEqual(namespaces.map((ns) => `${ns}.json`).sort());
    }
  });

  for (const namespace of namespaces) {
    const english = leaves(load('en', namespace));
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      it(`${language}/${namespace} has every key of en, and no extra ones`, () => {
        const englishKeys = messageKeys(load('en', namespace));
        const other = messageKeys(load(language, namespace));
        const missing = [...englishKeys].filter((key) => !other.has(key));
        const extra = [...other].filter((key) => !englishKeys.has(key));
        expect(missing, `missing in ${language}/${namespace}`).toEqual([]);
        expect(extra, `extra in ${language}/${namespace}`).toEqual([]);
      });

      it(`${language}/${namespace} keeps the same {{placeholders}} and has no blank texts`, () => {
        const other = leaves(load(language, namespace));
        for (const [key, value] of english) {
          // A plural form English has and this language does not (en "_one" in Japanese) is checked below.
          const translated = other.get(key) ?? other.get(key.replace(PLURAL_SUFFIX, '_other')) ?? '';
          expect(placeholders(translated), `${language}/${namespace}:${key}`).toEqual(placeholders(value));
          if (!INTENTIONALLY_BLANK.has(`${namespace}:${key}`)) {
            expect(translated.trim(), `${language}/${namespace}:${key} is blank`).not.toBe('');
          }
        }
      });
    }
  }

  it('give every plural message exactly the plural forms of each language (i18next _one/_other …)', () => {
    for (const language of LANGUAGES) {
      for (const namespace of namespaces) {
        for (const [key, forms] of pluralsOf(load(language, namespace))) {
          expect(forms, `${language}/${namespace}:${key}`).toEqual(pluralForms(language));
        }
      }
    }
  });

  it('label every contract code the shell shows', () => {
    const domain = leaves(load('en', 'domain'));
    for (const code of PRODUCT_CATEGORIES) expect(domain.has(`productCategory.${code}`), code).toBe(true);
    for (const code of POLICY_STATUS_CODES) expect(domain.has(`policyStatus.${code}`), code).toBe(true);
    for (const stage of STAGES) expect(domain.has(`stage.${stage}`), `stage ${stage}`).toBe(true);
    for (const code of PRODUCT_CODE_LEGEND) expect(domain.has(`productCode.${code}`), code).toBe(true);
    for (const key of Object.values(REPORT_KEYS)) expect(domain.has(`reportType.${key}`), key).toBe(true);
    expect(domain.get('policyStatus.CFM')).toBe('');
  });

  it('write Traditional (not Simplified) Chinese in zh', () => {
    const text = namespaces.flatMap((ns) => [...leaves(load('zh', ns)).values()]).join('');
    // Characters that only exist in Simplified Chinese and have common Traditional forms.
    expect(text).not.toMatch(/[们个这来说为务户报码户设删选项账单时间后]/);
  });
});
