import { LANGUAGES, POLICY_STATUS_CODES } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { domainWords } from '../../render/domain-texts.js';
import { openDemoDatabase, rowsOf } from '../../testing/demo-database.js';
import { listCopiesOff } from '../../testing/list-copies.js';
import { followupTypeWord, WORDED_TYPE_IDS } from './followup-type-words.js';

/*
 * Decision 039: the producer lists sort and search copies held on their own rows (migration 0022), kept by triggers
 * (migration 0023) whoever writes, and the status and type words they sort by live in database functions that must
 * say what the server's catalogs say.
 */

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await openDemoDatabase());
}, 120_000);
afterAll(() => close?.());

const rows = <T>(query: SQL) => rowsOf<T>(db, query);

async function expectCopiesInStep() {
  const copies = await listCopiesOff(db);
  expect(copies.map((c) => c.list_table).sort()).toEqual(['applications', 'policies', 'service_records']);
  for (const table of copies) expect(table.rows).toBeGreaterThan(0);
  expect(copies.filter((c) => c.off > 0)).toEqual([]);
}

describe('list copies', () => {
  it('says the status and follow-up type words of the server catalogs, in every language', async () => {
    for (const language of LANGUAGES) {
      const words = domainWords(language);
      const statuses = await rows<{
        code: string;
        word: string;
      }>(sql`select code, list_policy_status_word(code, ${language}) as word
        from unnest(${`{${POLICY_STATUS_CODES.join(',')}}`}::text[]) as code`);
      expect(statuses).toEqual(
        POLICY_STATUS_CODES.map((code) => ({ code, word: words.policyStatus(code, code) })),
      );
      const types = await rows<{
        id: number;
        word: string | null;
      }>(sql`select id, list_followup_type_word(id, ${language}) as word
        from unnest(${`{${[...WORDED_TYPE_IDS, 99].join(',')}}`}::int[]) as id`);
      expect(types).toEqual([
        ...WORDED_TYPE_IDS.map((id) => ({ id, word: followupTypeWord(language, id, '') })),
        { id: 99, word: null },
      ]);
    }
  });

  it('holds the copies of every demo row', async () => {
    await expectCopiesInStep();
  });

  it('follows a renamed client, product and consultant, and a plan given a new number and insured', async () => {
    const [plan] = await rows<{ id: string; owner: string; product: string; producer: string }>(sql`
      select p.id, p.owner_client_id as owner, p.product_id as product, sr.producer_id as producer
      from policies p join service_records sr on sr.policy_id = p.id
      where exists (select 1 from applications a where a.client_id = p.owner_client_id) order by p.id limit 1`);
    if (!plan) throw new Error('demo data has no plan with a service record and an application');
    await db.execute(
      sql`update clients set given_name = 'Zhivago', surname = 'Quill' where id = ${plan.owner}`,
    );
    await db.execute(sql`update products set name = 'Renamed Product' where id = ${plan.product}`);
    await db.execute(sql`update producers set name = 'Renamed Consultant' where id = ${plan.producer}`);
    await db.execute(
      sql`update policies set plan_no = 'RENAMED-1', insured_name = 'Quill Insured' where id = ${plan.id}`,
    );

    const [copied] = await rows<Record<string, string>>(sql`
      select (select string_agg(distinct client_name, ',') from applications where client_id = ${plan.owner}) as nb_client,
        (select client_name from policies where id = ${plan.id}) as plan_client,
        (select product_name from policies where id = ${plan.id}) as plan_product,
        (select string_agg(distinct plan_no || '|' || insured_name || '|' || client_name || '|' || product_name, ',')
          from service_records where policy_id = ${plan.id}) as sr_plan,
        (select string_agg(distinct consultant_name, ',') from service_records where producer_id = ${plan.producer}) as sr_consultant,
        (select search_text from policies where id = ${plan.id}) as plan_search`);
    expect(copied?.nb_client).toBe('Zhivago Quill');
    expect(copied?.plan_client).toBe('Zhivago Quill');
    expect(copied?.plan_product).toBe('Renamed Product');
    expect(copied?.sr_plan).toBe('RENAMED-1|Quill Insured|Zhivago Quill|Renamed Product');
    expect(copied?.sr_consultant).toBe('Renamed Consultant');
    expect(copied?.plan_search?.split('\u001f')).toEqual(['RENAMED-1', 'Zhivago Quill', expect.any(String)]);
    await expectCopiesInStep();
  });

  it("follows a plan's POLICY statement account as it is filed, renumbered and removed", async () => {
    const [plan] = await rows<{ id: string; client: string }>(sql`
      select p.id, p.owner_client_id as client from policies p
      where not exists (select 1 from statement_accounts a where a.policy_id = p.id) order by p.id limit 1`);
    if (!plan) throw new Error('demo data has no plan without a statement account');
    const accountNo = async () =>
      (
        await rows<{ account_no: string | null }>(sql`select account_no from policies where id = ${plan.id}`)
      )[0]?.account_no;
    expect(await accountNo()).toBeNull();
    const [account] = await rows<{ id: string }>(sql`insert into statement_accounts
      (client_id, account_type, account_no, policy_id, consolidated_currency, statement_language)
      values (${plan.client}, 'POLICY', 'ACC-NEW-1', ${plan.id}, 'USD', 'en') returning id`);
    expect(await accountNo()).toBe('ACC-NEW-1');
    await db.execute(sql`update statement_accounts set account_no = 'ACC-NEW-2' where id = ${account?.id}`);
    expect(await accountNo()).toBe('ACC-NEW-2');
    await db.execute(sql`delete from statement_accounts where id = ${account?.id}`);
    expect(await accountNo()).toBeNull();
    await expectCopiesInStep();
  });
});
