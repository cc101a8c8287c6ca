import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@portal/contract';
import i18n, { type BackendModule, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Catalogs live in src/locales/{lang}/{namespace}.json, each its own chunk.
 * - `common` (shell, menus, errors) and `domain` (product categories, statuses, stages, legends, report types) are
 *   what every screen needs: main.tsx loads them for the page's language before the first render, and a language
 *   switch loads the new language's pair before changing (switchLanguage), so no screen ever shows raw keys.
 *   Only the language in use is downloaded (the other three were ~36 kB in every first visit).
 * - Any other namespace (public, client, producer, internal, or one an area adds) loads the first time a component
 *   calls useTranslation('<ns>'); the Suspense boundary around routes covers the wait.
 */
export const EAGER_NAMESPACES = ['common', 'domain'] as const;

type Catalog = { default: ResourceLanguage };

const catalogs = import.meta.glob<Catalog>('../locales/*/*.json');

function catalogPath(language: string, namespace: string): string {
  return `../locales/${language}/${namespace}.json`;
}

function loadCatalog(language: string, namespace: string): Promise<ResourceLanguage> {
  const load = catalogs[catalogPath(language, namespace)];
  return load ? load().then((catalog) => catalog.default) : Promise.resolve({});
}

const lazyCatalogBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    loadCatalog(language, namespace).then(
      (catalog) => callback(null, catalog),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

void i18n
  .use(lazyCatalogBackend)
  .use(initReactI18next)
  .init({
    resources: {},
    partialBundledLanguages: true,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...EAGER_NAMESPACES],
    defaultNS: 'common',
    // Keep 'kr' as the portal's code for Korean instead of letting i18next treat it as a region.
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnEmptyString: true,
    initAsync: false,
    react: { useSuspense: true },
  });

/** Puts a language's catalogs in the store (once each); a failed download is retried on the next call. */
export async function loadCatalogs(language: Language, namespaces: readonly string[]): Promise<void> {
  const missing = namespaces.filter((namespace) => !i18n.hasResourceBundle(language, namespace));
  await Promise.all(
    missing.map(async (namespace) => {
      i18n.addResourceBundle(language, namespace, await loadCatalog(language, namespace), true, true);
    }),
  );
}

/** A language's `common` and `domain`, which every screen uses. */
export function loadEagerCatalogs(language: Language): Promise<void> {
  return loadCatalogs(language, EAGER_NAMESPACES);
}

/**
 * Changes the UI language once its shared catalogs are here, so components that only use `common`/`domain` switch
 * in one render instead of suspending (or showing keys). A switch that fails to download stays on the old language.
 */
let wanted: Language | undefined;
export async function switchLanguage(language: Language): Promise<void> {
  wanted = language;
  await loadEagerCatalogs(language);
  // Two quick switches: the later one wins even when its catalogs arrive first. Called even when i18n.language is
  // already this one: an earlier switch may still be under way (i18n.language not yet changed), and only a newer
  // changeLanguage makes i18next drop it.
  if (wanted === language) await i18n.changeLanguage(language);
}

export { i18n };
