import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BUILD_INPUTS,
  BUILD_OUTPUTS,
  buildIfChanged,
  HASH_FILE,
  hashBuildInputs,
  isBuildCurrent,
  LOCK_DIR,
  REPO_ROOT,
  storeBuildHash,
} from '../../../scripts/build-if-changed.mjs';
import { precompress } from '../../../scripts/precompress.mjs';
import { missingAssets } from './plugins/spa.js';

/** The production start's pieces (scripts/start.mjs): the build-if-changed decision, the worker loader, precompression. */

const madeDirs: string[] = [];
/** A fresh folder under the system's temporary folder, removed after the file's tests. */
const scratch = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  madeDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of madeDirs) rmSync(dir, { recursive: true, force: true });
});

const write = (root: string, file: string, text: string | Buffer) => {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
};

/** A small tree with a file in some of the build's inputs, and files that are not inputs. */
function sourceTree(): string {
  const root = scratch('portal-build-hash-');
  write(root, 'apps/web/src/main.tsx', 'render(<App />);');
  write(root, 'apps/web/src/app/App.tsx', 'export const App = () => null;');
  write(root, 'apps/web/index.html', '<div id="root"></div>');
  write(root, 'apps/server/src/main.ts', 'main();');
  write(root, 'packages/contract/src/index.ts', 'export {};');
  write(root, 'package-lock.json', '{"lockfileVersion":3}');
  write(root, 'README.md', 'notes');
  write(root, 'docs/operations.md', 'notes');
  write(root, 'apps/web/dist/index.html', 'built');
  write(root, 'apps/web/src/node_modules/x/index.js', 'installed');
  return root;
}

const NO_ENV = {};

describe('build-if-changed: the input hash', () => {
  it('is the same for the same tree, and for a copy of it touched later (contents, not mtimes)', () => {
    const root = sourceTree();
    const first = hashBuildInputs(root, NO_ENV);
    expect(hashBuildInputs(root, NO_ENV)).toBe(first);
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'apps/server/src/main.ts'), later, later);
    expect(hashBuildInputs(root, NO_ENV)).toBe(first);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each(BUILD_INPUTS)('changes when the input %s changes', (input) => {
    const root = sourceTree();
    const before = hashBuildInputs(root, NO_ENV);
    // A folder input gets a new file inside; a file input is written (created, or its contents changed).
    const isFolder = /(^|\/)(src|public)$/.test(input);
    write(root, isFolder ? `${input}/added.ts` : input, `changed ${input}`);
    expect(hashBuildInputs(root, NO_ENV)).not.toBe(before);
  });

  it('changes when a file is edited, renamed or removed, and comes back when the edit is undone', () => {
    const root = sourceTree();
    const original = hashBuildInputs(root, NO_ENV);
    const file = join(root, 'apps/web/src/app/App.tsx');
    writeFileSync(file, 'export const App = () => 1;');
    const edited = hashBuildInputs(root, NO_ENV);
    expect(edited).not.toBe(original);
    writeFileSync(file, 'export const App = () => null;');
    expect(hashBuildInputs(root, NO_ENV)).toBe(original);
    renameSync(file, join(root, 'apps/web/src/app/Shell.tsx'));
    expect(hashBuildInputs(root, NO_ENV)).not.toBe(original);
    rmSync(join(root, 'apps/web/src/app/Shell.tsx'));
    expect(hashBuildInputs(root, NO_ENV)).not.toBe(original);
  });

  it('tells apart bytes moved from one file to the next', () => {
    const root = sourceTree();
    write(root, 'apps/server/src/a.ts', 'ab');
    write(root, 'apps/server/src/b.ts', 'c');
    const split1 = hashBuildInputs(root, NO_ENV);
    write(root, 'apps/server/src/a.ts', 'a');
    write(root, 'apps/server/src/b.ts', 'bc');
    expect(hashBuildInputs(root, NO_ENV)).not.toBe(split1);
  });

  it('does not change for files no build reads (docs, build output, installed packages, tests, drizzle snapshots)', () => {
    const root = sourceTree();
    const before = hashBuildInputs(root, NO_ENV);
    write(root, 'README.md', 'other notes');
    write(root, 'docs/new.md', 'new');
    write(root, 'apps/web/dist/assets/x.js', 'built');
    write(root, 'apps/server/dist/main.js', 'built');
    write(root, 'apps/web/src/node_modules/x/index.js', 'reinstalled');
    write(root, 'e2e/a.spec.ts', 'test');
    write(root, 'apps/server/src/app.test.ts', 'test');
    write(root, 'apps/web/src/app/App.test.tsx', 'test');
    write(root, 'apps/server/src/db/migrations/meta/0018_snapshot.json', '{}');
    expect(hashBuildInputs(root, NO_ENV)).toBe(before);
    write(root, 'apps/server/src/db/migrations/meta/_journal.json', '{"entries":[]}');
    expect(hashBuildInputs(root, NO_ENV)).not.toBe(before);
  });

  it('changes with the VITE_* variables vite bakes into the SPA, and no other variable', () => {
    const root = sourceTree();
    const before = hashBuildInputs(root, NO_ENV);
    expect(hashBuildInputs(root, { PORT: '4000', DATABASE_URL: 'postgresql://x' })).toBe(before);
    expect(hashBuildInputs(root, { VITE_BASE_PATH: '/portal/' })).not.toBe(before);
  });
});

