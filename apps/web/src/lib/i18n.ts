import { DEFAULT_LANGUAGE, LANGUAGES } from '@portal/contract';
import i18n, { type BackendModule, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Catalogs live in src/locales/{lang}/{namespace}.json.
 * - `common` (shell, menus, errors) and `domain` (product categories, statuses, stages, legends, report types) are
 *   bundled with the entry: every screen needs them.
 * - Any other namespace (public, client, producer, internal, or one an area adds) is a separate chunk loaded the
 *   first time a component calls useTranslation('<ns>'); the Suspense boundary around routes covers the wait.
 */
export const EAGER_NAMESPACES = ['common', 'domain'] as const;

type Catalog = { default: ResourceLanguage };

const eagerCatalogs = import.meta.glob<Catalog>(['../locales/*/common.json', '../locales/*/domain.json'], {
  eager: true,
});
const lazyCatalogs = import.meta.glob<Catalog>([
  '../locales/*/*.json',
  '!../locales/*/common.json',
  '!../locales/*/domain.json',
]);

function catalogPath(language: string, namespace: string): string {
  return `../locales/${language}/${namespace}.json`;
}

const resources: Record<string, Record<string, ResourceLanguage>> = {};
for (const language of LANGUAGES) {
  resources[language] = {};
  for (const namespace of EAGER_NAMESPACES) {
    const catalog = eagerCatalogs[catalogPath(language, namespace)];
    if (catalog) resources[language][namespace] = catalog.default;
  }
}

const lazyCatalogBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = lazyCatalogs[catalogPath(language, namespace)];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (catalog) => callback(null, catalog.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

void i18n
  .use(lazyCatalogBackend)
  .use(initReactI18next)
  .init({
    resources,
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

export { i18n };
