import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemoDatabase, rowsOf } from '../../testing/demo-database.js';
import { historyAgainstStatements } from '../../testing/history-vs-statements.js';
import type { Db } from '../client.js';

/**
 * Performance history against the statements: every month a statement was issued for must read the same in the
 * history (totals and every line), so a client comparing a statement with the performance screen finds one number.
 * Checked in SQL, apart from the code that wrote the history.
 */
let db: Db;
let close: () => Promise<void>;

const rows = <T>(query: SQL) => rowsOf<T>(db, query);

beforeAll(async () => {
  ({ db, close } = await openDemoDatabase());
}, 120_000);
afterAll(() => close());

describe('performance history of the demo plans', () => {
  it('equals every demo statement at its month end: totals, cash, currency and every line', async () => {
    const r = await historyAgainstStatements(db);
    expect(r.snapshots).toBeGreaterThan(500);
    expect(r.lines).toBeGreaterThan(1000);
    expect({ offTotals: r.offTotals, missing: r.missingLines, extra: r.extraLines }).toEqual({
      offTotals: 0,
      missing: 0,
      extra: 0,
    });
  });

  it('starts at commencement, has every month end after it, and adds up line by line', async () => {
    const [r] = await rows<{
      plans: string;
      late_start: string;
      gaps: string;
      off_total: string;
      off_line: string;
    }>(sql`
      with spans as (
        select v.policy_id, min(v.month_end) as first, max(v.month_end) as last, count(*) as months
        from plan_valuations v group by v.policy_id)
      select count(*) as plans,
             count(*) filter (where p.commence_date is not null and p.commence_date < s.first - interval '1 month'
               + interval '1 day' and s.first > (date_trunc('month', p.commence_date) + interval '1 month - 1 day')::date)
               as late_start,
             count(*) filter (where s.months <> (extract(year from age(s.last + 1, s.first + 1)) * 12
               + extract(month from age(s.last + 1, s.first + 1)) + 1)) as gaps,
             (select count(*) from plan_valuations v where v.value <> (select coalesce(sum(h.valuation_value), 0)
               from plan_holding_valuations h where h.policy_id = v.policy_id and h.month_end = v.month_end)) as off_total,
             (select count(*) from plan_holding_valuations h where (h.holding_type = 'fund'
               and round(h.unit_held * h.price, 2) <> h.value) or round(h.value * h.exchange_rate, 2) <> h.valuation_value)
               as off_line
      from spans s join policies p on p.id = s.policy_id`);
    expect(Number(r?.plans)).toBeGreaterThan(50);
    expect({
      lateStart: Number(r?.late_start),
      gaps: Number(r?.gaps),
      offTotal: Number(r?.off_total),
      offLine: Number(r?.off_line),
    }).toEqual({ lateStart: 0, gaps: 0, offTotal: 0, offLine: 0 });
  });

  it('has flows from commencement: the first one on the commencement day, none before it', async () => {
    // Demo statement months follow the clock and commencement dates do not, so a few plans have statements from
    // before they began: their history starts with the first statement month and its first day.
    const [r] = await rows<{ plans: string; first_off: string; before: string }>(sql`
      with firsts as (select policy_id, min(flow_date) as first from plan_cash_flows
        where kind in ('premium', 'contribution') group by policy_id),
      starts as (select policy_id, date_trunc('month', min(month_end))::date as first_month
        from plan_valuations group by policy_id),
      expected as (select p.id, case when p.commence_date < s.first_month + interval '1 month' then p.commence_date
        else s.first_month end as first_day from policies p join starts s on s.policy_id = p.id)
      select count(*) as plans,
             count(*) filter (where f.first <> e.first_day) as first_off,
             (select count(*) from plan_cash_flows c join expected x on x.id = c.policy_id
               where c.flow_date < x.first_day) as before
      from firsts f join expected e on e.id = f.policy_id`);
    expect(Number(r?.plans)).toBeGreaterThan(50);
    expect({ firstOff: Number(r?.first_off), before: Number(r?.before) }).toEqual({ firstOff: 0, before: 0 });
  });

  it('ends a surrendered plan with its surrender: the proceeds out on the day it ended, nothing held after', async () => {
    const ended = await rows<{
      policy_id: number;
      last_value: string;
      surrender_date: string;
      changed: string;
    }>(sql`
      select c.policy_id::int, to_char(c.flow_date, 'YYYY-MM-DD') as surrender_date,
             to_char(p.status_changed_on, 'YYYY-MM-DD') as changed,
             (select v.value::text from plan_valuations v where v.policy_id = c.policy_id
               order by v.month_end desc limit 1) as last_value
      from plan_cash_flows c join policies p on p.id = c.policy_id where c.kind = 'surrender'`);
    expect(ended.length).toBeGreaterThan(0);
    for (const e of ended) {
      expect(e.last_value).toBe('0.00');
      expect(e.surrender_date).toBe(e.changed);
    }
  });
});