/** In a fake build: where an output goes, in the staging folder build-if-changed names (or in place by hand). */
const STAGED_OUTPUTS = `const staged = (file) => file
  .replace(/^apps\\/web\\/dist/, process.env.WEB_BUILD_DIR ?? 'apps/web/dist')
  .replace(/^apps\\/server\\/dist/, process.env.SERVER_BUILD_DIR ?? 'apps/server/dist');`;

describe('build-if-changed: the stored hash', () => {
  it('counts only when it equals the inputs hash and every output exists', () => {
    const root = sourceTree();
    const hash = hashBuildInputs(root, NO_ENV);
    expect(isBuildCurrent(root, hash)).toBe(false);
    for (const output of BUILD_OUTPUTS) write(root, output, 'built');
    expect(isBuildCurrent(root, hash)).toBe(false);
    storeBuildHash(root, hash);
    expect(readFileSync(join(root, HASH_FILE), 'utf8')).toBe(`${hash}\n`);
    expect(isBuildCurrent(root, hash)).toBe(true);
    expect(isBuildCurrent(root, hashBuildInputs(root, { VITE_X: '1' }))).toBe(false);
    rmSync(join(root, 'apps/web/dist/index.html'));
    expect(isBuildCurrent(root, hash)).toBe(false);
  });

  /**
   * The decision end to end with a real `npm run build` of the tree's own package.json, whose build counts its runs
   * and writes the outputs (or fails when asked to).
   */
  it('builds when the inputs changed, not when they did not, and stores nothing after a failed build', () => {
    const root = sourceTree();
    write(
      root,
      'build.cjs',
      `const fs = require('node:fs');
       const path = require('node:path');
       if (fs.existsSync('fail')) process.exit(3);
       ${STAGED_OUTPUTS}
       for (const file of ${JSON.stringify(BUILD_OUTPUTS)}) {
         fs.mkdirSync(path.dirname(staged(file)), { recursive: true });
         fs.writeFileSync(staged(file), 'built');
       }
       fs.appendFileSync('builds.log', 'built\\n');`,
    );
    write(root, 'package.json', JSON.stringify({ private: true, scripts: { build: 'node build.cjs' } }));
    const builds = () => readFileSync(join(root, 'builds.log'), 'utf8').split('\n').filter(Boolean).length;
    const quiet = { root, log: () => {} };

    expect(buildIfChanged(quiet)).toBe(true);
    expect(builds()).toBe(1);
    expect(buildIfChanged(quiet)).toBe(false);
    expect(builds()).toBe(1);

    write(root, 'apps/server/src/main.ts', 'main(); // edited');
    write(root, 'fail', '');
    expect(() => buildIfChanged(quiet)).toThrow(/npm run build failed/);
    rmSync(join(root, 'fail'));
    expect(buildIfChanged(quiet)).toBe(true);
    expect(builds()).toBe(2);
    expect(buildIfChanged({ ...quiet, force: true })).toBe(true);
    expect(builds()).toBe(3);
  }, 60_000);
});

