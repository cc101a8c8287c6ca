// Every test, in phases (`npm test`; decision 040). A phase's commands run side by side; each phase prints its wall
// time and the CPU time its commands used (user + system, their child processes included: the figure that does not
// depend on what else the machine is doing), and the run ends with the slowest test files of each vitest phase and
// the slowest browser specs. Reports (vitest and Playwright JSON) go to .tmp/test-report/.
//
//   checks          lint, typecheck (tsc -b), contract and web tests, and the server tests on PGlite and, with
//                   DATABASE_URL, on PostgreSQL, side by side
//   load            the load tests, alone on the machine (their timings are compared with idle)
//   browser         build if changed, bundle budget, Playwright
//
// `node scripts/run-tests.mjs [name…]` runs only the phases (checks, load, browser) or commands (lint, typecheck, unit,
// server, e2e) named.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = join(root, '.tmp', 'test-report');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const withPostgres = Boolean(process.env.DATABASE_URL);

const vitest = (name, projects) => ({
  name,
  command: [
    bin('vitest'),
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--reporter=${join(root, 'scripts', 'unhandled-errors-reporter.mjs')}`,
    `--outputFile.json=${join(reports, `vitest-${name}.json`)}`,
  ],
  env: { UNHANDLED_ERRORS_FILE: join(reports, `vitest-${name}-unhandled.json`) },
  report: {
    kind: 'vitest',
    file: join(reports, `vitest-${name}.json`),
    unhandled: join(reports, `vitest-${name}-unhandled.json`),
  },
});

const PHASES = [
  {
    // Side by side: the web tests keep one core busy, the server tests spend much of their time waiting on their
    // databases; run one after the other, the two cores idled half the time.
    name: 'checks',
    title: 'static + unit + server',
    commands: [
      { name: 'lint', command: [bin('biome'), 'check', '.'] },
      { name: 'typecheck', command: [bin('tsc'), '-b'] },
      vitest('unit', ['contract', 'web']),
      vitest('server', withPostgres ? ['server', 'server-pg'] : ['server']),
    ],
  },
  ...(withPostgres ? [{ name: 'load', title: 'load', commands: [vitest('load', ['server-pg-load'])] }] : []),
  {
    name: 'browser',
    title: 'browser',
    commands: [
      {
        name: 'e2e',
        command: [
          'sh',
          '-c',
          `node scripts/build-if-changed.mjs && ${bin('tsx')} apps/web/scripts/bundle-report.ts --check > /dev/null && ${bin('playwright')} test -c e2e/playwright.config.ts --reporter=list,json`,
        ],
        env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'playwright.json') },
        report: { kind: 'playwright', file: join(reports, 'playwright.json') },
      },
    ],
  },
];

/** Runs one command under /usr/bin/time: resolves with its exit code, wall seconds and CPU seconds. */
function run({ name, command, env }) {
  const timing = join(tmpdir(), `run-tests-${process.pid}-${name}.time`);
  const started = Date.now();
  return new Promise((resolve) => {
    // Without GNU time (Debian package `time`) the CPU column reads 0.
    const timed = existsSync('/usr/bin/time') ? ['/usr/bin/time', '-q', '-f', '%U %S', '-o', timing] : [];
    const [program = '', ...args] = [...timed, ...command];
    const child = spawn(program, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('exit', (code, signal) => {
      const [user = 0, system = 0] = existsSync(timing)
        ? readFileSync(timing, 'utf8').trim().split('\n').at(-1).split(' ').map(Number)
        : [];
      rmSync(timing, { force: true });
      resolve({
        name,
        code: code ?? (signal ? 1 : 0),
        wall: (Date.now() - started) / 1000,
        cpu: user + system,
      });
    });
  });
}

const seconds = (s) => `${s.toFixed(0).padStart(5)} s`;
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

function slowest(report, count = 8) {
  if (!existsSync(report.file)) return [];
  const data = JSON.parse(readFileSync(report.file, 'utf8'));
  if (report.kind === 'vitest') {
    return data.testResults
      .map((r) => ({ name: relative(root, r.name), s: (r.endTime - r.startTime) / 1000 }))
      .sort((a, b) => b.s - a.s)
      .slice(0, count);
  }
  const specs = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const s = spec.tests.flatMap((t) => t.results).reduce((sum, r) => sum + r.duration, 0) / 1000;
      specs.push({ name: `${spec.file} › ${spec.title}`, s });
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of data.suites ?? []) walk(suite);
  return specs.sort((a, b) => b.s - a.s).slice(0, count);
}

const firstLine = (text) =>
  String(text ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes are what it removes.
    .replace(/\x1b\[[0-9;]*m/g, '')
    .trim()
    .split('\n')[0]
    .slice(0, 200);

/** The failed tests of a report, each with the first line of its error: what the end of a CI log must name. */
function failures(report) {
  if (!existsSync(report.file))
    return [`no report at ${relative(root, report.file)}: the command crashed before it`];
  const data = JSON.parse(readFileSync(report.file, 'utf8'));
  if (report.kind === 'vitest') {
    const unhandled =
      report.unhandled && existsSync(report.unhandled)
        ? JSON.parse(readFileSync(report.unhandled, 'utf8'))
        : [];
    const unhandledLines = unhandled.map(
      (e) =>
        `unhandled ${e.name ?? 'error'}${e.testFile ? ` in ${relative(root, e.testFile)}` : ''}${e.testName ? ` › ${e.testName}` : ''}: ${firstLine(e.message)}`,
    );
    return unhandledLines.concat(
      data.testResults.flatMap((file) => {
        const name = relative(root, file.name);
        const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
        if (failed.length === 0 && file.status === 'failed') return [`${name}: ${firstLine(file.message)}`];
        return failed.map((a) => `${name} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
      }),
    );
  }
  const found = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results)
          if (result.status !== 'passed' && result.status !== 'skipped')
            found.push(
              `${spec.file} › ${spec.title} [${test.projectName}, ${result.status}]: ${firstLine(result.error?.message)}`,
            );
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of data.suites ?? []) walk(suite);
  return found;
}

