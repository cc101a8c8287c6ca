import pg from 'pg';
import { fairSharesPaths, runFairShares } from '../../apps/server/src/testing/fair-load.js';
import type { BenchContext, CaseOutput } from '../context.js';
import type { Ratio } from '../http-load.js';

/*
 * Fair shares under one heavy user (decision 038; the same load as fair-shares.load.postgres.test.ts): producer A runs
 * two ZIP downloads back to back and keeps 3 background exports going; producer B's statement PDF (p50), small
 * export (p50) and GET /me (p95) are compared with the same requests on the idle portal, measured in the same run.
 * Run on a portal restarted with the document cache bypassed (every document rendered), so the comparison is with
 * idle, not with cached documents as render_isolation's. Target: each within 2× idle.
 */

const RATIO_TARGET = 2;

export async function fairSharesCase(ctx: BenchContext, rounds: number): Promise<CaseOutput> {
  const client = new pg.Client({ connectionString: ctx.databaseUrl });
  await client.connect();
  let paths: Awaited<ReturnType<typeof fairSharesPaths>>;
  try {
    paths = await fairSharesPaths(client);
  } finally {
    await client.end();
  }
  const port = Number(new URL(ctx.portal.origin).port);
  const { figures, report } = await runFairShares({ port }, paths, rounds);
  const note = report.split('\n').at(-1);
  const row = (name: string, [idle, loaded]: readonly [number, number], unit: string): Ratio => ({
    name,
    portal: loaded,
    baseline: idle,
    unit,
    ratio: loaded / idle,
    target: { op: 'max', value: RATIO_TARGET },
    judged: ctx.postgres,
    ...(note ? { note } : {}),
  });
  return {
    ratios: [
      row("fair shares: B's statement PDF while A runs ZIPs + 3 exports ÷ idle", figures.pdf, 'ms p50'),
      row("fair shares: B's small export while A runs ZIPs + 3 exports ÷ idle", figures.xlsx, 'ms p50'),
      row("fair shares: B's GET /me while A runs ZIPs + 3 exports ÷ idle", figures.me, 'ms p95'),
    ],
    checks: [],
  };
}
