// Writes a .br (brotli, quality 11) and a .gz (gzip, level 9) beside each text file of a built SPA, once at build
// time, so the server sends compressed bytes without compressing per request (@fastify/static `preCompressed`).
// `node scripts/precompress.mjs apps/web/dist`.
//
// Only text compresses well; images and fonts are already compressed. Files under MIN_BYTES gain less than the
// headers cost, and a variant no smaller than the original is not written (the server then sends the original).
// Source maps are left alone: vite does not emit them for this build, and browsers fetch them only with devtools
// open.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
]);
export const MIN_BYTES = 1024;

/** Every regular file under `dir`. */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Compresses every eligible file under `dir`; returns what it wrote. Variants left by an earlier run are removed
 * first, so a file that no longer compresses never keeps a stale .br that the server would prefer. The files are
 * compressed concurrently on libuv's thread pool: brotli at quality 11 is the slow part of the build.
 */
export async function precompress(dir) {
  const written = { files: 0, bytes: 0, br: 0, gz: 0 };
  for (const file of filesUnder(dir)) {
    if (file.endsWith('.br') || file.endsWith('.gz')) rmSync(file);
  }
  const eligible = filesUnder(dir).filter(
    (file) => COMPRESSIBLE.has(extname(file).toLowerCase()) && statSync(file).size >= MIN_BYTES,
  );
  await Promise.all(
    eligible.map(async (file) => {
      const original = readFileSync(file);
      const size = original.length;
      const [br, gz] = await Promise.all([
        brotliAsync(original, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: size,
          },
        }),
        gzipAsync(original, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      written.files++;
      written.bytes += size;
      // Totals are what a browser receives: the variant when written, else the original.
      if (br.length < size) writeFileSync(`${file}.br`, br);
      if (gz.length < size) writeFileSync(`${file}.gz`, gz);
      written.br += Math.min(br.length, size);
      written.gz += Math.min(gz.length, size);
    }),
  );
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2];
  if (!dir || !statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    console.error('usage: node scripts/precompress.mjs <built folder>');
    process.exit(2);
  }
  const { files, bytes, br, gz } = await precompress(dir);
  const kb = (n) => `${(n / 1024).toFixed(0)} kB`;
  console.log(`precompress: ${files} files, ${kb(bytes)} → br ${kb(br)}, gzip ${kb(gz)}`);
}
