/**
 * The SPA's download per screen, from the last build: `npm run build -w apps/web`, then
 *   npx tsx apps/web/scripts/bundle-report.ts [--json] [--check]
 * For each screen of ROUTES, the JS and CSS of its first visit (see route-graph.ts), raw, gzip -9 and brotli q11
 * (what scripts/precompress.mjs serves), and the packages that weigh most. `--check` exits 1 when a budget of issue
 * 12 goal 4 is missed: login JS+CSS gzip ≤ 104 kB (1.5× a bare React 19 page, 69.5 kB), each area's first screen
 * ≤ 250 kB gzip JS (AREA_JS_BUDGETS_GZIP), no chart library (recharts, d3, redux) anywhere, and no Mantine component
 * in an area without its stylesheet (the per-component CSS of app/mantine-styles.ts and app/layouts/*-styles.ts),
 * and no zod on the login page or My Plan.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  AREAS,
  areaKeys,
  filesFromPackages,
  type Manifest,
  packageOf,
  ROUTES,
  routeGraph,
  unstyledComponents,
} from './route-graph';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
/** The login page (its own light entry, login.html): 1.5× a bare React 19 page of 69.5 kB gzip, JS + CSS. */
const LOGIN_BUDGET_GZIP = 104_000;
/** Each area's first screen (decision 030, docs/performance/spa.md): at most 250 kB of gzip JavaScript, every one of
 * them.
 */
const AREA_JS_BUDGETS_GZIP: Record<string, number> = {
  'client My Plan': 250_000,
  'producer New Business': 250_000,
  'staff revenue index': 250_000,
};
const CHART_PACKAGES = /^(recharts|d3-.*|@reduxjs\/toolkit|redux|immer|victory-vendor|@mantine\/charts)$/;
/**
 * Screens that parse nothing a person typed, so they need no zod (decision 031: the browser does not parse answers
 * again). A contract constant imported from a module with schemas would bring it back (see product-codes.ts).
 */
const WITHOUT_ZOD = new Set(['login', 'client My Plan']);

type Sizes = { raw: number; gzip: number; brotli: number };

const sizeCache = new Map<string, Sizes>();
function sizesOf(file: string): Sizes {
  const cached = sizeCache.get(file);
  if (cached) return cached;
  const bytes = readFileSync(join(dist, file));
  const sizes = {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).length,
  };
  sizeCache.set(file, sizes);
  return sizes;
}

function total(files: readonly string[]): Sizes {
  const sum = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const sizes = sizesOf(file);
    sum.raw += sizes.raw;
    sum.gzip += sizes.gzip;
    sum.brotli += sizes.brotli;
  }
  return sum;
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const row = (label: string, sizes: Sizes, count: number) =>
  `${label.padEnd(34)}${String(count).padStart(4)}${kB(sizes.raw).padStart(10)}${kB(sizes.gzip).padStart(10)}${kB(sizes.brotli).padStart(10)}`;

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
const chunkModules = JSON.parse(readFileSync(join(dist, '.vite/chunk-modules.json'), 'utf8')) as Record<
  string,
  Record<string, number>
>;
const moduleIdsByFile = Object.fromEntries(
  Object.entries(chunkModules).map(([file, mods]) => [file, Object.keys(mods)]),
);

/** The heaviest packages (and the app's own code as "app") among the files, by rendered (minified) size. */
function heaviestPackages(files: readonly string[], limit: number): [string, number][] {
  const bytesByPackage = new Map<string, number>();
  for (const file of files) {
    for (const [id, length] of Object.entries(chunkModules[file] ?? {})) {
      const name =
        packageOf(id) ?? (id.startsWith('src/') ? 'app' : id.startsWith('../../packages/') ? 'contract' : id);
      bytesByPackage.set(name, (bytesByPackage.get(name) ?? 0) + length);
    }
  }
  return [...bytesByPackage].sort((a, b) => b[1] - a[1]).slice(0, limit);
}

