import { clientList, newBusinessList, serviceRecordList } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { generateScaleData, scaleHeadCode } from '../../db/seed/scale.js';
import { SCALE_HEAD_PASSWORD } from '../../db/seed/scale-teams.js';
import { AuthAgent } from '../../testing/auth-agent.js';
import { ApiAgent } from '../../testing/http.js';
import { signInAs } from '../../testing/sessions.js';
import { openTestDatabase, type TestContext } from '../../testing/test-app.js';

/*
 * Big teams by design (decision 039, docs/performance.md): at `--scale 10` (100 000 generated policies; the top head G1HAFS leads 961 producers and
 * ~60% of them), every offered sort of each producer list and a keyword search by a common surname cost at most 3×
 * the default New Business page 1, measured in the same run, requests back to back, on the server's own pools and
 * database limits (DB_STATEMENT_TIMEOUT_MS 1 s, the outage gate): none answers 503. The previews of reports 11 and 14
 * over a year cost at most 5× the default page (report 14 totals the stored AB BV lines, report 11's count sums the
 * stored item counts of its plans). Before, a sort without an index sorted the team's 60 000 rows (Clients by
 * account no. 40–60×), and report 14 probed every line's plan, basic item and BV factor (11–17×).
 *
 * What this checks is the shape of each plan (an index walk that stops at the page and the bounded count), not the
 * machine's speed: each cost is the fastest of a few runs taken in turn with the default page's (a busy machine slows
 * some runs, never speeds one). It runs in the load phase, alone: beside other test files the longer statement is
 * slowed more than the default page even in its fastest run (docs/performance.md, "The scale test").
 */

const SCALE = 10;
const RUNS = 5;
const KEYWORD_RUNS = 9;
/** A year of business ending on the generator's anchor day (the bench's report forms). */
const YEAR = { dateType: 'APPL', dateFrom: '2025-07-01', dateTo: '2026-06-30' };

let t: Pick<TestContext, 'app' | 'database' | 'config' | 'clock'>;
let agent: ApiAgent;
let close: () => Promise<void>;

beforeAll(async () => {
  // Generated on a handle without the server's short limits (the load's statements run for seconds), then served as
  // the server opens its database: DB_POOL_MAX, the heavy lane and every DB_* limit at its default.
  const seeded = await openTestDatabase();
  await generateScaleData(seeded.database.db, { scale: SCALE, concurrency: 2, cases: false });
  await seeded.database.close();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  const database = await openDatabase({
    url: seeded.url,
    poolSize: config.dbPoolMax,
    heavyPoolSize: config.dbHeavyPoolMax,
    timeouts: config.dbTimeouts,
  });
  const clock = { now: new Date() };
  const app = await buildApp({ config, database, now: () => clock.now, logger: false });
  await app.ready();
  t = { app, database, config, clock };
  close = async () => {
    await app.close();
    await database.close();
    await seeded.drop();
  };
  agent = new ApiAgent(t.app, 'afs.localhost', 'en');
  await signInAs(t, agent, scaleHeadCode(1, 'afs'));
}, 1_200_000);
afterAll(() => close?.());

const answers: number[] = [];

async function call(path: string, body: Record<string, unknown>): Promise<number> {
  const started = performance.now();
  const response = await agent.send('POST', path, body);
  const ms = performance.now() - started;
  answers.push(response.statusCode);
  expect(response.statusCode, `${path} ${JSON.stringify(body)}: ${response.body.slice(0, 200)}`).toBe(200);
  return ms;
}

const DEFAULT_PAGE = { path: '/b2b/new_business', body: { page: 1, sizePerPage: 10 } };

/**
 * A request's cost against the default New Business page 1: RUNS calls of each, one after the other in turn (so
 * both see the same machine), the fastest of each (a busy machine slows some calls, never speeds one).
 */
async function ratioToDefaultPage(path: string, body: Record<string, unknown>, runs = RUNS): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  let baseline = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run++) {
    baseline = Math.min(baseline, await call(DEFAULT_PAGE.path, DEFAULT_PAGE.body));
    best = Math.min(best, await call(path, body));
  }
  return Number((best / baseline).toFixed(2));
}

const LISTS = [
  { path: '/b2b/new_business', sortFields: newBusinessList.sortFields },
  { path: '/b2b/service_records', sortFields: serviceRecordList.sortFields },
  { path: '/b2b/clients', sortFields: clientList.sortFields },
] as const;

describe(`producer lists and reports of the top head at --scale ${SCALE}`, () => {
  it('signs the generated head in with its development password', async () => {
    const wrong = await new AuthAgent(t as TestContext).post('/login', {
      login: scaleHeadCode(1, 'afs'),
      password: 'not-it',
      area: 'b2b',
    });
    expect(wrong.statusCode).toBe(401);
    const right = await new AuthAgent(t as TestContext).post('/login', {
      login: scaleHeadCode(1, 'afs'),
      password: SCALE_HEAD_PASSWORD,
      area: 'b2b',
    });
    expect(right.statusCode).toBe(200);
  });

  it('costs every sort and a keyword search at most 3 default pages, reports 11 and 14 at most 5; none 503', async () => {
    const base = { page: 1, sizePerPage: 10 };
    const ratios: {
      what: string;
      path: string;
      body: Record<string, unknown>;
      ratio: number;
      limit: number;
    }[] = [];
    const measure = async (
      what: string,
      path: string,
      body: Record<string, unknown>,
      limit: number,
      runs = RUNS,
    ) => ratios.push({ what, path, body, ratio: await ratioToDefaultPage(path, body, runs), limit });
    for (const list of LISTS) {
      for (const sortField of list.sortFields) {
        for (const sortOrder of ['asc', 'desc'] as const) {
          await measure(
            `${list.path} by ${sortField} ${sortOrder}`,
            list.path,
            { ...base, sortField, sortOrder },
            3,
          );
        }
      }
      // The commonest Hong Kong surname in the generated names (a few per cent of them), default sort.
      // More runs: a keyword search reads more pages, so a busy moment on the machine shows more in one run
      // (the Clients list measured 2.08× in one CI run and 3.11× in another, with other tests on the machine).
      await measure(`${list.path} keyword Chan`, list.path, { ...base, keywords: 'Chan' }, 3, KEYWORD_RUNS);
    }
    // Reports 11 and 14 over a year answer back to back in the heavy lane, never 503 nor "narrow your criteria".
    for (const reportType of [11, 14]) {
      await measure(`report ${reportType}`, '/b2b/reports', { ...base, reportType, ...YEAR }, 5);
    }
    // A cost over its limit is measured once more, with twice the runs, before it counts: one busy stretch of the
    // machine (the stop-40 CI ran this right after the server phase) can outlast a few runs, never a second, longer
    // measurement. A plan that has lost its index stays 10–60× either way.
    for (const entry of ratios) {
      if (entry.ratio <= entry.limit) continue;
      const again = await ratioToDefaultPage(entry.path, entry.body, KEYWORD_RUNS * 2);
      entry.ratio = Math.min(entry.ratio, again);
    }
    console.log(ratios.map((r) => `${r.what}: ${r.ratio}×`).join('\n'));
    expect(
      ratios
        .filter((r) => r.ratio > r.limit)
        .map(({ what, ratio, limit }) => `${what}: ${ratio}× > ${limit}×`),
    ).toEqual([]);
    expect(answers.filter((status) => status !== 200)).toEqual([]);
  }, 600_000);
});
