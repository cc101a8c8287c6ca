import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { ApiAgent } from '../../testing/http.js';
import { signInAs } from '../../testing/sessions.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

/*
 * The detail routes × callers (docs/producer/README.md, access): own record, a team member's (audited), a sibling
 * branch's and an upline's (404 like a missing id), malformed ids (400), clients and staff (403), anonymous (401).
 */

let t: TestContext;
let dir: string;
const agents: Record<'partner' | 'subpartner' | 'otherPartner' | 'client' | 'staff' | 'anonymous', ApiAgent> =
  {} as never;
/** Record ids per kind: the partner's own, subpartner1's, partner2's. */
const ids: Record<'application' | 'serviceRecord' | 'plan', { partner: number; sub: number; other: number }> =
  {} as never;

async function rowsOf<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The lowest id of `table` whose producer column is the producer with `code`. */
async function firstOf(table: string, producerColumn: string, code: string): Promise<number> {
  const [row] = await rowsOf<{ id: string }>(
    sql`select r.id from ${sql.raw(table)} r join producers p on p.id = r.${sql.raw(producerColumn)}
        where p.code = ${code} and p.site_code = 'afs' order by r.id limit 1`,
  );
  if (!row) throw new Error(`no ${table} row for ${code}`);
  return Number(row.id);
}

function pdfText(body: Buffer, name: string): string {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, body);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(join(tmpdir(), 'producer-details-'));
  for (const key of ['partner', 'subpartner', 'otherPartner', 'client', 'staff', 'anonymous'] as const) {
    agents[key] = new ApiAgent(t.app);
    if (key !== 'anonymous') await signInAs(t, agents[key], demoAccount(key).login);
  }
  const of = async (table: string, column: string) => ({
    partner: await firstOf(table, column, 'A1001'),
    sub: await firstOf(table, column, 'A1002'),
    other: await firstOf(table, column, 'A2001'),
  });
  ids.application = await of('applications', 'producer_id');
  ids.serviceRecord = await of('service_records', 'producer_id');
  ids.plan = await of('policies', 'servicing_producer_id');
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

const ROUTES = [
  { kind: 'application', path: (id: number | string) => `/b2b/policy_detail/${id}.html`, type: 'text/html' },
  {
    kind: 'application',
    path: (id: number | string) => `/b2b/policy_detail/${id}.pdf`,
    type: 'application/pdf',
  },
  {
    kind: 'serviceRecord',
    path: (id: number | string) => `/b2b/service_record_detail/${id}.html`,
    type: 'text/html',
  },
  { kind: 'plan', path: (id: number | string) => `/b2b/client_detail/${id}.html`, type: 'text/html' },
  { kind: 'plan', path: (id: number | string) => `/b2b/client_detail/${id}.pdf`, type: 'application/pdf' },
] as const;

describe.each(ROUTES)('$kind $path', ({ kind, path, type }) => {
  it('serves the own record and a team member’s, 404 for a sibling branch, an upline and a missing id', async () => {
    const own = await agents.partner.get(path(ids[kind].partner));
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toContain(type);
    const team = await agents.partner.get(path(ids[kind].sub));
    expect(team.statusCode).toBe(200);

    const missing = await agents.partner.get(path(9_000_000_000));
    expect(missing.statusCode).toBe(404);
    const sibling = await agents.partner.get(path(ids[kind].other));
    expect(sibling.statusCode).toBe(404);
    expect(sibling.json()).toEqual(missing.json());
    const upline = await agents.subpartner.get(path(ids[kind].partner));
    expect(upline.statusCode).toBe(404);
    expect(upline.json()).toEqual(missing.json());
    expect(missing.json().error).toBe('Page Not Found');
  });

  it('answers malformed ids with 400 and refuses clients, staff and anonymous callers', async () => {
    for (const bad of ['01', '1e1', '-1', 'abc', '0']) {
      const response = await agents.partner.get(path(bad));
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().errors.id, bad).toBeDefined();
    }
    expect((await agents.client.get(path(ids[kind].partner))).statusCode).toBe(403);
    expect((await agents.staff.get(path(ids[kind].partner))).statusCode).toBe(403);
    expect((await agents.anonymous.get(path(ids[kind].partner))).statusCode).toBe(401);
    expect((await new ApiAgent(t.app, 'ipc.localhost').get(path(ids[kind].partner))).statusCode).toBe(401);
  });
});

