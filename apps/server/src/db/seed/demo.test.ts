import { verify } from '@node-rs/argon2';
import { POLICY_STATUS_CODES, PRODUCT_CATEGORIES, STAGES, statementMonthWindow } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbFileStore } from '../../files/file-store.js';
import { rowsOf } from '../../testing/demo-database.js';
import type { Db } from '../client.js';
import { openFreshDatabase } from '../fresh-database.js';
import { ensureDemoData } from './demo.js';
import { DEMO_ACCOUNTS, DEMO_REGISTRATION_CLIENTS } from './demo-accounts.js';
import { generateScaleData } from './scale.js';

const NOW = new Date('2026-11-21T10:00:00Z');
let fresh: Awaited<ReturnType<typeof openFreshDatabase>>;
let db: Db;

const rows = <T>(query: SQL) => rowsOf<T>(db, query);
const values = async (query: ReturnType<typeof sql>) =>
  (await rows<{ v: string }>(query)).map((r) => String(r.v));
const number = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: string }>(query))[0]?.n);

describe('demo data', () => {
  beforeAll(async () => {
    fresh = await openFreshDatabase();
    db = fresh.database.db;
    expect(await ensureDemoData(db, { now: NOW })).toEqual({ seeded: true });
  }, 120_000);
  afterAll(() => fresh.drop());

  it('loads once: a second call changes nothing', async () => {
    const before = await number(sql`select count(*) as n from policies`);
    expect(await ensureDemoData(db, { now: NOW })).toEqual({ seeded: false });
    expect(await number(sql`select count(*) as n from policies`)).toBe(before);
  });

  it('covers every category, policy status, stage, service status and follow-ups 6 and 7', async () => {
    expect(await values(sql`select distinct category as v from policies order by 1`)).toEqual(
      [...PRODUCT_CATEGORIES].sort(),
    );
    expect(await values(sql`select distinct status_code as v from policies order by 1`)).toEqual(
      [...POLICY_STATUS_CODES].sort(),
    );
    expect(await values(sql`select distinct stage as v from applications order by 1`)).toEqual(
      STAGES.map(String),
    );
    expect(await values(sql`select distinct status as v from service_records order by 1`)).toEqual([
      'C',
      'O',
    ]);
    expect(
      await values(sql`select distinct type_id as v from service_records where type_id in (6, 7) order by 1`),
    ).toEqual(['6', '7']);
    expect(await values(sql`select code::text as v from sites order by 1`)).toEqual(['absg', 'afs', 'ipc']);
    expect((await values(sql`select distinct currency as v from holdings`)).length).toBeGreaterThanOrEqual(5);
  });

  it('gives the main partner a four-level team with lists that page', async () => {
    const team = sql`select descendant_id from producer_tree where ancestor_id = (select id from producers where code = 'A1001')`;
    expect(
      await number(
        sql`select max(depth) as n from producer_tree where ancestor_id = (select id from producers where code = 'A1001')`,
      ),
    ).toBeGreaterThanOrEqual(3);
    expect(
      await number(sql`select count(*) as n from applications where producer_id in (${team})`),
    ).toBeGreaterThanOrEqual(60);
    expect(
      await number(sql`select count(*) as n from service_records where producer_id in (${team})`),
    ).toBeGreaterThanOrEqual(60);
    expect(
      await number(sql`select count(*) as n from clients where servicing_producer_id in (${team})`),
    ).toBeGreaterThanOrEqual(40);
  });

  it('keeps statements for the six full months before now and three older ones', async () => {
    const months = await values(
      sql`select distinct to_char(month, 'YYYY-MM') as v from statement_snapshots order by 1`,
    );
    expect(months).toEqual([
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
    ]);
    const mainClientAccounts = await number(
      sql`select count(*) as n from statement_accounts a join clients c on c.id = a.client_id where c.client_no = 'AG10000001'`,
    );
    expect(mainClientAccounts).toBeGreaterThan(3);
  });

  it('lets every demo account sign in with its password, linked to the right person', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await rows<Record<string, string | number | null>>(sql`
        select u.status, u.kind, u.password_hash, u.otp_required, c.client_no, c.id_number, c.birth_date::text as birth_date,
               p.code as advisor_code, p.has_commission_permission
        from users u left join clients c on c.id = u.client_id left join producers p on p.id = u.producer_id
        where u.site_code = ${account.site} and lower(u.login) = lower(${account.login})`);
      expect(user, account.key).toBeDefined();
      expect(user?.status).toBe('active');
      expect(user?.kind).toBe(account.kind);
      expect(user?.otp_required).toBeNull();
      expect(await verify(String(user?.password_hash), account.password)).toBe(true);
      if ('clientIdNumber' in account) {
        expect([user?.client_no, user?.id_number, user?.birth_date]).toEqual([
          account.login,
          account.clientIdNumber,
          account.birthDate,
        ]);
      }
      if ('advisorCode' in account) expect(user?.advisor_code).toBe(account.advisorCode);
      if (account.key === 'consultant') expect(user?.has_commission_permission).toBe(false);
      expect(account.password).toMatch(/^[A-Za-z0-9]{6,10}$/);
    }
    for (const r of DEMO_REGISTRATION_CLIENTS) {
      const users = await values(
        sql`select u.status as v from users u join clients c on c.id = u.client_id where c.client_no = ${r.clientNo}`,
      );
      expect(users).toEqual(r.account === 'pending' ? ['pending'] : []);
    }
  });

  it('stores a real file behind every download', async () => {
    const store = createDbFileStore(db);
    const keys = await values(sql`
      select provider_statement_file_key as v from policies where provider_statement_file_key is not null
      union select file_key from client_documents where file_key is not null
      union select file_key from forms
      union select factsheet_file_key from funds`);
    expect(keys.length).toBeGreaterThan(100);
    for (const key of keys.filter((_, i) => i % 10 === 0)) {
      const file = await store.get(key);
      const head: Buffer = file
        ? await new Promise((resolve) => file.body.once('data', (c) => resolve(Buffer.from(c))))
        : Buffer.alloc(0);
      // A zip's local header is "PK\3\4" then the version needed (1.0 or 2.0, depending on the entry): not part of it.
      const xlsx = key.endsWith('.xlsx');
      expect(head.subarray(0, xlsx ? 4 : 5).toString(), key).toBe(xlsx ? 'PK\u0003\u0004' : '%PDF-');
    }
  });

  it("gives every plan's items the plan's own terms, never a pay term longer than the cover", async () => {
    const contradictions = await rows<{ plan_no: string }>(sql`
      select p.plan_no from policies p join policy_items i on i.policy_id = p.id
      where p.policy_term is distinct from i.policy_term or p.pay_term is distinct from i.pay_term`);
    expect(contradictions).toEqual([]);
    const terms = await rows<{ policy_term: string; pay_term: string }>(
      sql`select policy_term, pay_term from policies where policy_term like 'Y%' and pay_term like 'Y%'`,
    );
    expect(terms.length).toBeGreaterThan(0);
    for (const { policy_term, pay_term } of terms) {
      expect(Number(pay_term.slice(1)), `${policy_term}/${pay_term}`).toBeLessThanOrEqual(
        Number(policy_term.slice(1)),
      );
    }
  });

  it('dates every message within the six statement months a client can open, in every language', async () => {
    const window = statementMonthWindow(NOW);
    const months = await values(sql`select distinct to_char(created_at at time zone 'UTC', 'YYYY-MM') as v
      from client_messages order by 1`);
    expect(months.length).toBeGreaterThan(0);
    for (const month of months) expect(window).toContain(month);
    const untranslated = await number(sql`select count(*) as n from client_messages
      where not (title ?& array['en', 'zh', 'ja', 'kr'] and content ?& array['en', 'zh', 'ja', 'kr'])`);
    expect(untranslated).toBe(0);
  });

  it('adds generated data on top without touching the demo set', async () => {
    const demoPolicies = await number(sql`select count(*) as n from policies`);
    const report = await generateScaleData(db, { scale: 1, policiesPerUnit: 300, batchSize: 100 });
    expect(report.rows.policies).toBe(300);
    expect(await number(sql`select count(*) as n from policies`)).toBe(demoPolicies + 300);
    const generatedTeam = await number(sql`
      select count(*) as n from producer_tree t join producers p on p.id = t.ancestor_id where p.code = 'G1U0T0P'`);
    expect(generatedTeam).toBe(16);
    // Each site's generated partners sit under the run's head: six afs teams of 16, plus the head itself.
    const headTeam = await number(sql`
      select count(*) as n from producer_tree t join producers p on p.id = t.ancestor_id where p.code = 'G1HAFS'`);
    expect(headTeam).toBe(1 + 6 * 16);
  });
});
