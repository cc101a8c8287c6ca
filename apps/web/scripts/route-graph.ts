/**
 * What a cold visit to one screen downloads, read from Vite's build manifest (`build.manifest: true`).
 *
 * A visit loads its page's entry (index.html's; login.html's for the login page) with its static imports (the
 * `<link rel=modulepreload>` list) and CSS, then the lazy chunks the route renders (layout, screen, the language's
 * catalogs). Vite's preload helper fetches each lazy chunk together with its static imports and CSS, so the graph of a route is the closure over `imports` from the
 * entry and from every lazy root. `dynamicImports` are not followed: they load later, if at all.
 */

/** One entry of `dist/.vite/manifest.json` (the fields this walk needs). */
export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};

export type Manifest = Record<string, ManifestChunk>;

/**
 * A screen's first visit: the manifest keys (source paths) of the lazy chunks it renders besides the entry. Keys
 * under `optionalRoots` may be absent from a build (they were bundled into another chunk). `entry` is the page's
 * HTML (index.html when absent).
 */
export type RouteSpec = { name: string; entry?: string; lazyRoots: string[]; optionalRoots?: string[] };

export type RouteGraph = { js: string[]; css: string[] };

const SPA_ENTRY = 'index.html';

/** The catalogs of one language a screen asks for (`useTranslation(ns)`), as manifest keys. */
function catalogs(language: string, namespaces: string[]): string[] {
  return namespaces.map((namespace) => `src/locales/${language}/${namespace}.json`);
}

/**
 * `common` and `domain`, which main.tsx loads for every page before its first render. Optional: before the bundle work
 * of docs/performance/spa.md they were inside the entry chunk (all four languages), so an older build has no such keys
 * and is measured too.
 */
const SHARED_CATALOGS = catalogs('en', ['common', 'domain']);

/**
 * The screens the performance goals name (docs/performance/spa.md), in English. The namespaces are those the layout and
 * the screen pass to `useTranslation` on their first render; `common` and `domain` travel with the entry.
 */
export const ROUTES: RouteSpec[] = [
  {
    // Its own page since decision 028 (src/login-entry): React, the page, its CSS and two catalogs of one language.
    name: 'login',
    entry: 'login.html',
    lazyRoots: catalogs('en', ['common', 'public']),
  },
  {
    name: 'client My Plan',
    optionalRoots: SHARED_CATALOGS,
    lazyRoots: [
      'src/app/layouts/ClientLayout.tsx',
      'src/features/client/screens/MyPlanScreen.tsx',
      ...catalogs('en', ['client']),
    ],
  },
  {
    name: 'producer New Business',
    optionalRoots: SHARED_CATALOGS,
    lazyRoots: [
      'src/app/layouts/ProducerLayout.tsx',
      'src/features/producer/screens/NewBusinessScreen.tsx',
      ...catalogs('en', ['producer-team', 'producer-lists', 'lists']),
    ],
  },
  {
    name: 'staff revenue index',
    optionalRoots: SHARED_CATALOGS,
    lazyRoots: [
      'src/app/layouts/InternalLayout.tsx',
      'src/features/internal/screens/RevenueIndexScreen.tsx',
      ...catalogs('en', ['internal', 'lists']),
    ],
  },
];

/**
 * The manifest key of the chunk holding `root`: its own key, or, when the build grouped the module into a named chunk
 * (build/area-chunks.ts puts each first screen's layout and screen into `first-…` chunks), the key of the chunk whose
 * modules include it (`modulesByFile`, from `.vite/chunk-modules.json`). Undefined when the build has neither.
 */
export function manifestKeyOf(
  manifest: Manifest,
  root: string,
  modulesByFile: Record<string, readonly string[]> = {},
): string | undefined {
  if (manifest[root]) return root;
  const file = Object.keys(modulesByFile).find((name) => modulesByFile[name]?.includes(root));
  return file === undefined ? undefined : Object.keys(manifest).find((key) => manifest[key]?.file === file);
}

/**
 * Every JS and CSS file a route loads, each once, entry first. Throws when a root is missing from the build, so
 * a renamed screen fails the report instead of silently measuring less.
 */