const failures: string[] = [];
const report = ROUTES.map((route) => {
  const graph = routeGraph(manifest, route.lazyRoots, route.optionalRoots, route.entry, moduleIdsByFile);
  const js = total(graph.js);
  const css = total(graph.css);
  const all = { raw: js.raw + css.raw, gzip: js.gzip + css.gzip, brotli: js.brotli + css.brotli };
  const charts = filesFromPackages(moduleIdsByFile, graph.js, CHART_PACKAGES);
  if (route.name === 'login' && all.gzip > LOGIN_BUDGET_GZIP)
    failures.push(`login JS+CSS ${kB(all.gzip)} kB gzip > ${kB(LOGIN_BUDGET_GZIP)} kB`);
  const areaBudget = AREA_JS_BUDGETS_GZIP[route.name];
  if (route.name !== 'login' && areaBudget === undefined) failures.push(`${route.name} has no budget`);
  if (areaBudget !== undefined && js.gzip > areaBudget)
    failures.push(`${route.name} JS ${kB(js.gzip)} kB gzip > ${kB(areaBudget)} kB`);
  for (const [file, packages] of charts)
    failures.push(`${route.name} loads ${file} with ${packages.join(', ')}`);
  if (WITHOUT_ZOD.has(route.name))
    for (const file of filesFromPackages(moduleIdsByFile, graph.js, /^zod$/).keys())
      failures.push(`${route.name} loads zod (${file})`);
  return { name: route.name, graph, js, css, all, heaviest: heaviestPackages(graph.js, 8) };
});

// Every Mantine component an area can draw must have its stylesheet in the files the area loads.
const mantineStyles = fileURLToPath(new URL('../../../node_modules/@mantine/core/styles/', import.meta.url));
const stylesheets = new Set(
  readdirSync(mantineStyles)
    .filter((name) => name.endsWith('.css') && !name.endsWith('.layer.css'))
    .map((name) => name.slice(0, -'.css'.length)),
);
for (const area of AREAS) {
  const files = [...areaKeys(manifest, area)].flatMap((key) => [
    manifest[key]?.file ?? '',
    ...(manifest[key]?.css ?? []),
  ]);
  const gaps = unstyledComponents(moduleIdsByFile, files, stylesheets);
  if (gaps.length > 0)
    failures.push(`${area.name} area draws Mantine components without their CSS: ${gaps.join(', ')}`);
}

const allJs = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file) => file.endsWith('.js'));
const chartFiles = [...filesFromPackages(moduleIdsByFile, [...new Set(allJs)], CHART_PACKAGES).keys()];
for (const file of chartFiles) failures.push(`the build still holds a chart library chunk: ${file}`);

if (process.argv.includes('--json')) {
  console.log(
    JSON.stringify({ routes: report, chartChunks: chartFiles.map((file) => ({ file, ...sizesOf(file) })) }),
  );
} else {
  console.log(
    `${'screen (first visit)'.padEnd(34)}${'n'.padStart(4)}${'raw kB'.padStart(10)}${'gzip kB'.padStart(10)}${'br kB'.padStart(10)}`,
  );
  for (const route of report) {
    console.log(row(`${route.name}: JS`, route.js, route.graph.js.length));
    console.log(row(`${route.name}: CSS`, route.css, route.graph.css.length));
    console.log(row(`${route.name}: JS+CSS`, route.all, route.graph.js.length + route.graph.css.length));
  }
  for (const file of chartFiles) console.log(row(`chart chunk ${file}`, sizesOf(file), 1));
  for (const route of report) {
    const heaviest = route.heaviest.map(([name, bytes]) => `${name} ${kB(bytes)}`).join(', ');
    console.log(`\n${route.name}, heaviest (rendered kB, before minification): ${heaviest}`);
  }
}

if (process.argv.includes('--check')) {
  for (const failure of failures) console.error(`over budget: ${failure}`);
  process.exitCode = failures.length > 0 ? 1 : 0;
}