// Phases or single commands by name: `node scripts/run-tests.mjs server browser`.
const wanted = process.argv.slice(2);
const phases = wanted.length
  ? PHASES.map((p) =>
      wanted.includes(p.name) ? p : { ...p, commands: p.commands.filter((c) => wanted.includes(c.name)) },
    ).filter((p) => p.commands.length > 0)
  : PHASES;
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const summary = [];
let failed = false;
const startedAll = Date.now();
for (const phase of phases) {
  console.log(`\n=== ${phase.title}: ${phase.commands.map((c) => c.name).join(', ')} (load ${load()})`);
  const started = Date.now();
  const results = await Promise.all(phase.commands.map(run));
  const wall = (Date.now() - started) / 1000;
  const cpu = results.reduce((sum, r) => sum + r.cpu, 0);
  summary.push({ phase, wall, cpu, results, load: load() });
  for (const r of results) {
    const outcome = r.code === 0 ? 'passed' : `FAILED (exit ${r.code})`;
    console.log(`--- ${r.name}: ${outcome}, wall ${r.wall.toFixed(0)} s, cpu ${r.cpu.toFixed(0)} s`);
  }
  console.log(`--- ${phase.title}: wall ${wall.toFixed(0)} s, cpu ${cpu.toFixed(0)} s, load ${load()}`);
  // Every phase runs even after a failure (as one `vitest run` of every project did): one run shows every failure.
  if (results.some((r) => r.code !== 0)) failed = true;
}

console.log(
  '\n=== Times per phase (wall: elapsed; cpu: user + system of its processes; load: 1/5/15 min after)',
);
for (const { phase, wall, cpu, results, load: after } of summary) {
  console.log(`${phase.title.padEnd(14)} wall ${seconds(wall)}  cpu ${seconds(cpu)}  load ${after}`);
  for (const r of results)
    console.log(`  ${r.name.padEnd(12)} wall ${seconds(r.wall)}  cpu ${seconds(r.cpu)}`);
}
console.log(
  `${'total'.padEnd(14)} wall ${seconds((Date.now() - startedAll) / 1000)}  cpu ${seconds(summary.reduce((sum, p) => sum + p.cpu, 0))}`,
);
for (const { phase } of summary) {
  for (const command of phase.commands) {
    if (!command.report) continue;
    const top = slowest(command.report);
    if (!top.length) continue;
    console.log(`\nSlowest in ${command.name}:`);
    for (const t of top) console.log(`  ${seconds(t.s)}  ${t.name}`);
  }
}
// Last, so the end of a CI log says what failed without scrolling back through every phase.
console.log('\n=== Outcome');
for (const { phase, results } of summary) {
  for (const r of results) {
    console.log(`${r.name.padEnd(12)} ${r.code === 0 ? 'passed' : `FAILED (exit ${r.code})`}`);
    const command = phase.commands.find((c) => c.name === r.name);
    if (r.code !== 0 && command?.report) {
      const lines = failures(command.report);
      for (const line of lines) console.log(`  ✗ ${line}`);
      if (lines.length === 0)
        console.log('  ✗ no failed test in its report: see the log above for what ended it');
    }
  }
}
process.exit(failed ? 1 : 0);
