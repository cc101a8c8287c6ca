import type { CaseOutput } from '../context.js';
import { median, type Ratio } from '../http-load.js';
import { portalCommand, ROOT, startPortal } from '../processes.js';

/*
 * Goal 3 (production start): spawn → first 200 on /readyz, and the resident memory at that moment, for the server
 * run from its sources through tsx and for the compiled server (apps/server/dist/main.js), `runs` times each on the
 * already migrated and seeded database; medians. Targets: compiled ≤ tsx on both. Without a compiled build only the
 * tsx figures are printed.
 */

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
  return {
    ratios: [
      row('start: spawn → /readyz 200, compiled ÷ tsx', 'ms', (m) => m.readyMs),
      row('start: RSS at ready, compiled ÷ tsx', 'MB', (m) => m.rssMb),
    ],
    checks: [],
  };
}
