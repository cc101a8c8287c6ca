import type { Language } from '@portal/contract';
import { createContext, createElement, Fragment, type ReactNode, useContext } from 'react';

/**
 * The login page's translator: the SPA's own catalogs (`common` and `public` of one language, the same JSON files
 * i18next reads there), looked up with the few i18next rules those strings use — `{{name}}` values, `_one`/`_other`
 * plurals chosen by Intl.PluralRules from `count`, and `<tag>text</tag>` parts for links. i18next and its React
 * binding were ≈ 15 kB gz of the login page's first download; this is well under 1 kB.
 */

export type Catalog = { [key: string]: string | Catalog };
export type Values = Record<string, string | number>;

type CatalogModule = { default: Catalog };
// Each catalog stays its own chunk (shared with the SPA, which imports the same files), and only the page's language
// is downloaded.
const commonCatalogs = import.meta.glob<CatalogModule>('../locales/*/common.json');
const publicCatalogs = import.meta.glob<CatalogModule>('../locales/*/public.json');

export interface Catalogs {
  common: Catalog;
  public: Catalog;
}

export async function loadCatalogs(language: Language): Promise<Catalogs> {
  const load = (modules: Record<string, () => Promise<CatalogModule>>, namespace: string) => {
    const loader = modules[`../locales/${language}/${namespace}.json`];
    return loader ? loader().then((module) => module.default) : Promise.resolve({});
  };
  const [common, publicCatalog] = await Promise.all([
    load(commonCatalogs, 'common'),
    load(publicCatalogs, 'public'),
  ]);
  return { common, public: publicCatalog };
}

/** Intl's plural rules take BCP 47 codes; the portal's `kr` is Korean. */
const PLURAL_LOCALE: Record<Language, string> = { en: 'en', ja: 'ja', zh: 'zh-Hant', kr: 'ko' };

function lookup(catalog: Catalog, key: string): string | undefined {
  let node: string | Catalog | undefined = catalog;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export interface Translator {
  language: Language;
  /** `key` in `common`; `public:key` in the public catalog. A missing key shows as itself, as i18next does. */
  t: (key: string, values?: Values) => string;
  /** A string whose `<name>…</name>` parts become the given elements (i18next's Trans, for links in a sentence). */
  rich: (key: string, parts: Record<string, (children: string) => ReactNode>) => ReactNode;
}

export function createTranslator(language: Language, catalogs: Catalogs): Translator {
  const plural = new Intl.PluralRules(PLURAL_LOCALE[language]);
  const raw = (qualified: string, values?: Values): string => {
    const [namespace, key] = qualified.includes(':')
      ? (qualified.split(':', 2) as [keyof Catalogs, string])
      : (['common', qualified] as const);
    const catalog = catalogs[namespace] ?? {};
    const count = values?.count;
    const found =
      (typeof count === 'number' &&
        (lookup(catalog, `${key}_${plural.select(count)}`) ?? lookup(catalog, `${key}_other`))) ||
      lookup(catalog, key);
    return found ?? key;
  };
  const t = (key: string, values?: Values) =>
    raw(key, values).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      values && name in values ? String(values[name]) : whole,
    );
  const rich = (key: string, parts: Record<string, (children: string) => ReactNode>) => {
    const nodes: ReactNode[] = [];
    const text = t(key);
    const tag = /<(\w+)>(.*?)<\/\1>/g;
    let at = 0;
    for (let match = tag.exec(text); match; match = tag.exec(text)) {
      if (match.index > at) nodes.push(text.slice(at, match.index));
      const render = parts[match[1] as string];
      nodes.push(render ? render(match[2] ?? '') : (match[2] ?? ''));
      at = match.index + match[0].length;
    }
    if (at < text.length) nodes.push(text.slice(at));
    return createElement(
      Fragment,
      null,
      ...nodes.map((node, index) => createElement(Fragment, { key: index }, node)),
    );
  };
  return { language, t, rich };
}

export const TranslatorContext = createContext<Translator | null>(null);

export function useT(): Translator {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useT outside the login page');
  return translator;
}
