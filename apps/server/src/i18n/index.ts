import type { Language } from '@portal/contract';
import { en, type Messages } from './en.js';
import { ja } from './ja.js';
import { kr } from './kr.js';
import { zh } from './zh.js';

const catalogs: Record<Language, Messages> = { en, ja, zh, kr };

type Join<K, P> = K extends string ? (P extends string ? `${K}.${P}` : never) : never;
type Paths<T> = { [K in keyof T]: T[K] extends string ? K : Join<K, Paths<T[K]>> }[keyof T];
/** Every key of the catalog, e.g. 'errors.notFound', checked at compile time. */
export type MessageKey = Paths<Messages>;

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

function lookup(catalog: Messages, key: string): string | undefined {
  let node: unknown = catalog;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function hasMessage(key: string): key is MessageKey {
  return lookup(en, key) !== undefined;
}

export function translator(language: Language): Translate {
  const catalog = catalogs[language];
  return (key, vars) => {
    const text = lookup(catalog, key) ?? lookup(en, key) ?? key;
    return vars ? text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? '')) : text;
  };
}
