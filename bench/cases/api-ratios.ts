import pg from 'pg';
import type { BenchContext, CaseOutput, Check } from '../context.js';
import { measurePair } from '../http-load.js';
import { api, getJson, httpRequest } from '../portal-session.js';

/*
 * Goal 1 (per-request overhead): each hot read of the portal against a bare Fastify route doing only what that
 * read must do — answer the same JSON (`/site_info`, `/me`), or run the same SQL prepared (`/b2c/plans`, the plan
 * detail). Targets from docs/performance/speed-plan.md, goal 1.
 */

export const SITE_INFO_TARGET = 0.6;
export const ME_TARGET = 0.3;
export const CLIENT_SQL_TARGET = 0.6;

/** The first plan of the client's My Plan list: the id the plan-detail case reads (a plan id, not a party id). */
export async function firstPlanId(ctx: Pick<BenchContext, 'portal' | 'users'>): Promise<number> {
  const plans = await getJson<{ data: { id: number }[] }>(
    ctx.portal.origin,
    api('/b2c/plans'),
    ctx.users.client.headers,
  );
  const id = plans.data[0]?.id;
  if (!id) throw new Error(`${ctx.users.client.login} has no plans`);
  return id;
}

export async function siteInfoCase(ctx: BenchContext): Promise<CaseOutput> {
  const ratio = await measurePair({
    name: 'GET /site_info',
    portal: { url: ctx.portal.origin + api('/site_info'), headers: { host: 'afs.localhost' } },
    baseline: { url: `${ctx.bare.origin}/bare/json` },
    target: SITE_INFO_TARGET,
    judged: ctx.postgres,
    ...ctx.load,
  });
  return { ratios: [ratio], checks: [] };
}

export async function meCase(ctx: BenchContext): Promise<CaseOutput> {
  const signedIn = await measurePair({
    name: 'GET /me (signed-in client)',
    portal: { url: ctx.portal.origin + api('/me'), headers: ctx.users.client.headers },
    baseline: { url: `${ctx.bare.origin}/bare/me` },
    target: ME_TARGET,
    judged: ctx.postgres,
    ...ctx.load,
  });
  // A visitor's /me (the first call of every page load) is printed beside it; what is judged is that it writes
  // nothing (decision 018).
  const visitor = await measurePair({
    name: 'GET /me (visitor, no cookie)',
    portal: { url: ctx.portal.origin + api('/me'), headers: { host: 'afs.localhost' } },
    baseline: { url: `${ctx.bare.origin}/bare/me` },
    target: null,
    ...ctx.load,
  });
  return { ratios: [signedIn, visitor], checks: [await visitorWritesNothing(ctx)] };
}

/** 200 visitor page loads: no session cookie comes back, and (on PostgreSQL) the sessions table does not grow. */
async function visitorWritesNothing(ctx: BenchContext): Promise<Check> {
  const count = async () => {
    if (!ctx.databaseUrl) return null;
    const client = new pg.Client({ connectionString: ctx.databaseUrl });
    await client.connect();
    try {
      return Number((await client.query('select count(*) as n from sessions')).rows[0]?.n);
    } finally {
      await client.end();
    }
  };
  const before = await count();
  let cookies = 0;
  for (let i = 0; i < 200; i++) {
    const answer = await httpRequest(ctx.portal.origin, {
      path: api('/me'),
      headers: { host: 'afs.localhost' },
    });
    if (answer.status !== 200) throw new Error(`visitor /me answered ${answer.status}`);
    if ((answer.headers['set-cookie'] ?? []).some((c) => c.startsWith('portal_sid='))) cookies++;
  }
  const after = await count();
  const grew = before === null || after === null ? 0 : after - before;
  return {
    name: 'no session written for a visitor (200 × GET /me)',
    value: `${cookies} session cookies${before === null ? '' : `, sessions +${grew}`}`,
    pass: cookies === 0 && grew <= 0,
  };
}

/** `/b2c/plans` and the plan detail against their captured SQL replayed bare (PostgreSQL only). */
export async function clientSqlCases(
  ctx: BenchContext,
  planId: number,
  only: Set<string>,
): Promise<CaseOutput> {
  const out: CaseOutput = { ratios: [], checks: [] };
  if (only.has('plans'))
    out.ratios.push(
      await measurePair({
        name: 'GET /b2c/plans',
        portal: { url: ctx.portal.origin + api('/b2c/plans'), headers: ctx.users.client.headers },
        baseline: { url: `${ctx.bare.origin}/bare/plans` },
        target: CLIENT_SQL_TARGET,
        ...ctx.load,
      }),
    );
  if (only.has('plan_detail'))
    out.ratios.push(
      await measurePair({
        name: `GET /b2c/plans/${planId} (detail)`,
        portal: { url: ctx.portal.origin + api(`/b2c/plans/${planId}`), headers: ctx.users.client.headers },
        baseline: { url: `${ctx.bare.origin}/bare/plan_detail` },
        target: CLIENT_SQL_TARGET,
        ...ctx.load,
      }),
    );
  return out;
}
