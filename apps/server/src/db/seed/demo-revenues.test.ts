import { readFileSync } from 'node:fs';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemoDatabase, rowsOf } from '../../testing/demo-database.js';
import type { Db } from '../client.js';
import { DEMO_REVENUES } from './demo-revenue-specs.js';

/**
 * The demo revenues must show every case of the internal staff area (docs/internal/staff-area-plan.md (d)) and hold
 * together the way the back office's figures do. Checked in SQL on the seeded database, apart from the code that wrote
 * them.
 */
let db: Db;
let close: () => Promise<void>;

const rows = <T>(query: SQL) => rowsOf<T>(db, query);

interface RevenueFacts {
  ref_no: string;
  commission_type: string;
  lapse: boolean;
  join_seq_no: number | null;
  is_orphan_case: boolean;
  editable: boolean;
  deletable: boolean;
  producers: string[];
  records: number;
  pay_modes: string[];
  item_states: string[];
  max_receipts: number;
  payout_settlements: number;
  stated_records: number;
}

/** One row per revenue: what the coverage checks look at. A record is "stated" when an issued statement of its
 * producer and service company covers its due month (the statement month and the months before it in its period). */
const facts = () =>
  rows<RevenueFacts>(sql`
    select r.ref_no, r.commission_type, r.lapse_surrender_on is not null as lapse, r.join_seq_no,
      r.is_orphan_case, r.editable, r.deletable,
      coalesce((select array_agg(p.code order by p.code) from revenue_payouts po
        join producers p on p.id = po.producer_id where po.revenue_id = r.id), '{}') as producers,
      (select count(*)::int from revenue_payout_records rec join revenue_payouts po on po.id = rec.payout_id
        where po.revenue_id = r.id) as records,
      coalesce((select array_agg(distinct rec.pay_mode) from revenue_payout_records rec
        join revenue_payouts po on po.id = rec.payout_id where po.revenue_id = r.id), '{}') as pay_modes,
      coalesce((select array_agg(case when settled >= i.total_pay_amount then 'settled'
          when settled > 0 then 'part' else 'outstanding' end order by i.installment_no)
        from revenue_payin_items i
        cross join lateral (select coalesce(sum(s.settled_amount), 0) as settled
          from revenue_payin_settlements s where s.payin_item_id = i.id) paid
        where i.revenue_id = r.id), '{}') as item_states,
      coalesce((select max(n)::int from (select count(s.id) as n from revenue_payin_items i
        left join revenue_payin_settlements s on s.payin_item_id = i.id
        where i.revenue_id = r.id group by i.id) counts), 0) as max_receipts,
      (select count(*)::int from revenue_payout_settlements ps join revenue_payouts po on po.id = ps.payout_id
        where po.revenue_id = r.id) as payout_settlements,
      (select count(*)::int from revenue_payout_records rec
        join revenue_payouts po on po.id = rec.payout_id
        join commission_statements cs on cs.producer_id = po.producer_id
          and cs.service_company_id = r.service_company_id
          and rec.due_date < cs.month + interval '1 month'
          and rec.due_date >= cs.month - make_interval(months => case cs.period
            when 'M' then 0 when 'Q' then 2 when 'H' then 5 else 11 end)
        where po.revenue_id = r.id) as stated_records
    from revenues r order by r.ref_no`);

let all: RevenueFacts[];
let demo: RevenueFacts[];

beforeAll(async () => {
  ({ db, close } = await openDemoDatabase());
  all = await facts();
  const refNos = new Set(DEMO_REVENUES.map((s) => s.refNo));
  demo = all.filter((r) => refNos.has(r.ref_no));
}, 120_000);
afterAll(() => close());

const byRef = (refNo: string) => all.find((r) => r.ref_no === refNo);