describe('audit of team views', () => {
  it('writes who looked at whose record; nothing for one’s own', async () => {
    const count = async (what: string) =>
      Number(
        (
          await rowsOf<{ n: string }>(
            sql`select count(*) as n from audit_log where action = 'producer.team_view' and details->>'what' = ${what}`,
          )
        )[0]?.n ?? 0,
      );
    const before = await count('service_record_detail');
    await agents.partner.get(`/b2b/service_record_detail/${ids.serviceRecord.partner}.html`);
    expect(await count('service_record_detail')).toBe(before);
    await agents.partner.get(`/b2b/service_record_detail/${ids.serviceRecord.sub}.html`);
    expect(await count('service_record_detail')).toBe(before + 1);
    const [row] = await rowsOf<{ details: Record<string, unknown> }>(
      sql`select details from audit_log where details->>'what' = 'service_record_detail' order by id desc limit 1`,
    );
    const [partner] = await rowsOf<{ id: string }>(sql`select id from producers where code = 'A1001'`);
    const [sub] = await rowsOf<{ id: string }>(sql`select id from producers where code = 'A1002'`);
    expect(row?.details).toMatchObject({
      viewerProducerId: Number(partner?.id),
      viewedProducerId: Number(sub?.id),
      followupId: ids.serviceRecord.sub,
    });
    // A refused look writes nothing.
    const clientViews = await count('client_detail');
    await agents.partner.get(`/b2b/client_detail/${ids.plan.other}.html`);
    expect(await count('client_detail')).toBe(clientViews);
  });
});

