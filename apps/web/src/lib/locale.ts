import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@portal/contract';
import { createContext, useContext } from 'react';

/**
 * Every route may start with a locale segment (docs/web.md, "URLs"): /zh/b2b, /ja/login… No segment means English.
 * The segment picks the UI language and the API prefix.
 */

export interface UrlLocale {
  /** The language named by the URL's first segment, undefined when there is no locale segment. */
  urlLanguage: Language | undefined;
  /** The path after the locale segment, always starting with '/'. */
  rest: string;
}

export function splitLocale(pathname: string): UrlLocale {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const segment = match?.[1];
  if (segment && (LANGUAGES as readonly string[]).includes(segment)) {
    return { urlLanguage: segment as Language, rest: match?.[2] ?? '/' };
  }
  return { urlLanguage: undefined, rest: pathname || '/' };
}

/** Locale prefixes a site accepts in its URLs (the contract's rule, which the server's page routing shares). */

export function localePrefix(language: Language | undefined): string {
  return language ? `/${language}` : '';
}

/** The same page in another language: only the locale segment of the URL changes. */
export function pathInLanguage(pathname: string, search: string, language: Language): string {
  const { rest } = splitLocale(pathname);
  const prefix = language === DEFAULT_LANGUAGE ? '' : localePrefix(language);
  return `${prefix}${rest === '/' && prefix ? '' : rest}${search}` || '/';
}

/** `lang` attribute values (the contract's, which the build's per-language pages use too). */
export { HTML_LANG } from '@portal/contract';

export interface LocaleState {
  /** The language the UI shows (the URL's, or English when the URL has none or the site does not offer it). */
  language: Language;
  /** '' or '/zh': put it in front of every in-app path so the user stays in their language. */
  prefix: string;
  /** True when the URL's locale segment is not offered on this site: the page shows Not Found. */
  unsupported: boolean;
}

export const LocaleContext = createContext<LocaleState>({
  language: DEFAULT_LANGUAGE,
  prefix: '',
  unsupported: false,
});

export function useLocale(): LocaleState {
  return useContext(LocaleContext);
}

/** Builds an in-app path that keeps the current locale prefix: to('/b2b/clients') → '/zh/b2b/clients'. */
export function useLocalePath(): (path: string) => string {
  const { prefix } = useLocale();
  return (path: string) => `${prefix}${path.startsWith('/') ? path : `/${path}`}`;
}