describe('build-if-changed: several starts in one checkout', () => {
  /**
   * A build like the real one: empties its web output (vite's emptyOutDir), writes the page, then, a moment later,
   * the script the page names; then the server's outputs. Each run is logged.
   */
  const SLOW_BUILD = `const fs = require('node:fs');
    const path = require('node:path');
    ${STAGED_OUTPUTS}
    const web = staged('apps/web/dist');
    fs.rmSync(web, { recursive: true, force: true });
    fs.mkdirSync(path.join(web, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(web, 'index.html'), '<script src="/assets/app-new.js"></script>');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1500);
    fs.writeFileSync(path.join(web, 'assets/app-new.js'), 'app');
    for (const file of ${JSON.stringify(BUILD_OUTPUTS)}.filter((f) => !f.startsWith('apps/web/'))) {
      fs.mkdirSync(path.dirname(staged(file)), { recursive: true });
      fs.writeFileSync(staged(file), 'built');
    }
    fs.appendFileSync('builds.log', 'built\\n');`;

  function checkout() {
    const root = sourceTree();
    write(root, 'build.cjs', SLOW_BUILD);
    write(root, 'package.json', JSON.stringify({ private: true, scripts: { build: 'node build.cjs' } }));
    // The build being served meanwhile: whole.
    write(root, 'apps/web/dist/index.html', '<script src="/assets/app-old.js"></script>');
    write(root, 'apps/web/dist/assets/app-old.js', 'old');
    return root;
  }

  /** `node scripts/build-if-changed.mjs` as `npm start` runs it, in a process of its own. */
  const start = (root: string) =>
    new Promise<number | null>((done) => {
      const script = join(REPO_ROOT, 'scripts/build-if-changed.mjs');
      const code = `const m = await import(${JSON.stringify(script)}); m.buildIfChanged({ root: ${JSON.stringify(root)}, log: () => {} });`;
      spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: 'ignore' }).on('exit', done);
    });

  it('builds once while the other waits, and the served folder is whole at every moment', async () => {
    const root = checkout();
    const web = join(root, 'apps/web/dist');
    const broken: string[] = [];
    const watch = setInterval(() => {
      // What a server starting now would find (plugins/spa.ts refuses a build whose page names a missing file).
      if (!existsSync(join(web, 'index.html'))) broken.push('no index.html');
      else broken.push(...missingAssets(web, ['index.html']));
    }, 25);
    const exits = await Promise.all([start(root), start(root)]);
    clearInterval(watch);
    expect(exits).toEqual([0, 0]);
    expect(readFileSync(join(root, 'builds.log'), 'utf8')).toBe('built\n');
    expect([...new Set(broken)]).toEqual([]);
    expect(missingAssets(web, ['index.html'])).toEqual([]);
    expect(readFileSync(join(web, 'index.html'), 'utf8')).toContain('app-new.js');
    // Nothing left behind: no lock, no staging or set-aside folders.
    expect(existsSync(join(root, LOCK_DIR))).toBe(false);
    const left = [...readdirSync(join(root, 'apps/web')), ...readdirSync(join(root, 'apps/server'))];
    expect(left.filter((name) => /building|old-/.test(name))).toEqual([]);
  }, 120_000);

  it('takes over the lock of a build that died, and publishes nothing from a failed build', () => {
    const root = checkout();
    write(root, `${LOCK_DIR}/owner`, '2147483646\n');
    expect(buildIfChanged({ root, log: () => {} })).toBe(true);
    expect(existsSync(join(root, LOCK_DIR))).toBe(false);

    write(root, 'apps/server/src/main.ts', 'main(); // edited');
    write(root, 'build.cjs', 'process.exit(3);');
    const before = readFileSync(join(root, 'apps/web/dist/index.html'), 'utf8');
    expect(() => buildIfChanged({ root, log: () => {} })).toThrow(/npm run build failed/);
    expect(readFileSync(join(root, 'apps/web/dist/index.html'), 'utf8')).toBe(before);
    expect(existsSync(join(root, LOCK_DIR))).toBe(false);
  }, 60_000);
});

