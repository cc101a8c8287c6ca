import { join } from 'node:path';
import type { BenchContext, CaseOutput, Check } from '../context.js';
import {
  type CustomLoad,
  type LoadResult,
  type LoadTarget,
  load,
  measurePair,
  settle,
} from '../http-load.js';
import { api, getJson } from '../portal-session.js';
import { BENCH_TMP, startPortal } from '../processes.js';

/*
 * Goal 5 (more than one process): the signed-in client's `GET /me` on two portal processes sharing the PostgreSQL
 * database, divided by the same on one. Printed, never judged: client, both servers and PostgreSQL share 2 cores
 * here, so a second process can only show its overhead, not a gain. The second process starts after the first is
 * ready (the demo seed and the migrations run once, under their advisory lock) with JOB_WORKERS=false, as a
 * web-only process behind a load balancer would. Both sides get the same 32 connections: on two processes, two
 * autocannon runs at once, 16 each, their answers summed.
 */

/** Both targets loaded at once, connections split evenly; req/s and requests summed, latencies the worse of two. */
function spread(targets: LoadTarget[]): CustomLoad {
  return {
    run: async (options) => {
      const share = Math.max(1, Math.floor(options.connections / targets.length));
      const results: LoadResult[] = await Promise.all(
        targets.map((target) => load(target, { ...options, connections: share })),
      );
      for (const target of targets) await settle(target);
      return {
        reqPerSec: results.reduce((sum, r) => sum + r.reqPerSec, 0),
        requests: results.reduce((sum, r) => sum + r.requests, 0),
        p50Ms: Math.max(...results.map((r) => r.p50Ms)),
        p99Ms: Math.max(...results.map((r) => r.p99Ms)),
      };
    },
  };
}

export async function twoProcessesCase(ctx: BenchContext): Promise<CaseOutput> {
  if (!ctx.databaseUrl) throw new Error('two_processes needs PostgreSQL (DATABASE_URL)');
  const second = await startPortal({
    name: 'portal-b',
    databaseUrl: ctx.databaseUrl,
    // Its own scratch directory: the processes share the database, not a disk.
    dataDir: join(BENCH_TMP, 'portal-b-data'),
    extraEnv: { JOB_WORKERS: 'false' },
  });
  try {
    const headers = ctx.users.client.headers;
    const check = await sameUserOnBoth(ctx, second.origin);
    const one: LoadTarget = { url: ctx.portal.origin + api('/me'), headers };
    const two = spread([one, { url: second.origin + api('/me'), headers }]);
    const ratio = await measurePair({
      name: 'GET /me (signed-in client), 2 processes ÷ 1',
      portal: two,
      baseline: one,
      target: null,
      note: 'printed: 2 cores shared by client, servers and PostgreSQL',
      ...ctx.load,
    });
    return { ratios: [ratio], checks: [check] };
  } finally {
    await second.stop();
  }
}

/** The session opened on the first process is valid on the second (sessions live in PostgreSQL, decision 003). */
async function sameUserOnBoth(ctx: BenchContext, secondOrigin: string): Promise<Check> {
  const headers = ctx.users.client.headers;
  const a = JSON.stringify(await getJson(ctx.portal.origin, api('/me'), headers));
  const b = JSON.stringify(await getJson(secondOrigin, api('/me'), headers));
  return {
    name: 'two processes: the client signed in on A gets the same /me from B',
    value: a === b ? 'same' : `A ${a.slice(0, 80)} · B ${b.slice(0, 80)}`,
    pass: a === b,
  };
}
