import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { demoAccount } from '../db/seed/demo-accounts.js';
import { Browser, type Server } from './server-process.js';

/*
 * One heavy user against one light user, measured against idle in the same run (decision 038): producer A (partner1)
 * runs two ZIP downloads back to back and keeps 3 background exports going; producer B (partner2) downloads a
 * statement PDF and a small export one after the other while their SPA reads /me every 25 ms. Used by
 * fair-shares.load.postgres.test.ts and the bench case `fair_shares`.
 */

export interface Timings {
  pdf: number[];
  xlsx: number[];
  me: number[];
}

export interface FairSharesResult {
  idle: Timings;
  loaded: Timings;
  /** [idle, loaded]: B's PDF p50, small export p50, /me p95 (ms). */
  figures: { pdf: [number, number]; xlsx: [number, number]; me: [number, number] };
  tally: { zips: number; exports: number; refused: number };
  report: string;
}

export const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

async function timed(browser: Browser, server: Pick<Server, 'port'>, path: string): Promise<number> {
  const started = performance.now();
  const response = await browser.call(server as Server, 'GET', path);
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`B's ${path} answered ${response.status}`);
  return ms;
}

/** A's ZIP (12 statement accounts of A's team) and B's one-statement PDF, read from the database. */
export async function fairSharesPaths(client: pg.Client): Promise<{ zipOfA: string; pdfOfB: string }> {
  const accountsOf = async (codes: string) =>
    (
      await client.query(
        `select sa.id from statement_accounts sa join policies p on p.id = sa.policy_id
           join producers pr on pr.id = p.servicing_producer_id
          where sa.account_type = 'POLICY' and pr.code like $1 order by sa.id limit 12`,
        [codes],
      )
    ).rows.map((r) => Number(r.id));
  return {
    zipOfA: `/statement/download_zip?party_ids=${(await accountsOf('A10%')).join(',')}`,
    pdfOfB: `/statement/download_pdf?party_ids=${(await accountsOf('A2001'))[0]}`,
  };
}

export async function runFairShares(
  server: Pick<Server, 'port'>,
  paths: { zipOfA: string; pdfOfB: string },
  rounds: number,
): Promise<FairSharesResult> {
  const at = server as Server;
  const a = new Browser();
  const b = new Browser();
  const partner = demoAccount('partner');
  const other = demoAccount('otherPartner');
  if ((await a.signIn(at, partner.login, partner.password)).status !== 200) throw new Error('A: no sign-in');
  if ((await b.signIn(at, other.login, other.password)).status !== 200) throw new Error('B: no sign-in');

  const measure = async (n: number): Promise<Timings> => {
    const timings: Timings = { pdf: [], xlsx: [], me: [] };
    let measuring = true;
    const me = (async () => {
      while (measuring) {
        timings.me.push(await timed(b, server, '/me'));
        await sleep(25);
      }
    })();
    try {
      for (let round = 0; round < n; round++) {
        timings.pdf.push(await timed(b, server, paths.pdfOfB));
        timings.xlsx.push(await timed(b, server, '/b2b/report_export?reportType=1'));
      }
    } finally {
      measuring = false;
      await me;
    }
    return timings;
  };

  await measure(2); // warm-up: threads, fonts, plans
  const idle = await measure(rounds);

  let loading = true;
  const tally = { zips: 0, exports: 0, refused: 0 };
  const zipLoop = async () => {
    while (loading) {
      const response = await a.call(at, 'GET', paths.zipOfA);
      await response.arrayBuffer();
      if (response.status === 200) tally.zips++;
      else if (response.status === 429) {
        tally.refused++;
        await sleep(100);
      } else throw new Error(`A's ZIP answered ${response.status}`);
    }
  };
  const exportLoop = async (i: number) => {
    for (let n = 0; loading; n++) {
      // Criteria of its own per loop and round: the same request while live would answer the live job.
      const form = { reportType: 1, dateFrom: `${2000 + i}-01-01`, dateTo: `2026-12-${10 + (n % 18)}` };
      const started = await a.json(at, 'POST', '/b2b/report_exports', form);
      // A's ZIPs and exports together may pass the per-person cap on work in flight (decision 033): A waits, as
      // the SPA does, and tries again.
      if (started.status === 429) {
        tally.refused++;
        await sleep(100);
        continue;
      }
      if (started.status !== 202) throw new Error(`A's export answered ${started.status}`);
      for (;;) {
        const job = await a.json(at, 'GET', `/b2b/report_exports/${started.data.jobId}`);
        if (job.data.state === 'done' || job.data.state === 'failed') break;
        await sleep(100);
      }
      tally.exports++;
    }
  };
  const load = Promise.all([zipLoop(), zipLoop(), exportLoop(0), exportLoop(1), exportLoop(2)]);
  await sleep(1500);
  let loaded: Timings;
  try {
    loaded = await measure(rounds);
  } finally {
    loading = false;
    await load;
  }
  const figures = {
    pdf: [quantile(idle.pdf, 0.5), quantile(loaded.pdf, 0.5)],
    xlsx: [quantile(idle.xlsx, 0.5), quantile(loaded.xlsx, 0.5)],
    me: [quantile(idle.me, 0.95), quantile(loaded.me, 0.95)],
  } satisfies FairSharesResult['figures'];
  const row = (what: string, [x, y]: readonly [number, number]) =>
    `${what}: idle ${x.toFixed(1)} ms, loaded ${y.toFixed(1)} ms, ×${(y / x).toFixed(2)}`;
  const report = [
    row("B's PDF p50", figures.pdf),
    row("B's small export p50", figures.xlsx),
    row(`B's GET /me p95 (${idle.me.length}/${loaded.me.length} requests)`, figures.me),
    `A: ${tally.zips} ZIPs, ${tally.exports} exports, ${tally.refused} × 429`,
  ].join('\n');
  return { idle, loaded, figures, tally, report };
}
