import { describe, expect, it } from 'vitest';
import {
  chunkNameOf,
  firstScreenChunkName,
  type ModuleGraph,
  type ModuleGraphNode,
  SHELL_CHUNK,
} from './area-chunks';

/** A graph from `importer → [static imports]` and `importer → [dynamic imports]`. */
function graphOf(
  entries: string[],
  statics: Record<string, string[]>,
  dynamics: Record<string, string[]>,
): ModuleGraph {
  const nodes = new Map<string, ModuleGraphNode & { importers: string[]; dynamicImporters: string[] }>();
  const node = (id: string) => {
    let found = nodes.get(id);
    if (!found) {
      found = { isEntry: entries.includes(id), importers: [], dynamicImporters: [] };
      nodes.set(id, found);
    }
    return found;
  };
  for (const [from, tos] of Object.entries(statics))
    for (const to of tos) node(to).importers.push(node(from) && from);
  for (const [from, tos] of Object.entries(dynamics))
    for (const to of tos) node(to).dynamicImporters.push(node(from) && from);
  return { getModuleInfo: (id) => nodes.get(id) ?? null };
}

const SRC = '/w/apps/web/src';
const graph = graphOf(
  ['/w/apps/web/index.html', '/w/apps/web/login.html'],
  {
    '/w/apps/web/index.html': [`${SRC}/main.tsx`],
    [`${SRC}/main.tsx`]: [`${SRC}/app/AppRoot.tsx`, `${SRC}/lib/site.ts`],
    '/w/apps/web/login.html': [`${SRC}/login-entry/main.tsx`],
    [`${SRC}/login-entry/main.tsx`]: [`${SRC}/lib/site.ts`],
    [`${SRC}/app/layouts/ClientLayout.tsx`]: ['/nm/Table.mjs', '/nm/Card.mjs', `${SRC}/app/AppRoot.tsx`],
    [`${SRC}/features/client/screens/MyPlanScreen.tsx`]: ['/nm/Card.mjs'],
    [`${SRC}/app/layouts/ProducerLayout.tsx`]: ['/nm/Table.mjs'],
    [`${SRC}/features/client/screens/PlanDetailScreen.tsx`]: ['/nm/Tabs.mjs', '/nm/Card.mjs'],
    '/nm/Table.mjs': ['/nm/ScrollArea.mjs'],
    // An import cycle must not hide an entry.
    '/nm/ScrollArea.mjs': ['/nm/Table.mjs'],
  },
  {
    [`${SRC}/app/AppRoot.tsx`]: [
      `${SRC}/app/layouts/ClientLayout.tsx`,
      `${SRC}/app/layouts/ProducerLayout.tsx`,
      `${SRC}/features/client/screens/MyPlanScreen.tsx`,
      `${SRC}/features/client/screens/PlanDetailScreen.tsx`,
    ],
  },
);

describe('chunkNameOf', () => {
  it('leaves what the login page reaches to automatic splitting, so its graph never grows', () => {
    expect(chunkNameOf(`${SRC}/lib/site.ts`, graph)).toBeNull();
    expect(chunkNameOf(`${SRC}/login-entry/main.tsx`, graph)).toBeNull();
  });

  it('puts what only the SPA document reaches into the shell', () => {
    expect(chunkNameOf(`${SRC}/main.tsx`, graph)).toBe(SHELL_CHUNK);
    expect(chunkNameOf(`${SRC}/app/AppRoot.tsx`, graph)).toBe(SHELL_CHUNK);
  });

  it('names a first screen module by the areas of the first screens that reach it', () => {
    expect(chunkNameOf(`${SRC}/app/layouts/ClientLayout.tsx`, graph)).toBe('first-client');
    expect(chunkNameOf(`${SRC}/features/client/screens/MyPlanScreen.tsx`, graph)).toBe('first-client');
    // Card: My Plan and the client layout (and a later client screen, which then loads first-client).
    expect(chunkNameOf('/nm/Card.mjs', graph)).toBe('first-client');
    expect(chunkNameOf('/nm/Table.mjs', graph)).toBe('first-client+producer');
    expect(chunkNameOf('/nm/ScrollArea.mjs', graph)).toBe('first-client+producer');
  });

  it('leaves later screens and what only they use to automatic splitting', () => {
    expect(chunkNameOf(`${SRC}/features/client/screens/PlanDetailScreen.tsx`, graph)).toBeNull();
    expect(chunkNameOf('/nm/Tabs.mjs', graph)).toBeNull();
  });

  it('is memoised per graph by the function handed to rolldown', () => {
    const name = firstScreenChunkName();
    expect(name('/nm/Table.mjs', graph)).toBe('first-client+producer');
    const other = graphOf(['/w/apps/web/index.html'], { '/w/apps/web/index.html': ['/nm/Table.mjs'] }, {});
    expect(name('/nm/Table.mjs', other)).toBe(SHELL_CHUNK);
  });
});
