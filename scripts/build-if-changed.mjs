// Builds the SPA and the server bundle (`npm run build`) only when their inputs changed since the last build, so an
// unchanged tree starts the server in a fraction of a second. `node scripts/build-if-changed.mjs [--force]`.
//
// "Changed" is a SHA-256 over the contents and paths of every input file (never mtimes: a git checkout or a copy
// touches every file without changing anything), plus the VITE_* variables vite bakes into the SPA. It is stored in
// apps/server/dist/.build-hash after a successful build, and only counts while the outputs it describes exist.
//
// Several processes may start from one checkout at once (a process manager starting two workers, decision 026).
// Builds therefore take a lock (withBuildLock: the second waits, then finds the build current and reuses it), and a
// build writes into staging folders that replace dist/ only once complete (publish): a build's clean-up can never
// remove the files of another build or of the one being served.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Files and folders whose contents decide what the build produces (relative to the repository root). */
export const BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/login.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'apps/web/.env',
  'apps/web/.env.production',
  'apps/web/.env.local',
  'apps/web/.env.production.local',
  'packages/contract/src',
  'packages/contract/package.json',
  'apps/server/src',
  'apps/server/rolldown.config.ts',
  'apps/server/package.json',
  'scripts/precompress.mjs',
  'package.json',
  'package-lock.json',
];

/** What a build leaves behind; a stored hash without these files describes nothing. */
export const BUILD_OUTPUTS = [
  'apps/web/dist/index.html',
  'apps/server/dist/main.js',
  'apps/server/dist/worker.js',
  'apps/server/dist/worker-entry.mjs',
  'apps/server/dist/migrations/meta/_journal.json',
];

export const HASH_FILE = 'apps/server/dist/.build-hash';

/** Folders inside an input that are outputs or installs, never sources. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git']);

/**
 * Files inside the inputs that no build reads, skipped to keep the check of an unchanged tree short: tests (vitest
 * finds them; no entry imports one) and drizzle-kit's schema snapshots (3.4 MB; the bundle copies only the .sql
 * files and the journal).
 */
const NOT_BUILT = [/\.test\.tsx?$/, /^apps\/server\/src\/db\/migrations\/meta\/\d+_snapshot\.json$/];

/** Every regular file under `path` (or `path` itself), as sorted repository-relative paths with '/' separators. */
function filesUnder(root, path) {
  const absolute = join(root, path);
  let stats;
  try {
    stats = statSync(absolute);
  } catch {
    return [];
  }
  if (stats.isFile()) return [path];
  if (!stats.isDirectory()) return [];
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(full);
      } else if (entry.isFile()) {
        const file = relative(root, full).split(sep).join('/');
        if (!NOT_BUILT.some((pattern) => pattern.test(file))) found.push(file);
      }
    }
  };
  walk(absolute);
  return found.sort();
}

/**
 * The hash of the build's inputs under `root`. Each file contributes its path and its contents (both
 * length-prefixed, so no two different trees can run together into the same byte stream); an input that does not
 * exist contributes its absence, so creating it (a new .env file, a public/ folder) changes the hash.
 */
export function hashBuildInputs(root = REPO_ROOT, env = process.env, inputs = BUILD_INPUTS) {
  const hash = createHash('sha256');
  const field = (bytes) => {
    const length = Buffer.alloc(8);
    length.writeBigUInt64BE(BigInt(bytes.length));
    hash.update(length);
    hash.update(bytes);
  };
  for (const input of inputs) {
    const files = filesUnder(root, input);
    field(Buffer.from(`${files.length === 0 ? 'absent' : 'present'}:${input}`));
    for (const file of files) {
      field(Buffer.from(file));
      field(readFileSync(join(root, file)));
    }
  }
  const viteVariables = Object.keys(env)
    .filter((name) => name.startsWith('VITE_'))
    .sort()
    .map((name) => `${name}=${env[name]}`);
  field(Buffer.from(viteVariables.join('\0')));
  return hash.digest('hex');
}

/** True when the stored hash equals `hash` and every output it vouches for is on disk. */
export function isBuildCurrent(root, hash) {
  let stored;
  try {
    stored = readFileSync(join(root, HASH_FILE), 'utf8').trim();
  } catch {
    return false;
  }
  return stored === hash && BUILD_OUTPUTS.every((output) => existsSync(join(root, output)));
}

/** Written through a temporary file, so an interrupted write never leaves a hash that matches by accident. */
export function storeBuildHash(root, hash) {
  const file = join(root, HASH_FILE);
  writeFileSync(`${file}.tmp`, `${hash}\n`);
  renameSync(`${file}.tmp`, file);
}

