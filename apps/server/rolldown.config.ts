import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'rolldown';

const serverRoot = fileURLToPath(new URL('.', import.meta.url));
const src = join(serverRoot, 'src');
/** dist/, or where build-if-changed stages a build before publishing it (scripts/build-if-changed.mjs). */
const SERVER_DIST = process.env.SERVER_BUILD_DIR ?? join(serverRoot, 'dist');

/**
 * Every file lands directly in dist/ (chunks too): code that finds files beside itself through `import.meta.url`
 * then sees the same neighbours from any chunk. Those neighbours are:
 * - db/client.ts → `migrations/` (copied below);
 * - render-pool/pool.ts → `worker-entry.mjs` (copied below), which loads `worker.js` (an entry here);
 * - config.ts → `../../web/dist`: src/ and dist/ are at the same depth, so the default WEB_DIST is unchanged;
 * - the `createRequire(import.meta.url)` of render/pdf-engine.ts and db/seed/pdf.ts resolve npm packages, found
 *   from dist/ by walking up to node_modules as from src/.
 */
const ENTRIES = {
  main: 'main.ts',
  worker: 'render-pool/worker.ts',
  'seed-cli': 'db/seed/cli.ts',
  'jobs-cli': 'jobs/cli.ts',
  'staff-menus-cli': 'db/staff-menus.cli.ts',
};

/**
 * npm packages stay external: Node loads them from node_modules as under tsx, so CommonJS packages (pdfmake, exceljs,
 * pg-boss), native ones (@node-rs/argon2) and PGlite's wasm files behave exactly as in development. Only the
 * workspace contract is inlined: it is published as TypeScript source, which Node cannot run.
 */
function isExternal(id: string): boolean {
  if (id.startsWith('.') || isAbsolute(id) || id.startsWith('\0')) return false;
  return !id.startsWith('@portal/');
}

/** The files the bundle reads at run time rather than imports: the SQL migrations and the worker's loader. */
function copyRuntimeFiles(): Plugin {
  return {
    name: 'portal-copy-runtime-files',
    writeBundle() {
      copyFileSync(join(src, 'render-pool/worker-entry.mjs'), join(SERVER_DIST, 'worker-entry.mjs'));
      const from = join(src, 'db/migrations');
      const to = join(SERVER_DIST, 'migrations');
      mkdirSync(join(to, 'meta'), { recursive: true });
      // drizzle's migrator reads the .sql files and meta/_journal.json; the schema snapshots (3 MB) are for drizzle-kit.
      for (const name of readdirSync(from).filter((n) => n.endsWith('.sql')))
        copyFileSync(join(from, name), join(to, name));
      copyFileSync(join(from, 'meta/_journal.json'), join(to, 'meta/_journal.json'));
    },
  };
}

export default defineConfig({
  input: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, join(src, file)])),
  platform: 'node',
  external: isExternal,
  plugins: [copyRuntimeFiles()],
  output: {
    dir: SERVER_DIST,
    format: 'esm',
    cleanDir: true,
    entryFileNames: '[name].js',
    chunkFileNames: '[name]-[hash].js',
    // Stack traces point into src/ when the server runs with NODE_OPTIONS=--enable-source-maps.
    sourcemap: true,
  },
});
