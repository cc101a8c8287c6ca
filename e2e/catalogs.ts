import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Language } from '@portal/contract';

/**
 * Expected texts come from the web app's own catalogs, so a test checks that the page shows the catalog's text in
 * the right language, not a copy of it that could drift.
 */
export function catalogText(language: Language, namespace: string, key: string): string {
  const file = resolve(import.meta.dirname, `../apps/web/src/locales/${language}/${namespace}.json`);
  let node: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no text ${language}/${namespace}:${key}`);
  return node;
}

/** The `lang` attribute the page should carry for each UI language. */
export const HTML_LANG: Record<Language, RegExp> = { en: /^en/, zh: /^zh/, ja: /^ja/, kr: /^ko/ };
