import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { hashBuildInputs, isBuildCurrent } from '../../scripts/build-if-changed.mjs';
import type { CaseOutput, Check } from '../context.js';
import { median, type Ratio } from '../http-load.js';
import { portalCommand, ROOT, startPortal } from '../processes.js';

/*
 * Goal 3 (production start): spawn → first 200 on /readyz, and the resident memory at that moment, for the server
 * run from its sources through tsx and for the compiled server (apps/server/dist/main.js), `runs` times each on the
 * already migrated and seeded database; medians. Targets: compiled ≤ tsx on both. Without a compiled build only the
 * tsx figures are printed.
 *
 * Also, with a compiled build: an unchanged tree must reach the server spawn in < 0.3 s. `scripts/start.mjs` spawns
 * the server as soon as `buildIfChanged()` returns, so the check times `node scripts/build-if-changed.mjs` (hash the
 * inputs, compare, exit) against `node -e 0` in the same run, alternately, 5 times each, and judges the difference
 * of the medians: what the launcher adds to a bare Node start.
 */

const UNCHANGED_RUNS = 5;
const UNCHANGED_BUDGET_MS = 300;

const TSX = ['node', '--import', 'tsx', 'apps/server/src/main.ts'];
const COMPILED = ['node', 'apps/server/dist/main.js'];

async function measureStarts(
  command: string[],
  runs: number,
  databaseUrl: string | undefined,
  dataDir: string,
) {
  const ready: number[] = [];
  const rss: number[] = [];
  for (let i = 0; i < runs; i++) {
    const server = await startPortal({ name: 'portal-start', command, databaseUrl, dataDir });
    ready.push(server.readyMs);
    rss.push(server.rssMb());
    await server.stop();
  }
  return { readyMs: median(ready), rssMb: median(rss) };
}

/** Milliseconds from spawn to exit of `node …args`, and what it wrote to stderr; a non-zero exit throws. */
function timedNode(args: string[]): Promise<{ ms: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const ms = performance.now() - started;
      if (code === 0) resolve({ ms, stderr });
      else reject(new Error(`node ${args.join(' ')} exited with ${code}: ${stderr.slice(0, 300)}`));
    });
  });
}

async function unchangedTreeCheck(): Promise<{ ratio: Ratio; check: Check | null }> {
  // Never build from the bench: on a changed tree the script would run `npm run build` for minutes.
  if (!isBuildCurrent(ROOT, hashBuildInputs(ROOT))) {
    return {
      ratio: {
        name: 'start: unchanged tree → server spawn',
        portal: Number.NaN,
        baseline: Number.NaN,
        unit: 'ms',
        ratio: Number.NaN,
        target: null,
        judged: false,
        note: 'not measured: the build is not current (run node scripts/build-if-changed.mjs)',
      },
      check: null,
    };
  }
  const script: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < UNCHANGED_RUNS; i++) {
    bare.push((await timedNode(['-e', '0'])).ms);
    const run = await timedNode(['scripts/build-if-changed.mjs']);
    // A tree edited while the bench runs would make the script build: that run measured a build, not the check.
    if (!run.stderr.includes('sources unchanged'))
      throw new Error(`build-if-changed did not reuse the build: ${run.stderr.slice(0, 300)}`);
    script.push(run.ms);
  }
  const difference = median(script) - median(bare);
  return {
    ratio: {
      name: 'start: node scripts/build-if-changed.mjs on an unchanged tree ÷ node -e 0',
      portal: median(script),
      baseline: median(bare),
      unit: 'ms',
      ratio: median(script) / median(bare),
      target: null,
      judged: false,
      note: `median of ${UNCHANGED_RUNS}, alternated; the difference is judged below`,
    },
    check: {
      name: `start: an unchanged tree reaches the server spawn (build-if-changed − node -e 0 ≤ ${UNCHANGED_BUDGET_MS} ms)`,
      value: `${Math.round(difference)} ms`,
      pass: difference <= UNCHANGED_BUDGET_MS,
    },
  };
}

export async function startCase(
  runs: number,
  databaseUrl: string | undefined,
  dataDir: string,
): Promise<CaseOutput> {
  const compiledExists = portalCommand({}).command.join(' ') === COMPILED.join(' ');
  const tsx = await measureStarts(TSX, runs, databaseUrl, dataDir);
  const compiled = compiledExists ? await measureStarts(COMPILED, runs, databaseUrl, dataDir) : null;
  const row = (name: string, unit: string, pick: (m: typeof tsx) => number): Ratio => ({
    name,
    portal: compiled ? pick(compiled) : Number.NaN,
    baseline: pick(tsx),
    unit,
    ratio: compiled ? pick(compiled) / pick(tsx) : Number.NaN,
    target: compiled ? { op: 'max', value: 1 } : null,
    judged: compiled !== null,
    note: compiled ? `median of ${runs}` : `no ${COMPILED[1]} in ${ROOT}: tsx only`,
  });
  const unchanged = compiledExists ? await unchangedTreeCheck() : null;
  return {
    ratios: [
      row('start: spawn → /readyz 200, compiled ÷ tsx', 'ms', (m) => m.readyMs),
      row('start: RSS at ready, compiled ÷ tsx', 'MB', (m) => m.rssMb),
      ...(unchanged ? [unchanged.ratio] : []),
    ],
    checks: unchanged?.check ? [unchanged.check] : [],
  };
}