/**
 * worker-entry.mjs, copied as the build copies it, into a folder whose node_modules is the repository's (it imports
 * tsx from there). Loaded by a real Node process, as a render thread loads it: no vitest transform.
 */
function loadWorkerEntry(files: Record<string, string>): string {
  const dir = scratch('portal-worker-entry-');
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  copyFileSync(
    fileURLToPath(new URL('./render-pool/worker-entry.mjs', import.meta.url)),
    join(dir, 'worker-entry.mjs'),
  );
  // As apps/server/package.json: .ts files are ES modules.
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const script = `const m = await import(${JSON.stringify(join(dir, 'worker-entry.mjs'))}); console.log(m.default());`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim();
}

describe('worker-entry.mjs', () => {
  it('loads the compiled worker.js beside it when there is one', () => {
    const answer = loadWorkerEntry({
      'worker.js': `export default () => 'compiled worker.js';`,
      'worker.ts': `export default (): string => 'TypeScript worker.ts';`,
    });
    expect(answer).toBe('compiled worker.js');
  });

  it('otherwise loads worker.ts through tsx', () => {
    const answer = loadWorkerEntry({
      'worker.ts': `const name: string = 'TypeScript worker.ts'; export default (): string => name;`,
    });
    expect(answer).toBe('TypeScript worker.ts');
  });
});

describe('precompress.mjs', () => {
  it('writes .br and .gz beside text files of at least 1 kB, only when smaller, and drops stale copies', async () => {
    const dir = scratch('portal-precompress-');
    const text = 'const repeated = "text compresses well";\n'.repeat(100);
    write(dir, 'assets/app-1.js', text);
    write(dir, 'assets/app-1.css', 'a{}'.repeat(400));
    write(dir, 'index.html', `<!doctype html>${'<p>page</p>'.repeat(200)}`);
    write(dir, 'assets/tiny-2.js', 'x=1');
    write(dir, 'assets/random-3.json', randomBytes(4096));
    write(dir, 'assets/logo-4.png', Buffer.alloc(4096));
    write(dir, 'assets/stale-5.js', 'x=2');
    write(dir, 'assets/stale-5.js.br', 'from an earlier build');

    const totals = await precompress(dir);

    for (const file of ['assets/app-1.js', 'assets/app-1.css', 'index.html']) {
      expect(existsSync(join(dir, `${file}.br`)), `${file}.br`).toBe(true);
      expect(existsSync(join(dir, `${file}.gz`)), `${file}.gz`).toBe(true);
    }
    for (const file of [
      'assets/tiny-2.js',
      'assets/random-3.json',
      'assets/logo-4.png',
      'assets/stale-5.js',
    ]) {
      expect(existsSync(join(dir, `${file}.br`)), `${file}.br`).toBe(false);
      expect(existsSync(join(dir, `${file}.gz`)), `${file}.gz`).toBe(false);
    }
    expect(totals.files).toBe(4);
    expect(totals.br).toBeLessThan(totals.gz);
    expect(totals.gz).toBeLessThan(totals.bytes);
  });
});
