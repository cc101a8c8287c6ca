/**
 * Chunk naming for the build (vite.config.ts): the modules of each area's first screen go into a few chunks named by
 * the areas that use them, instead of one chunk per Mantine component and helper.
 *
 * Why: rolldown's automatic splitting gives every module shared by a different set of lazy chunks a chunk of its
 * own. My Plan's first screen was 58 JavaScript files of 1–2 kB each (plus ~0.9 kB of response headers apiece), and
 * a phone on a slow network fetches them six at a time over HTTP/1.1, one round trip per wave: Lighthouse put its
 * first paint at 3.2 s. Grouped, the same code arrives in a handful of files.
 *
 * The rules, reading which entries and which lazy roots (dynamically imported modules) reach a module through static
 * imports (the graph is the true one because build/direct-imports.ts takes Mantine's barrels out of it):
 * - reached from the login page's document: automatic splitting, so the login graph never grows (decision 028);
 * - reached from the SPA's document only: `shell`, loaded with the entry;
 * - reached from an area's first screen (`FIRST_SCREEN_ROOTS`): `first-<areas>`, the areas of the first screens
 *   that reach it. `first-client` is what only My Plan needs, `first-client+internal+producer` what all three need.
 *   A later screen that needs such a module downloads that chunk, which its own area's first screen has usually
 *   brought already;
 * - anything else (later screens, dialogs, lazy widgets, catalogs): automatic splitting.
 * Vendor groups listed before this one in vite.config.ts take their packages first.
 */

import { basename } from 'node:path';

/** The login page's document: what it reaches stays with automatic splitting, so its graph never grows. */
const LOGIN_ENTRY = 'login.html';
/** What only the SPA's document reaches: one chunk beside the entry instead of a dozen common ones. */
export const SHELL_CHUNK = 'shell';

/** What this needs of rolldown's module graph (a structural subset of its ModuleInfo). */
export interface ModuleGraphNode {
  isEntry: boolean;
  importers: readonly string[];
  dynamicImporters: readonly string[];
}

export type ModuleGraph = { getModuleInfo(id: string): ModuleGraphNode | null };

/** The lazy chunks each area's first screen opens with (the same list as src/app/first-screen.ts). */
export const FIRST_SCREEN_ROOTS: readonly RegExp[] = [
  /src[\\/]app[\\/]layouts[\\/](Client|Producer|Internal)Layout\.tsx$/,
  /src[\\/]features[\\/]client[\\/]screens[\\/]MyPlanScreen\.tsx$/,
  /src[\\/]features[\\/]producer[\\/]screens[\\/]NewBusinessScreen\.tsx$/,
  /src[\\/]features[\\/]internal[\\/]screens[\\/]RevenueIndexScreen\.tsx$/,
];

/** The area a chunk root belongs to, from its path; `other` for shared lazy code (dialogs, widgets, catalogs). */
export function areaOf(id: string): string {
  const feature = /src[\\/]features[\\/](client|producer|internal|public)[\\/]/.exec(id)?.[1];
  if (feature) return feature;
  const layout = /src[\\/]app[\\/]layouts[\\/](Client|Producer|Internal|Public)Layout\.tsx$/.exec(id)?.[1];
  return layout ? layout.toLowerCase() : 'other';
}

type Reach = { entries: Set<string>; roots: Set<string> };

/** The entries (their file names) and dynamic-import roots whose static imports reach `id`: a walk up its importers. */
function reachOf(id: string, graph: ModuleGraph): Reach {
  const result: Reach = { entries: new Set(), roots: new Set() };
  const seen = new Set([id]);
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const node = graph.getModuleInfo(next);
    if (!node) continue;
    if (node.isEntry) result.entries.add(basename(next));
    if (node.dynamicImporters.length > 0) result.roots.add(next);
    for (const importer of node.importers) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      queue.push(importer);
    }
  }
  return result;
}

/** The chunk a module goes to, or null for automatic splitting (see the rules at the top). */
export function chunkNameOf(id: string, graph: ModuleGraph): string | null {
  const { entries, roots } = reachOf(id, graph);
  if (entries.has(LOGIN_ENTRY)) return null;
  if (entries.size > 0) return SHELL_CHUNK;
  const firstRoots = [...roots].filter((root) => FIRST_SCREEN_ROOTS.some((pattern) => pattern.test(root)));
  if (firstRoots.length === 0) return null;
  const areas = [...new Set(firstRoots.map(areaOf))].sort();
  return `first-${areas.join('+')}`;
}

/**
 * Returns rolldown's `CodeSplittingGroup.name` function. Results are memoised for one chunking pass (a new graph
 * object starts a new memo, as in watch mode).
 */
export function firstScreenChunkName(): (id: string, graph: ModuleGraph) => string | null {
  let memoGraph: ModuleGraph | null = null;
  let memo = new Map<string, string | null>();
  return (id, graph) => {
    if (graph !== memoGraph) {
      memoGraph = graph;
      memo = new Map();
    }
    if (!memo.has(id)) memo.set(id, chunkNameOf(id, graph));
    return memo.get(id) ?? null;
  };
}
