import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { ApiAgent, api } from '../http.js';
import { signInAs } from '../sessions.js';
import { createTestApp, type TestContext } from '../test-app.js';
import { buildCells, type Cell, cellName, coverage, foreignIdentifiers, judge, send } from './cells.js';
import { makeConversationFixtures } from './conversation-fixtures.js';
import { type EntryContext, MATRIX } from './entries.js';
import { type Fixtures, loadFixtures } from './fixtures.js';
import { HOSTS, type HostKey, loadPrincipals, type Principal } from './principals.js';

/*
 * The authorization matrix (docs/security/authorization-matrix.md): every route the app registers ×
 * every principal × every site and the staff host, each cell asserting its status and that no other party's
 * identifiers are in the body. A route without an entry in entries.ts fails here.
 */

let t: TestContext;
let fixtures: Fixtures;
let principals: Principal[];
let ctx: EntryContext;

type Rows = { rows: Record<string, unknown>[] };
const execute = async (query: ReturnType<typeof sql>) =>
  (await t.database.db.execute(query)) as unknown as Rows;

/** A session for the principal on their home host, as cookie and CSRF token. */
async function sessionOf(p: Principal): Promise<{ cookie?: string; csrf?: string }> {
  if (!p.account || !p.home) return {};
  const agent = new ApiAgent(t.app, HOSTS[p.home].host);
  await signInAs(t, agent, demoAccount(p.account).login);
  return { cookie: agent.cookie, csrf: agent.csrfToken };
}

/** The principal's browser on `host`: their session cookie, and there a CSRF token as that host hands it out. */
async function agentOn(host: HostKey, p: Principal, session: { cookie?: string; csrf?: string }) {
  const agent = new ApiAgent(t.app, HOSTS[host].host);
  agent.cookie = session.cookie;
  if (p.home === host) agent.csrfToken = session.csrf;
  else await agent.me();
  return agent;
}

/** A finished background report export of `login`, so its file route has something to serve. */
async function finishedJob(login: 'partner' | 'subpartner') {
  const agent = new ApiAgent(t.app, HOSTS.afs.host);
  await signInAs(t, agent, demoAccount(login).login);
  const created = await agent.send('POST', '/b2b/report_exports', { reportType: 1, page: 1 });
  expect(created.statusCode).toBe(202);
  const id = String(created.json().jobId);
  for (let i = 0; i < 600; i++) {
    const state = (await agent.request({ method: 'GET', url: api(`/b2b/report_exports/${id}`) })).json()
      .state;
    if (state === 'done') return id;
    if (state === 'failed') throw new Error(`report job of ${login} failed`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`report job of ${login} did not finish in 60 s`);
}

beforeAll(async () => {
  t = await createTestApp({ FORMS_CLIENT_SECRET: 'matrix-forms-secret' });
  fixtures = await loadFixtures(t.database.db);
  principals = await loadPrincipals(execute);
  const revenue = (await execute(sql`select id from revenues order by id limit 1`)).rows[0];
  const form = (await execute(sql`select id from forms where file_key is not null order by id limit 1`))
    .rows[0];
  // A cleared requirement (no staff decision may change it: 400 past the guard) and an application the stage rule
  // holds back (409 past the guard): nothing is written by a permitted cell.
  const cleared = (
    await execute(sql`select id from application_requirements where status = 'accepted' order by id limit 1`)
  ).rows[0];
  const held = (
    await execute(sql`select application_id as id from application_requirements
      where mandatory and status = 'outstanding' order by id limit 1`)
  ).rows[0];
  // A document the office has on file (the demo's received items each have one).
  const document = (
    await execute(sql`select requirement_id, upload_id from requirement_documents order by upload_id limit 1`)
  ).rows[0];
  if (!revenue || !form || !cleared || !held || !document)
    throw new Error('the demo seed has no revenue, form, requirements or requirement documents');
  await execute(sql`update revenues set deletable = false where id = ${revenue.id}`);
  // Every application was reminded today: a producer's reminder is refused past the guard (409), nothing is sent.
  await execute(sql`insert into application_reminders (application_id, sent_by_user_id, items, sent_at)
    select a.id, (select min(id) from users), 1, ${t.clock.now.toISOString()}::timestamptz from applications a`);
  const producerOf = (code: string) => fixtures.producers.find((p) => p.code === code)?.producerId ?? 0;
  ctx = {
    formsSecret: t.config.formsClientSecret,
    formId: Number(form.id),
    revenueId: Number(revenue.id),
    clearedRequirementId: Number(cleared.id),
    heldApplicationId: Number(held.id),
    requirementDocument: {
      requirementId: Number(document.requirement_id),
      documentId: Number(document.upload_id),
    },
    jobs: [
      { id: await finishedJob('partner'), owner: 'A1001', producerId: producerOf('A1001') },
      { id: await finishedJob('subpartner'), owner: 'A1002', producerId: producerOf('A1002') },
    ],
    conversations: await makeConversationFixtures(t.database.db, fixtures, t.clock.now),
  };
}, 120_000);
afterAll(() => t.close());

describe('authorization matrix', () => {
  it('has an entry for every registered route, and a route for every entry', () => {
    const { missing, unmatched } = coverage(t.app.routeTable, MATRIX);
    expect(
      missing,
      'routes without a matrix entry (add them to testing/authorization-matrix/entries.ts)',
    ).toEqual([]);
    expect(unmatched, 'matrix entries that match no registered route').toEqual([]);
  });

  it('answers every cell with its expected status and no other party’s data', async () => {
    const started = Date.now();
    const cells = buildCells(MATRIX, fixtures, ctx, principals);
    const sessions = new Map<string, { cookie?: string; csrf?: string }>();
    for (const p of principals) sessions.set(p.key, await sessionOf(p));
    const agents = new Map<string, ApiAgent>();
    for (const host of Object.keys(HOSTS) as HostKey[])
      for (const p of principals)
        agents.set(`${host} ${p.key}`, await agentOn(host, p, sessions.get(p.key) ?? {}));
    const forbidden = new Map(principals.map((p) => [p.key, foreignIdentifiers(fixtures, p)]));
    const failures: string[] = [];
    const run = async (cell: Cell) => {
      // A call that ends its session gets a session of its own, so the principal's stays for the other cells.
      const agent = cell.entry.endsSession
        ? await agentOn(cell.host, cell.asker, await sessionOf(cell.asker))
        : (agents.get(`${cell.host} ${cell.asker.key}`) as ApiAgent);
      const response = await send(agent, cell.target.request, cell.method);
      const problems = judge(
        cell,
        response,
        forbidden.get(cell.seenAs.key) ?? new Set(),
        fixtures.allIdentifiers,
      );
      for (const problem of problems) failures.push(`${cellName(cell)}: ${problem}`);
    };
    // One call at a time: side by side they only contend for the same cores (PGlite is one connection anyway), and
    // a principal's renders would meet the per-person render cap.
    // Ending one's other sessions would sign out the sessions other cells use: those cells come last.
    const ordered = [
      ...cells.filter((c) => !c.entry.endsOtherSessions),
      ...cells.filter((c) => c.entry.endsOtherSessions),
    ];
    for (const cell of ordered) await run(cell);
    const routes = new Set(cells.map((c) => `${c.method} ${c.entry.url}`)).size;
    console.log(
      `authorization matrix: ${cells.length} cells (${routes} route×method pairs, ${principals.length} principals, ${
        Object.keys(HOSTS).length
      } hosts) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(failures).toEqual([]);
  }, 300_000);
});
