import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { getPerformance } from '../../apps/server/src/modules/performance/index.js';
import { performanceInputsQuery } from '../../apps/server/src/modules/performance/queries.js';
import { ApiAgent } from '../../apps/server/src/testing/http.js';
import { signInAs } from '../../apps/server/src/testing/sessions.js';
import type { CaseOutput } from '../context.js';

/*
 * `npm run bench -- --only performance` (PostgreSQL; docs/performance-reporting.md): GET /b2c/performance for a
 * 12-plan client over ten years against its bare SQL, and the whole-portfolio figure of the heaviest other demo
 * client. The demo client's twelve plans get 120 month ends with a payment every month for the run; their own
 * history is put back at the end. The route is called through `app.inject` (routing, session, validation, access
 * check, query, engine, serialisation; no socket); the bare SQL is the one statement the module sends
 * (performanceInputsQuery, rendered by drizzle's dialect), run with `pg` on one connection. Judged: p95 ≤ 50 ms, the
 * portal's p50 at ≥ 50 % of the bare SQL's speed, the heavy portfolio's p95 ≤ 100 ms, one statement per figure.
 */

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

const elapsed = async (fn: () => Promise<unknown>) => {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
};
const summary = (times: number[]) => ({ p50: percentile(times, 50), p95: percentile(times, 95) });

async function timeIt(runs: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await elapsed(fn));
  return summary(times);
}

/** Two sides timed turn about (A B A B…), so a burst of load on the shared machine falls on both alike. */
async function timePair(runs: number, a: () => Promise<unknown>, b: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) {
    await a();
    await b();
  }
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < runs; i++) {
    ta.push(await elapsed(a));
    tb.push(await elapsed(b));
  }
  return [summary(ta), summary(tb)] as const;
}

const HISTORY_TABLES = ['plan_valuations', 'plan_holding_valuations', 'plan_cash_flows'];

/** Ten years of month ends for each plan: values growing 0.6 % a month on top of a payment of 1 000 every month. */
async function tenYears(client: pg.Client, plans: { id: string; currency: string }[], latest: string) {
  const ids = plans.map((p) => p.id);
  for (const table of HISTORY_TABLES) {
    await client.query(
      `create temp table saved_${table} as select * from ${table} where policy_id = any($1::bigint[])`,
      [ids],
    );
    await client.query(`delete from ${table} where policy_id = any($1::bigint[])`, [ids]);
  }
  for (const plan of plans) {
    await client.query(
      `insert into plan_valuations (policy_id, month_end, currency, value, cash)
       select $1, (date_trunc('month', $2::date) - make_interval(months => k) + interval '1 month - 1 day')::date, $3,
              round((1000 * (120 - k) * power(1.006, (120 - k) / 2.0))::numeric, 2), 0
       from generate_series(0, 119) k`,
      [plan.id, latest, plan.currency],
    );
    await client.query(
      `insert into plan_cash_flows (policy_id, flow_date, kind, amount)
       select $1, (date_trunc('month', $2::date) - make_interval(months => k) + interval '14 days')::date, 'premium', 1000
       from generate_series(0, 119) k`,
      [plan.id, latest],
    );
  }
  await client.query('analyze plan_valuations, plan_cash_flows');
}

async function restore(client: pg.Client, plans: { id: string }[]) {
  const ids = plans.map((p) => p.id);
  await client.query('begin');
  for (const table of HISTORY_TABLES) {
    await client.query(`delete from ${table} where policy_id = any($1::bigint[])`, [ids]);
    await client.query(`insert into ${table} select * from saved_${table}`);
  }
  await client.query('commit');
}

/** Statements sent to PostgreSQL while `fn` runs, counted at the driver (every pg client of this process). */
async function statementsOf(fn: () => Promise<unknown>): Promise<number> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  let n = 0;
  proto.query = function (this: unknown, ...args: unknown[]) {
    n++;
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    proto.query = original;
  }
  return n;
}