/**
 * The folders a build publishes, in publishing order, each with the variable that tells `npm run build` where to
 * write it instead (apps/web/vite.config.ts and its precompress step, apps/server/rolldown.config.ts). The server's
 * goes last: it carries the hash, so a build interrupted between the two is not taken for current.
 */
export const PUBLISHED = [
  { variable: 'WEB_BUILD_DIR', dir: 'apps/web/dist' },
  { variable: 'SERVER_BUILD_DIR', dir: 'apps/server/dist' },
];

/** Held (a folder: creating one is atomic) by the process building; holds a file naming its process id. */
export const LOCK_DIR = 'apps/server/.build-lock';
/** A lock without an owner file this old was left by a process that died between creating it and naming itself. */
const UNNAMED_LOCK_STALE_MS = 10_000;

function sleepSync(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Whether the lock at `lock` was left by a process that is gone. */
function isStale(lock) {
  let owner;
  try {
    owner = Number(readFileSync(join(lock, 'owner'), 'utf8'));
  } catch {
    const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0);
    return age > UNNAMED_LOCK_STALE_MS;
  }
  return !(Number.isInteger(owner) && owner > 0 && isAlive(owner));
}

/**
 * Runs `work` while holding the checkout's build lock: one build at a time per checkout, the others wait (polling)
 * and then run `work` themselves, which finds the build current. A lock whose process is gone is taken over.
 */
export function withBuildLock(root, work, { log = console.error, pollMs = 200, waitMs = 30 * 60_000 } = {}) {
  const lock = join(root, LOCK_DIR);
  mkdirSync(dirname(lock), { recursive: true });
  const started = Date.now();
  let told = false;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'owner'), `${process.pid}\n`);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (isStale(lock)) {
        rmSync(lock, { recursive: true, force: true });
        log('build: took over the lock of a build that is no longer running');
        continue;
      }
      if (Date.now() - started > waitMs)
        throw new Error(
          `build: another build has held ${LOCK_DIR} for too long; remove it if no build is running`,
        );
      if (!told) log('build: another build of this checkout is running; waiting for it');
      told = true;
      sleepSync(pollMs);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Replaces each published folder by its staged build: the old one is moved aside, the new one renamed into place
 * (a rename within a file system is atomic), the old one removed. A reader sees the whole old build or the whole
 * new one.
 */
function publish(root, staged) {
  for (const { variable, dir } of PUBLISHED) {
    const target = join(root, dir);
    const from = staged[variable];
    if (!existsSync(from)) throw new Error(`build: npm run build wrote nothing to ${variable} (${from})`);
    const aside = `${target}.old-${process.pid}`;
    rmSync(aside, { recursive: true, force: true });
    if (existsSync(target)) renameSync(target, aside);
    renameSync(from, target);
    rmSync(aside, { recursive: true, force: true });
  }
}

/**
 * Builds when the inputs changed (or `force`), then records the hash taken BEFORE the build: a file edited while
 * the build ran makes the next start build again rather than trust a bundle that may predate the edit.
 * Under the checkout's build lock; the build is written to staging folders and published whole.
 * Returns whether it built; throws when the build fails (no hash is stored then, nothing is published).
 */
export function buildIfChanged({ root = REPO_ROOT, force = false, log = console.error } = {}) {
  return withBuildLock(
    root,
    () => {
      const started = performance.now();
      const hash = hashBuildInputs(root);
      if (!force && isBuildCurrent(root, hash)) {
        log(
          `build: sources unchanged, reusing the build (checked in ${Math.round(performance.now() - started)} ms)`,
        );
        return false;
      }
      log(force ? 'build: forced' : 'build: sources changed since the last build, building');
      const staged = Object.fromEntries(
        PUBLISHED.map(({ variable, dir }) => [variable, join(root, `${dir}.building-${process.pid}`)]),
      );
      const clear = () => {
        for (const path of Object.values(staged)) rmSync(path, { recursive: true, force: true });
      };
      clear();
      try {
        const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
        const result = spawnSync(npm, ['run', 'build'], {
          cwd: root,
          stdio: 'inherit',
          env: { ...process.env, ...staged },
        });
        if (result.status !== 0)
          throw new Error(`npm run build failed (${result.error?.message ?? `exit ${result.status}`})`);
        const hashFile = join(staged.SERVER_BUILD_DIR, relative('apps/server/dist', HASH_FILE));
        mkdirSync(dirname(hashFile), { recursive: true });
        writeFileSync(hashFile, `${hash}\n`);
        publish(root, staged);
      } finally {
        clear();
      }
      log(`build: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      return true;
    },
    { log },
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    buildIfChanged({ force: process.argv.includes('--force') });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
