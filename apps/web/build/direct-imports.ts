import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * `import { Box, Text } from '@mantine/core'` becomes one import per module that defines them (`…/Box/Box.mjs`,
 * `…/Text/Text.mjs`), at build time.
 *
 * Why: a barrel file imports every component of the package, so in the module graph every Mantine component looks
 * reachable from whatever imports the barrel, the SPA's entry included. The output is the same either way (the
 * unused re-exports are tree-shaken), but the chunk naming of build/area-chunks.ts reads that graph: through the
 * barrel, each component would look like part of the entry. Imported directly, the graph says which screen uses
 * which component. The same module files are imported as before, so no module is ever bundled twice.
 *
 * A statement the map cannot fully resolve (a name the barrel does not import by name, a namespace import) is left
 * as it was, so the worst case is the old graph, never a broken import.
 */

type Binding = { file: string; imported: string };
type BarrelMap = Map<string, Binding>;

/** `import { a, b as c } from "./x.mjs";` lines of a barrel, and its final `export { … }` list. */
export function readBarrel(barrelFile: string, source: string): BarrelMap {
  const locals = new Map<string, Binding>();
  for (const match of source.matchAll(/^import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["'];?$/gm)) {
    const from = match[2] ?? '';
    // A package the barrel re-exports (react-remove-scroll) resolves the same from any importer in this install.
    const file = from.startsWith('.') ? resolve(dirname(barrelFile), from) : from;
    for (const specifier of (match[1] ?? '').split(',')) {
      const [imported, local = imported] = specifier.trim().split(/\s+as\s+/);
      if (imported && local) locals.set(local, { file, imported });
    }
  }
  const exported: BarrelMap = new Map();
  for (const match of source.matchAll(/^export\s*\{([^}]*)\};?$/gm)) {
    for (const specifier of (match[1] ?? '').split(',')) {
      const [local, name = local] = specifier.trim().split(/\s+as\s+/);
      const binding = local ? locals.get(local) : undefined;
      if (binding && name) exported.set(name, binding);
    }
  }
  return exported;
}

/** The import statement rewritten, or null when one of its names has no known module. */
export function rewriteImport(specifiers: string, barrel: BarrelMap): string | null {
  const parts = specifiers
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const statements: string[] = [];
  for (const part of parts) {
    const [name, local = name] = part.split(/\s+as\s+/);
    const binding = name ? barrel.get(name) : undefined;
    if (!binding || !local) return null;
    statements.push(`import { ${binding.imported} as ${local} } from ${JSON.stringify(binding.file)};`);
  }
  return statements.join('\n');
}

const IMPORT_FROM = (pkg: string) =>
  new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${pkg.replace('/', '\\/')}["'];?`, 'g');

/** `packages` are resolved as an import from `importer` would be (the build's own resolution: its ESM barrel). */
export function directPackageImports(packages: readonly string[], importer: string): Plugin {
  const barrels = new Map<string, { map: BarrelMap; dir: string }>();
  return {
    name: 'portal:direct-package-imports',
    apply: 'build',
    // After TypeScript and JSX are compiled away, so only value imports are left to rewrite.
    enforce: 'post',
    async buildStart() {
      for (const pkg of packages) {
        const resolved = await this.resolve(pkg, importer);
        if (!resolved) throw new Error(`direct-package-imports: cannot resolve ${pkg}`);
        const file = resolved.id;
        barrels.set(pkg, { map: readBarrel(file, readFileSync(file, 'utf8')), dir: dirname(file) });
      }
    },
    transform(code, id) {
      let changed = code;
      for (const [pkg, { map, dir }] of barrels) {
        // The package's own files import each other by path already.
        if (id.startsWith(dir) || !changed.includes(pkg)) continue;
        changed = changed.replace(IMPORT_FROM(pkg), (statement, specifiers: string) => {
          return rewriteImport(specifiers, map) ?? statement;
        });
      }
      return changed === code ? null : { code: changed, map: null };
    },
  };
}