export async function performanceReturnsCase(url: string, runs = 300): Promise<CaseOutput> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const login = demoAccount('client').login;
  const { rows: plans } = await client.query<{ id: string; currency: string; client_id: string }>(
    `select p.id, p.currency, c.id as client_id from policies p join clients c on c.id = p.owner_client_id
     where c.client_no = $1 order by p.id`,
    [login],
  );
  if (plans.length !== 12) throw new Error(`the demo client has ${plans.length} plans, not 12`);
  const { rows: latestRow } = await client.query<{ d: string }>(
    `select to_char(max(month_end), 'YYYY-MM-DD') as d from plan_valuations`,
  );
  const latest = latestRow[0]?.d;
  if (!latest) throw new Error('no performance history: seed the database first');
  await tenYears(client, plans, latest);

  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    DATABASE_URL: url,
  });
  const database = await openDatabase({ url, poolSize: 4 });
  const clock = { now: new Date() };
  const app = await buildApp({ config, database, now: () => clock.now, logger: false });
  try {
    await app.ready();
    const agent = new ApiAgent(app);
    await signInAs({ database, clock, config }, agent, login);
    const owner = {
      kind: 'client' as const,
      clientId: Number(plans[0]?.client_id),
      siteCode: 'afs' as const,
    };

    const { sql: text, params } = new PgDialect().sqlToQuery(performanceInputsQuery(owner, {}, 'USD', null));
    const [portal, bare] = await timePair(
      runs,
      async () => {
        const r = await agent.get('/b2c/performance?preset=inception');
        if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body}`);
      },
      () => client.query({ name: 'bench_performance_inputs', text, values: params }),
    );
    // Counted after the runs above, on warm pool connections (a new connection sends its settings first).
    const perFigure = await statementsOf(() =>
      getPerformance({ db: database.db, now: () => clock.now }, owner, { preset: 'inception' }),
    );
    const perRequest = await statementsOf(() => agent.get('/b2c/performance?preset=inception'));

    // The heaviest other demo client (most valuation rows): the whole-portfolio figure, in process.
    const { rows: heavy } = await client.query<{ client_no: string; n: string }>(
      `select u.login as client_no, count(*) as n from plan_valuations v join policies p on p.id = v.policy_id
       join clients c on c.id = p.owner_client_id join users u on u.client_id = c.id
       where c.client_no <> $1 group by u.login order by count(*) desc limit 1`,
      [login],
    );
    let heavyTimes: { p50: number; p95: number } | null = null;
    if (heavy[0]) {
      const other = new ApiAgent(app);
      await signInAs({ database, clock, config }, other, heavy[0].client_no);
      heavyTimes = await timeIt(runs, async () => {
        const r = await other.get('/b2c/performance');
        if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body}`);
      });
    }
    const ms = (t: { p50: number; p95: number }) => `p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms`;
    return {
      ratios: [
        {
          name: 'GET /b2c/performance, 12 plans × 120 months (p50, in process)',
          portal: portal.p50,
          baseline: bare.p50,
          unit: 'ms',
          ratio: bare.p50 / portal.p50,
          target: { op: 'min', value: 0.5 },
          judged: true,
          note: `portal ${ms(portal)}; bare SQL ${ms(bare)}`,
        },
      ],
      checks: [
        {
          name: 'GET /b2c/performance 12 × 120: p95 ≤ 50 ms',
          value: `${portal.p95.toFixed(1)} ms`,
          pass: portal.p95 <= 50,
        },
        {
          name: `heaviest other demo client's whole portfolio: p95 ≤ 100 ms`,
          value: heavyTimes
            ? `${heavy[0]?.client_no} (${heavy[0]?.n} valuations): ${ms(heavyTimes)}`
            : 'none',
          pass: heavyTimes === null || heavyTimes.p95 <= 100,
        },
        {
          name: 'statements per performance figure = 1',
          value: `${perFigure} (${perRequest} per request with the session's)`,
          pass: perFigure === 1,
        },
      ],
    };
  } finally {
    await app.close();
    await database.close();
    await restore(client, plans);
    await client.end();
  }
}
