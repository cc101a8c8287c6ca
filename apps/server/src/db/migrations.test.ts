import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client.js';
import { openFreshDatabase } from './fresh-database.js';
import { clients, sites } from './schema/index.js';

let fresh: Awaited<ReturnType<typeof openFreshDatabase>>;
let db: Db;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

describe('migrations', () => {
  beforeAll(async () => {
    fresh = await openFreshDatabase();
    db = fresh.database.db;
  });
  afterAll(() => fresh.drop());

  it('apply from scratch, with pg_trgm, the trigram indexes and the closure triggers', async () => {
    expect(await rows(sql`select extname from pg_extension where extname = 'pg_trgm'`)).toHaveLength(1);
    const trigram = await rows<{ indexname: string }>(
      sql`select indexname from pg_indexes where indexdef like '%gin_trgm_ops%' order by 1`,
    );
    expect(trigram.map((r) => r.indexname)).toEqual([
      'applications_insured_name_trgm_idx',
      'applications_policy_no_trgm_idx',
      'applications_search_text_trgm_idx',
      'clients_client_no_trgm_idx',
      'clients_full_name_trgm_idx',
      'policies_insured_name_trgm_idx',
      'policies_plan_no_trgm_idx',
      'policies_search_text_trgm_idx',
      'producers_code_trgm_idx',
      'producers_name_trgm_idx',
      'products_name_trgm_idx',
      'revenues_account_no_trgm_idx',
      'revenues_ref_no_trgm_idx',
      'service_records_search_text_trgm_idx',
      'service_records_unique_id_trgm_idx',
    ]);
    const triggers = await rows<{ tgname: string }>(
      sql`select tgname from pg_trigger where tgrelid = 'producers'::regclass and not tgisinternal order by 1`,
    );
    expect(triggers.map((t) => t.tgname)).toEqual([
      // Decision 027: a producer's name or permissions changed tells every process's session cache.
      'producers_changed_notify',
      // Decision 039: a renamed consultant's list rows follow.
      'producers_list_children',
      'producers_site_fixed',
      // Decision 063: a moved producer's kept team counts name their new parent (the heat map's index).
      'producers_team_stage_days_parent',
      'producers_tree_insert',
      'producers_tree_move',
    ]);
  });

  it('index report 1 by producer, status and status date, on lapsed and surrendered plans only', async () => {
    const [index] = await rows<{ indexdef: string }>(
      sql`select indexdef from pg_indexes where indexname = 'policies_producer_status_changed_idx'`,
    );
    expect(index?.indexdef).toContain('(servicing_producer_id, status_code, status_changed_on)');
    expect(index?.indexdef).toMatch(/WHERE .*status_code.*'LAP'.*'SUR'/);
    expect(
      await rows(sql`select 1 from pg_indexes where indexname = 'report_export_jobs_producer_state_idx'`),
    ).toHaveLength(1);
  });

  it('enforce codes with check constraints', async () => {
    await db.insert(sites).values({ code: 'afs', name: 'AFS', shortName: 'AFS' });
    const client = { siteCode: 'afs' as const, idType: 'ID' as const, idNumber: 'A1', surname: 'Chan' };
    await expect(db.insert(clients).values({ ...client, clientNo: 'AG1234' })).rejects.toThrow();
    await expect(
      db.insert(clients).values({ ...client, clientNo: 'AG12345678', language: 'fr' }),
    ).rejects.toThrow();
    await db.insert(clients).values({ ...client, clientNo: 'AG12345678', givenName: 'Tai Man' });
    const [row] = await rows<{ full_name: string }>(
      sql`select full_name from clients where client_no = 'AG12345678'`,
    );
    expect(row?.full_name).toBe('Tai Man Chan');
  });

  it('keep the birth month and day of a client, 29 February included, and index the report keys', async () => {
    const client = { siteCode: 'afs' as const, idType: 'ID' as const, surname: 'Lee' };
    await db.insert(clients).values([
      { ...client, idNumber: 'B1', clientNo: 'AG12340001', birthDate: '1992-02-29' },
      { ...client, idNumber: 'B2', clientNo: 'AG12340002', birthDate: '1980-12-05' },
      { ...client, idNumber: 'B3', clientNo: 'AG12340003' },
    ]);
    const born = await rows<{ client_no: string; birth_month_day: number | null }>(
      sql`select client_no, birth_month_day from clients where client_no like 'AG1234000%' order by 1`,
    );
    expect(born.map((r) => r.birth_month_day)).toEqual([229, 1205, null]);
    const indexes = await rows<{ indexname: string }>(
      sql`select indexname from pg_indexes where indexname in ('clients_birth_month_day_idx',
        'service_records_premium_date_idx', 'policies_commence_idx', 'applications_received_policy_idx',
        'applications_sent_policy_idx', 'policy_items_report_key_idx', 'holdings_report_key_idx') order by 1`,
    );
    expect(indexes).toHaveLength(7);
  });
});