describe('policy detail content', () => {
  it('shows the dated stage history in Hong Kong days and the days in the current stage from the clock', async () => {
    const id = ids.application.sub;
    const history = await rowsOf<{ stage: number; hk: string }>(
      sql`select stage, to_char(changed_at at time zone 'Asia/Hong_Kong', 'YYYY/MM/DD') as hk
          from application_stage_history where application_id = ${id} order by changed_at`,
    );
    const [app] = await rowsOf<{ stage: number }>(sql`select stage from applications where id = ${id}`);
    expect(history.length).toBeGreaterThan(0);
    const current = history.filter((h) => h.stage === app?.stage).at(-1);
    if (!current) throw new Error('the seed gives every application a history entry for its current stage');
    // 23:59 in Hong Kong ten days after the entry: still ten days; one minute later: eleven.
    const entered = current.hk.replaceAll('/', '-');
    const tenDaysLater = new Date(Date.parse(`${entered}T23:59:00+08:00`) + 10 * 86_400_000);
    t.clock.now = tenDaysLater;
    const html = (await agents.partner.get(`/b2b/policy_detail/${id}.html`)).body;
    for (const h of history) expect(html).toContain(h.hk);
    expect(html).toContain('10 day(s)');
    t.clock.now = new Date(tenDaysLater.getTime() + 60_000);
    expect((await agents.partner.get(`/b2b/policy_detail/${id}.html`)).body).toContain('11 day(s)');
    t.clock.now = new Date();
  });

  it('shows the product code and whether the application has riders, as the data holds them', async () => {
    const [withRiders] = await rowsOf<{ id: string; code: string }>(
      sql`select a.id, pr.code from applications a join products pr on pr.id = a.product_id
          join producers p on p.id = a.producer_id
          where a.has_riders and p.code like 'A1%' and p.site_code = 'afs' order by a.id limit 1`,
    );
    const [without] = await rowsOf<{ id: string; code: string }>(
      sql`select a.id, pr.code from applications a join products pr on pr.id = a.product_id
          join producers p on p.id = a.producer_id
          where not a.has_riders and p.code like 'A1%' and p.site_code = 'afs' order by a.id limit 1`,
    );
    if (!withRiders || !without) throw new Error('the demo data has applications with and without riders');
    const yes = (await agents.partner.get(`/b2b/policy_detail/${withRiders.id}.html`)).body;
    expect(yes).toMatch(new RegExp(`Product code</th>\\s*<td[^>]*>${withRiders.code}<`));
    expect(yes).toMatch(/Has riders<\/th>\s*<td[^>]*>Yes</);
    const no = (await agents.partner.get(`/b2b/policy_detail/${without.id}.html`)).body;
    expect(no).toMatch(/Has riders<\/th>\s*<td[^>]*>No</);
  });

  it('words the payment frequency of a client detail (no bare code)', async () => {
    const [plan] = await rowsOf<{ id: string }>(
      sql`select p.id from policies p join producers pr on pr.id = p.servicing_producer_id
          where p.payment_frequency = 'M' and pr.code = 'A1001' and pr.site_code = 'afs' order by p.id limit 1`,
    );
    if (!plan) throw new Error('no monthly plan of A1001');
    const html = (await agents.partner.get(`/b2b/client_detail/${plan.id}.html`)).body;
    expect(html).toMatch(/Payment frequency<\/th>\s*<td[^>]*>Monthly</);
  });

  it('escapes every value of the fragment', async () => {
    const id = ids.serviceRecord.partner;
    await t.database.db.execute(
      sql`update service_records set subject = '<img src=x onerror=alert(1)>', details = 'a & b' where id = ${id}`,
    );
    const html = (await agents.partner.get(`/b2b/service_record_detail/${id}.html`)).body;
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('a &amp; b');
  });

  it('is worded in the request language', async () => {
    const zh = new ApiAgent(t.app, 'afs.localhost', 'zh');
    await signInAs(t, zh, demoAccount('partner').login);
    const html = (await zh.get(`/b2b/policy_detail/${ids.application.partner}.html`)).body;
    expect(html).toContain('階段紀錄');
    // The modal carries the title; the fragment does not print it a second time.
    expect(html).not.toContain('保單詳情');
    expect(html).not.toMatch(/<h2/);
  });
});

describe('detail PDFs', () => {
  it('prints the client, the plan and dates (read back with pdftotext), CJK included', async () => {
    const [plan] = await rowsOf<{ name: string; plan_no: string }>(
      sql`select c.full_name as name, p.plan_no from policies p join clients c on c.id = p.owner_client_id
          where p.id = ${ids.plan.sub}`,
    );
    const response = await agents.partner.get(`/b2b/client_detail/${ids.plan.sub}.pdf`);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="client-detail-AG\d+-/);
    const text = pdfText(response.rawPayload, 'client');
    expect(text).toContain(plan?.name);
    expect(text).toContain(plan?.plan_no);
    expect(text).toMatch(/\d{4}\/\d{2}\/\d{2}/);

    const [app] = await rowsOf<{ received: string; name: string }>(
      sql`select to_char(a.received_date, 'YYYY/MM/DD') as received, c.full_name as name
          from applications a join clients c on c.id = a.client_id where a.id = ${ids.application.sub}`,
    );
    const ja = new ApiAgent(t.app, 'afs.localhost', 'ja');
    await signInAs(t, ja, demoAccount('partner').login);
    const pdf = await ja.get(`/b2b/policy_detail/${ids.application.sub}.pdf`);
    expect(pdf.headers['content-disposition']).toMatch(/filename="policy-detail-/);
    const jaText = pdfText(pdf.rawPayload, 'policy-ja');
    expect(jaText).toContain(app?.received);
    expect(jaText).toContain(app?.name);
    expect(jaText).toContain('契約詳細');
    expect(jaText).toContain('ステージ履歴');
  });
});