describe('demo revenues: coverage of the staff area', () => {
  it('seeds every spec under its ref number and type, in order (RV000001 first)', async () => {
    expect(demo.map((r) => [r.ref_no, r.commission_type])).toEqual(
      DEMO_REVENUES.map((s) => [s.refNo, s.commissionType]),
    );
    const [first] = await rows<{ ref_no: string }>(sql`select ref_no from revenues order by id limit 1`);
    expect(first?.ref_no).toBe('RV000001');
    expect(new Set(all.map((r) => r.ref_no)).size).toBe(all.length);
  });

  it('has every commission type, at least two of R and of C', () => {
    const count = (type: string) => demo.filter((r) => r.commission_type === type).length;
    for (const type of ['R', 'A', 'T', 'C', 'O']) expect(count(type), type).toBeGreaterThan(0);
    expect(count('R')).toBeGreaterThanOrEqual(2);
    expect(count('C')).toBeGreaterThanOrEqual(2);
  });

  it('has type C with and without a lapse/surrender date, and no other type with one', () => {
    expect(demo.some((r) => r.commission_type === 'C' && r.lapse)).toBe(true);
    expect(demo.some((r) => r.commission_type === 'C' && !r.lapse)).toBe(true);
    expect(all.filter((r) => r.commission_type !== 'C' && r.lapse)).toEqual([]);
  });

  it('has two split pairs (9001, 9002): one plan, two service companies, unsplit revenues null', async () => {
    const groups = await rows<{
      join_seq_no: number;
      revenues: number;
      plans: number;
      companies: number;
    }>(sql`
      select join_seq_no, count(*)::int as revenues, count(distinct policy_id)::int as plans,
        count(distinct service_company_id)::int as companies
      from revenues where join_seq_no is not null group by join_seq_no order by join_seq_no`);
    expect(groups).toEqual([
      { join_seq_no: 9001, revenues: 2, plans: 1, companies: 2 },
      { join_seq_no: 9002, revenues: 2, plans: 1, companies: 2 },
    ]);
    expect(byRef('RV000002')?.join_seq_no).toBe(9001);
  });

  it('has orphan cases paid to the partner only', () => {
    const orphans = demo.filter((r) => r.is_orphan_case);
    expect(orphans.length).toBeGreaterThanOrEqual(2);
    for (const orphan of orphans) expect(orphan.producers, orphan.ref_no).toEqual(['A1001']);
  });

  it('has pay-in fully settled, fully outstanding, mixed, and an instalment settled by two receipts', () => {
    const states = demo.map((r) => new Set(r.item_states));
    const only = (state: string) => states.some((s) => s.size === 1 && s.has(state));
    expect(only('settled')).toBe(true);
    expect(only('outstanding')).toBe(true);
    expect(states.some((s) => s.has('settled') && s.has('part') && s.has('outstanding'))).toBe(true);
    expect(demo.some((r) => r.max_receipts >= 2)).toBe(true);
  });

  it('pays out to 1, 2 and 3 or more producers; one revenue has 6+ records by BANK and CHEQUE', async () => {
    const sizes = new Set(demo.map((r) => Math.min(r.producers.length, 3)));
    expect([...sizes].sort()).toEqual([1, 2, 3]);
    expect(
      demo.some((r) => r.records >= 6 && r.pay_modes.includes('BANK') && r.pay_modes.includes('CHEQUE')),
    ).toBe(true);
    const [overrides] = await rows<{ n: number }>(sql`
      select count(*)::int as n from revenue_payouts where jsonb_array_length(override_rate_info) > 0`);
    expect(overrides?.n).toBeGreaterThan(0);
  });

  it('flags about half editable, and shows editable-only, deletable and neither', () => {
    const editable = demo.filter((r) => r.editable).length;
    expect(editable / demo.length).toBeGreaterThanOrEqual(0.4);
    expect(editable / demo.length).toBeLessThanOrEqual(0.6);
    expect(demo.some((r) => r.editable && !r.deletable)).toBe(true);
    expect(demo.some((r) => r.deletable)).toBe(true);
    expect(demo.some((r) => !r.editable && !r.deletable)).toBe(true);
    expect(byRef('RV000001')).toMatchObject({ commission_type: 'R', editable: true, deletable: true });
    expect(byRef('RV000001')?.producers).toHaveLength(3);
    expect(byRef('RV000004')).toMatchObject({ is_orphan_case: true, deletable: false });
  });

  it('lists every demo ref number in docs/internal/README.md', () => {
    const doc = readFileSync(new URL('../../../../../docs/internal/README.md', import.meta.url), 'utf8');
    for (const spec of DEMO_REVENUES)
      expect(doc, spec.refNo).toContain(`| ${spec.refNo} | ${spec.commissionType} |`);
  });
});

describe('demo revenues: invariants of every revenue', () => {
  it('makes a revenue deletable only without pay-out settlements and without lines of an issued statement', () => {
    const deletable = all.filter((r) => r.deletable);
    expect(deletable.length).toBeGreaterThan(0);
    for (const r of deletable) {
      expect({ ref: r.ref_no, settled: r.payout_settlements, stated: r.stated_records }).toEqual({
        ref: r.ref_no,
        settled: 0,
        stated: 0,
      });
    }
    // The rule is not vacuous: revenues feeding issued statements exist, and none of them is deletable.
    expect(all.filter((r) => r.stated_records > 0).length).toBeGreaterThan(0);
  });

  it('splits every pay-out into records that add up to its amount exactly', async () => {
    const off = await rows<{ id: number }>(sql`
      select po.id from revenue_payouts po
      left join revenue_payout_records rec on rec.payout_id = po.id
      group by po.id having coalesce(sum(rec.pay_out_amount), 0) <> po.pay_amount`);
    expect(off).toEqual([]);
  });

  it('never settles more than is due: pay-in per instalment, pay-out per producer', async () => {
    const payin = await rows<{ id: number }>(sql`
      select i.id from revenue_payin_items i join revenue_payin_settlements s on s.payin_item_id = i.id
      group by i.id having sum(s.settled_amount) > i.total_pay_amount`);
    const payout = await rows<{ id: number }>(sql`
      select po.id from revenue_payouts po join revenue_payout_settlements s on s.payout_id = po.id
      group by po.id having sum(s.settled_amount) > po.pay_amount`);
    expect({ payin, payout }).toEqual({ payin: [], payout: [] });
  });

  it('keeps every revenue total the sum of its lines, and each producer rate the sum of its rate lines', async () => {
    const off = await rows<{ ref_no: string }>(sql`
      select r.ref_no from revenues r
      where r.total_payin_amount <> (select coalesce(sum(total_pay_amount), 0) from revenue_payin_items
          where revenue_id = r.id)
        or r.total_payout_amount <> (select coalesce(sum(pay_amount), 0) from revenue_payouts
          where revenue_id = r.id)
        or r.gross_profit <> r.total_payin_amount - r.total_payout_amount`);
    expect(off).toEqual([]);
    const rates = await rows<{ id: number }>(sql`
      select po.id from revenue_payouts po
      where po.total_rate <> (select coalesce(sum((line ->> 'rate')::numeric), 0)
        from jsonb_array_elements(po.rate_info || po.override_rate_info) line)`);
    expect(rates).toEqual([]);
  });
});