export function routeGraph(
  manifest: Manifest,
  lazyRoots: readonly string[],
  optionalRoots: readonly string[] = [],
  entry = SPA_ENTRY,
  modulesByFile: Record<string, readonly string[]> = {},
): RouteGraph {
  const js: string[] = [];
  const css: string[] = [];
  const seenKeys = new Set<string>();
  const visit = (key: string) => {
    if (seenKeys.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Not in the build manifest: ${key}`);
    seenKeys.add(key);
    if (chunk.file.endsWith('.js') && !js.includes(chunk.file)) js.push(chunk.file);
    for (const file of chunk.css ?? []) if (!css.includes(file)) css.push(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  for (const root of lazyRoots) visit(manifestKeyOf(manifest, root, modulesByFile) ?? root);
  for (const root of optionalRoots) {
    const key = manifestKeyOf(manifest, root, modulesByFile);
    if (key) visit(key);
  }
  return { js, css };
}

/** Manifest keys of the chunks that come from a package (e.g. `recharts`) or any package matching the pattern. */
export function filesFromPackages(
  chunkModules: Record<string, string[]>,
  files: readonly string[],
  packagePattern: RegExp,
): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of files) {
    const packages = new Set<string>();
    for (const moduleId of chunkModules[file] ?? []) {
      const name = packageOf(moduleId);
      if (name && packagePattern.test(name)) packages.add(name);
    }
    if (packages.size > 0) found.set(file, [...packages].sort());
  }
  return found;
}

/** `@scope/name` or `name` of a module id inside node_modules, or undefined for the app's own sources. */
export function packageOf(moduleId: string): string | undefined {
  const normalised = moduleId.replaceAll('\\', '/');
  const at = normalised.lastIndexOf('/node_modules/');
  if (at < 0) return undefined;
  const [first, second] = normalised.slice(at + '/node_modules/'.length).split('/');
  if (!first) return undefined;
  return first.startsWith('@') && second ? `${first}/${second}` : first;
}

/** An area: its layout and screens (manifest keys matching `roots`), as the area's style list must cover them. */
export type AreaSpec = { name: string; roots: RegExp };

export const AREAS: AreaSpec[] = [
  { name: 'public', roots: /^src\/(app\/layouts\/PublicLayout|features\/public\/screens\/)/ },
  { name: 'client', roots: /^src\/(app\/layouts\/ClientLayout|features\/client\/screens\/)/ },
  { name: 'producer', roots: /^src\/(app\/layouts\/ProducerLayout|features\/producer\/screens\/)/ },
  { name: 'internal', roots: /^src\/(app\/layouts\/InternalLayout|features\/internal\/screens\/)/ },
];

/** Lazy chunks that belong to one area each (layouts, screens) or to no screen (catalogs). */
const AREA_OR_CATALOG = /^src\/(app\/layouts\/|features\/[^/]+\/screens\/|locales\/)/;

/**
 * Manifest keys of everything an area can load: the entry, its layout and screens with their static imports, and
 * the dialogs they open later (dynamic imports that are not another area's layout or screen, nor a catalog).
 */
export function areaKeys(manifest: Manifest, area: AreaSpec): Set<string> {
  const roots = Object.keys(manifest).filter((key) => area.roots.test(key));
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    const chunk = manifest[key];
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const lazy of chunk.dynamicImports ?? [])
      if (!AREA_OR_CATALOG.test(lazy) || area.roots.test(lazy)) visit(lazy);
  };
  visit(SPA_ENTRY);
  for (const root of roots) visit(root);
  return seen;
}

/**
 * Mantine components drawn in these chunks whose stylesheet none of them imports (per-component CSS, see
 * app/mantine-styles.ts). A component counts when its own module (`components/X/X.mjs`, or `…/X/Y/Y.mjs` for a
 * part with a stylesheet of its own) is bundled; helpers such as AccordionChevron do not need Accordion.css.
 * `stylesheets` are the names of @mantine/core/styles/*.css.
 */
export function unstyledComponents(
  chunkModules: Record<string, string[]>,
  files: Iterable<string>,
  stylesheets: ReadonlySet<string>,
): string[] {
  const drawn = new Set<string>();
  const styled = new Set<string>();
  for (const file of files) {
    for (const id of chunkModules[file] ?? []) {
      const normalised = id.replaceAll('\\', '/');
      const css = /@mantine\/core\/styles\/([^/]+)\.css$/.exec(normalised);
      if (css?.[1]) styled.add(css[1]);
      if (normalised.endsWith('@mantine/core/styles.css')) for (const name of stylesheets) styled.add(name);
      const component = /@mantine\/core\/esm\/components\/(?:[^/]+\/)*([^/]+)\/\1\.mjs$/.exec(normalised);
      if (component?.[1] && stylesheets.has(component[1])) drawn.add(component[1]);
    }
  }
  return [...drawn].filter((name) => !styled.has(name)).sort();
}
