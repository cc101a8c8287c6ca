import { CURRENCIES, SITE_CODES, siteCapabilities, statementMonthWindow } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPerformance } from '../../modules/performance/index.js';
import type { StatementsContext } from '../../modules/statements/index.js';
import { loadStatement } from '../../modules/statements/index.js';
import { quotedCrossRate } from '../../render/decimal.js';
import { statementHtml } from '../../render/statement-html.js';
import { statementTexts } from '../../render/statement-texts.js';
import { historyAgainstStatements } from '../../testing/history-vs-statements.js';
import { listCopiesOff } from '../../testing/list-copies.js';
import { snapshotsOffTheirLines } from '../../testing/snapshot-totals.js';
import { htmlLines, reconcileLines } from '../../testing/statement-reconciliation.js';
import { createTestApp, openTestDatabase, type TestContext } from '../../testing/test-app.js';
import type { Db } from '../client.js';
import { generateScaleData, type ScaleReport } from './scale.js';
import { verifyForeignKeys } from './scale-checks.js';

/*
 * The generator at a tiny scale, on the engine under test: six months of statements for the generated clients, with
 * figures that reconcile the way the demo statements do (statement-reconciliation.test.ts, demo-figures.test.ts),
 * the same rows for the same run, statistics fresh at the end, and references checked after a trigger-free load.
 */
const POLICIES = 400;
let t: TestContext;
let db: Db;
let report: ScaleReport;

async function rows<T>(query: ReturnType<typeof sql>, on: Db = db): Promise<T[]> {
  return ((await on.execute(query)) as unknown as { rows: T[] }).rows;
}

const generate = (on: Db, now: Date) =>
  generateScaleData(on, { scale: 1, policiesPerUnit: POLICIES, batchSize: 300, concurrency: 2, now });

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  report = await generate(db, t.clock.now);
}, 300_000);
afterAll(() => t.close());

/** Generated clients (client numbers from AG20000000) with a live investment plan, as the statements need them. */
const eligiblePlans = sql`select p.id, p.owner_client_id from policies p join clients c on c.id = p.owner_client_id
  where c.client_no >= 'AG20000000' and p.category in ('IL', 'FD', 'MPF', 'PB')
    and p.status_code not in ('COF', 'CAN', 'LAP', 'SUR', 'TOT', 'RCV', 'AIP', 'CFM', 'COD')`;

describe('generated cases', () => {
  it('gives every generated application its requirements and stage dates, as the demo has them', async () => {
    const [r] = await rows<Record<string, string>>(sql`select count(*) as applications,
        count(*) filter (where not exists (select 1 from application_requirements q where q.application_id = a.id))
          as without_requirements,
        count(*) filter (where a.stage in (6, 7) and exists (select 1 from application_requirements q
          where q.application_id = a.id and q.mandatory and q.status not in ('accepted', 'waived'))) as issued_with_open,
        count(*) filter (where a.stage between 1 and 5 and exists (select 1 from application_requirements q
          where q.application_id = a.id and q.status not in ('accepted', 'waived'))) as pending_with_open,
        count(*) filter (where a.stage_entered_at < now() - interval '30 days') as waiting_over_30_days,
        (select count(*) from application_requirements q join applications b on b.id = q.application_id
          join clients d on d.id = b.client_id where d.client_no >= 'AG20000000') as requirements
      from applications a join clients c on c.id = a.client_id where c.client_no >= 'AG20000000'`);
    expect(Number(r?.applications)).toBeGreaterThan(100);
    expect(Number(r?.without_requirements)).toBe(0);
    expect(Number(r?.issued_with_open)).toBe(0);
    expect(Number(r?.pending_with_open)).toBeGreaterThan(0);
    // The day a stage was entered comes from the data (received date or history), not from the moment of loading.
    expect(Number(r?.waiting_over_30_days)).toBeGreaterThan(0);
    expect(report.rows.application_requirements).toBe(Number(r?.requirements));
  });

  it("recounts the home's team counts the load wrote without triggers (decision 063)", async () => {
    const [r] = await rows<Record<string, string>>(sql`with kept as (
        select ancestor_id, stage, entered_on, n from team_stage_days),
      recount as (select tree.ancestor_id, a.stage, team_stage_day(a.stage_entered_at) as entered_on,
          count(*)::int as n
        from applications a join producer_tree tree on tree.descendant_id = a.producer_id
        where a.stage between 1 and 6 group by 1, 2, 3)
      select (select count(*) from kept) as kept,
        (select count(*) from (select * from kept except select * from recount) x)
          + (select count(*) from (select * from recount except select * from kept) y) as differences`);
    expect(Number(r?.kept)).toBeGreaterThan(100);
    expect(Number(r?.differences)).toBe(0);
  });
});

describe('generated statements', () => {
  it('gives every generated client with a live investment plan a consolidated account and one per plan', async () => {
    const [c] = await rows<{ clients: string; plans: string; consolidated: string; per_plan: string }>(sql`
      with eligible as (${eligiblePlans})
      select (select count(distinct owner_client_id) from eligible) as clients,
        (select count(*) from eligible) as plans,
        (select count(*) from statement_accounts a where a.account_type = 'CONSOLIDATE'
          and a.client_id in (select owner_client_id from eligible)) as consolidated,
        (select count(*) from statement_accounts a where a.account_type = 'POLICY'
          and a.policy_id in (select id from eligible)) as per_plan`);
    expect(Number(c?.clients)).toBeGreaterThan(50);
    expect(Number(c?.consolidated)).toBe(Number(c?.clients));
    expect(Number(c?.per_plan)).toBe(Number(c?.plans));
    expect(report.rows.statement_accounts).toBe(Number(c?.clients) + Number(c?.plans));
  });

  it('writes a snapshot for each of the six months in the window, for every generated account', async () => {
    const window = statementMonthWindow(t.clock.now).sort();
    const accounts = await rows<{ id: number; months: string }>(sql`
      select a.id, string_agg(to_char(s.month, 'YYYY-MM'), ',' order by s.month) as months
      from statement_accounts a join clients c on c.id = a.client_id
      left join statement_snapshots s on s.account_id = a.id
      where c.client_no >= 'AG20000000' group by a.id`);
    expect(accounts.length).toBe(report.rows.statement_accounts);
    const off = accounts.filter((a) => a.months !== window.join(','));
    expect(off).toEqual([]);
    expect(report.rows.statement_snapshots).toBe(accounts.length * 6);
  });

  it('stores plan totals that are the sums of their lines, and lines that reproduce to the cent', async () => {
    const [lines] = await rows<{ n: string; off_value: string; off_valuation: string }>(sql`
      select count(*) as n,
        count(*) filter (where holding_type = 'fund' and round(unit_held * price, 2) <> value) as off_value,
        count(*) filter (where round(value * exchange_rate, 2) <> valuation_value) as off_valuation
      from statement_snapshot_holdings where policy_id in (select id from (${eligiblePlans}) e)`);
    expect(Number(lines?.n)).toBe(report.rows.statement_snapshot_holdings);
    expect({ value: Number(lines?.off_value), valuation: Number(lines?.off_valuation) }).toEqual({
      value: 0,
      valuation: 0,
    });
    expect(await snapshotsOffTheirLines(db)).toEqual([]);
  });

  it("converts each line at the quoted cross rate of its month's USD quotes (decision 011)", async () => {
    const used = await rows<{
      as_of: string;
      from_ccy: string;
      to_ccy: string;
      rate: string;
      usd_from: string;
      usd_to: string;
    }>(sql`
      select distinct to_char(h.value_on, 'YYYY-MM-DD') as as_of, h.currency as from_ccy, s.valuation_currency as to_ccy,
        h.exchange_rate::text as rate, f.rate::text as usd_from, t.rate::text as usd_to
      from statement_snapshot_holdings h join statement_snapshots s on s.id = h.snapshot_id
      join fx_rates f on f.currency = h.currency and f.quote_currency = 'USD' and f.rate_date = h.value_on
      join fx_rates t on t.currency = s.valuation_currency and t.quote_currency = 'USD' and t.rate_date = h.value_on
      where h.policy_id in (select id from (${eligiblePlans}) e)`);
    expect(used.length).toBeGreaterThan(6);
    const wrong = used.filter((u) => Number(u.rate) !== Number(quotedCrossRate(u.usd_from, u.usd_to)));
    expect(wrong).toEqual([]);
  });

  it('prints statements that reconcile, with consolidated totals equal to the stored ones', async () => {
    const ctx: StatementsContext = {
      db,
      config: t.config,
      now: () => t.clock.now,
      renderPool: t.app.renderPool,
      sites: t.app.siteCache,
    };
    // The first six accounts of each kind.
    const sample = await rows<{ id: number; client_id: number; account_type: string; site_code: 'afs' }>(sql`
      select id, client_id, account_type, site_code from (
        select a.id, a.client_id, a.account_type, c.site_code,
          row_number() over (partition by a.account_type order by a.id) as n
        from statement_accounts a join clients c on c.id = a.client_id where c.client_no >= 'AG20000000') s
      where n <= 6`);
    expect(new Set(sample.map((a) => a.account_type))).toEqual(new Set(['CONSOLIDATE', 'POLICY']));
    const texts = statementTexts('en');
    let checked = 0;
    for (const account of sample) {
      const who = {
        clientId: Number(account.client_id),
        siteCode: account.site_code,
        language: 'en' as const,
      };
      for (const month of statementMonthWindow(t.clock.now)) {
        const currencies = account.account_type === 'CONSOLIDATE' ? [undefined, CURRENCIES[3]] : [undefined];
        for (const currency of currencies) {
          const doc = await loadStatement(ctx, who, Number(account.id), { month, currency });
          const found = reconcileLines(htmlLines(statementHtml(doc)), texts);
          expect(found.problems).toEqual([]);
          expect(found.rows).toBeGreaterThan(0);
          if (doc.summary && currency === undefined) {
            const [stored] = await rows<{ value: string; cash: string }>(sql`
              select total_portfolio_value::text as value, cash_balance::text as cash from statement_snapshots
              where account_id = ${account.id} and month = ${`${month}-01`}::date`);
            expect({ value: doc.summary.totalValue, cash: doc.summary.totalCash }).toEqual({
              value: stored?.value,
              cash: stored?.cash,
            });
          }
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(sample.length * 6);
  }, 120_000);
});

describe('generated performance history', () => {
  it('equals every generated statement at its month end, as the demo history does', async () => {
    const r = await historyAgainstStatements(db, sql`select id from (${eligiblePlans}) e`);
    const [accounts] = await rows<{ n: string }>(sql`select count(*) as n from statement_accounts
      where account_type = 'POLICY' and policy_id in (select id from (${eligiblePlans}) e)`);
    expect(r.snapshots).toBe(Number(accounts?.n) * 6);
    expect(r.lines).toBe(report.rows.plan_holding_valuations);
    expect({ offTotals: r.offTotals, missing: r.missingLines, extra: r.extraLines }).toEqual({
      offTotals: 0,
      missing: 0,
      extra: 0,
    });
  });

  it('runs without gaps from the commencement month, flows from its first day, premiums as scheduled', async () => {
    const [r] = await rows<{
      plans: string;
      gaps: string;
      late_start: string;
      no_flow: string;
      early: string;
      off_schedule: string;
      old: string;
    }>(sql`
      with spans as (
        select v.policy_id, min(v.month_end) as first, max(v.month_end) as last, count(*) as months
        from plan_valuations v where v.policy_id in (select id from (${eligiblePlans}) e) group by v.policy_id),
      firsts as (select policy_id, min(flow_date) as first_flow from plan_cash_flows group by policy_id),
      -- Premiums before the statement months: one a month, one a year or only the first, by the plan's frequency.
      paid as (
        select p.id, p.payment_frequency, count(c.*) as n, s.first,
          (extract(year from age(date_trunc('month', s.last) - interval '5 months', date_trunc('month', s.first))) * 12
            + extract(month from age(date_trunc('month', s.last) - interval '5 months',
              date_trunc('month', s.first))))::int as months_before
        from spans s join policies p on p.id = s.policy_id
        left join plan_cash_flows c on c.policy_id = p.id
          and c.flow_date < date_trunc('month', s.last) - interval '5 months'
        group by p.id, p.payment_frequency, s.first, s.last)
      select count(*) as plans,
        count(*) filter (where s.months <> (extract(year from age(s.last + 1, s.first + 1)) * 12
          + extract(month from age(s.last + 1, s.first + 1)) + 1)) as gaps,
        count(*) filter (where date_trunc('month', s.first) > date_trunc('month', p.commence_date)
          and s.months > 6) as late_start,
        count(*) filter (where f.first_flow is null or f.first_flow > s.first) as no_flow,
        count(*) filter (where f.first_flow < date_trunc('month', s.first)) as early,
        (select count(*) from paid where months_before > 0 and n <> case payment_frequency
          when 'M' then months_before when 'A' then (months_before - 1) / 12 + 1 else 1 end) as off_schedule,
        count(*) filter (where s.months > 60) as old
      from spans s join policies p on p.id = s.policy_id left join firsts f on f.policy_id = s.policy_id`);
    const [accounts] = await rows<{ n: string }>(sql`select count(*) as n from statement_accounts
      where account_type = 'POLICY' and policy_id in (select id from (${eligiblePlans}) e)`);
    expect(Number(r?.plans)).toBe(Number(accounts?.n));
    expect(report.rows.plan_valuations).toBeGreaterThan(Number(r?.plans) * 6);
    // Commencement dates reach back to 2010: the five-year preset has whole histories to measure.
    expect(Number(r?.old)).toBeGreaterThan(Number(r?.plans) / 4);
    expect({
      gaps: Number(r?.gaps),
      lateStart: Number(r?.late_start),
      noFlow: Number(r?.no_flow),
      early: Number(r?.early),
      offSchedule: Number(r?.off_schedule),
    }).toEqual({ gaps: 0, lateStart: 0, noFlow: 0, early: 0, offSchedule: 0 });
  });

  it('answers every preset for the oldest generated plan in USD, with a benchmark as long as its history', async () => {
    const [oldest] = await rows<{
      plan_no: string;
      client_id: number;
      site_code: 'afs';
      first: string;
    }>(sql`
      select p.plan_no, p.owner_client_id::int as client_id, p.site_code,
        to_char(min(v.month_end), 'YYYY-MM-DD') as first
      from policies p join plan_valuations v on v.policy_id = p.id
      where p.id in (select id from (${eligiblePlans}) e) and p.currency <> 'USD'
      group by p.id order by min(v.month_end), p.id limit 1`);
    expect(oldest).toBeDefined();
    const owner = {
      kind: 'client' as const,
      clientId: Number(oldest?.client_id),
      siteCode: oldest?.site_code ?? 'afs',
    };
    const ctx = { db, now: () => t.clock.now };
    for (const preset of ['ytd', '1y', '3y', '5y', 'inception'] as const) {
      const a = await getPerformance(ctx, owner, { planNo: oldest?.plan_no, currency: 'USD', preset });
      expect(a.notes, preset).toEqual([]);
      expect(a.twr, preset).not.toBeNull();
      expect(a.mwr, preset).not.toBeNull();
      expect(a.benchmark?.series.length, preset).toBe(a.series.length);
      if (preset === '5y') expect(a.series.length).toBe(61);
      if (preset === 'inception') {
        // Its whole history: the month end before it (the start point), then the commencement month's valuation.
        expect(a.series[1]?.date).toBe(oldest?.first);
        expect(a.from).toBe(`${oldest?.first.slice(0, 8)}01`);
        // Since 2010 at the latest (2010-01-01 to 2026-06-30 commencements): many more months than five years.
        expect(a.series.length).toBeGreaterThan(61);
      }
    }
  });

  it("gives a generated client's consolidated account the returns of the performance API", async () => {
    const [account] = await rows<{ id: number; client_id: number; total: string; site_code: 'afs' }>(sql`
      select a.id::int, a.client_id::int, s.total_portfolio_value::text as total, c.site_code
      from statement_accounts a join clients c on c.id = a.client_id
      join statement_snapshots s on s.account_id = a.id
      where c.client_no >= 'AG20000000' and a.account_type = 'CONSOLIDATE'
      order by s.month desc, a.id limit 1`);
    expect(account).toBeDefined();
    const answer = await getPerformance(
      { db, now: () => t.clock.now },
      { kind: 'client', clientId: Number(account?.client_id), siteCode: account?.site_code ?? 'afs' },
      { partyId: String(account?.id), currency: 'USD', preset: 'inception' },
    );
    expect(answer.twr).not.toBeNull();
    expect(answer.mwr).not.toBeNull();
    expect(answer.endValue).toBe(account?.total);
  });
});

describe('generated applications', () => {
  it('hold only the stages their site keeps, sent on or after receipt exactly when they reached stage 3', async () => {
    const kept = sql.join(
      SITE_CODES.map((site) => [site, siteCapabilities(site).stages] as const).flatMap(([site, stages]) =>
        stages.map((s) => sql`(${site}::text, ${s}::int)`),
      ),
      sql`, `,
    );
    const broken = await rows<{ id: number; site_code: string; stage: number }>(sql`
      with kept(site_code, stage) as (values ${kept})
      select a.id, a.site_code, a.stage from applications a join clients c on c.id = a.client_id
      where c.client_no >= 'AG20000000' and (
        not exists (select 1 from kept k where k.site_code = a.site_code::text and k.stage = a.stage)
        or (a.stage >= 3) <> (a.sent_date is not null)
        or a.sent_date < a.received_date)
      limit 5`);
    expect(broken).toEqual([]);
    const [absg] = await rows<{ n: number }>(sql`select count(*)::int as n from applications a
      join clients c on c.id = a.client_id where c.client_no >= 'AG20000000' and a.site_code = 'absg'`);
    expect(Number(absg?.n)).toBeGreaterThan(0);
  });
});

describe('generated list rows', () => {
  it('carry the copies the triggers would write, although loaded without them (decision 039)', async () => {
    const copies = await listCopiesOff(db);
    for (const table of copies) expect(table.rows).toBeGreaterThan(POLICIES / 4);
    expect(copies.filter((c) => c.off > 0)).toEqual([]);
  });

  it('carry the report facts the triggers would keep: AB BV lines and plan item counts (migration 0043)', async () => {
    const [off] = await rows<{ lines: number; lines_off: number; counts: number; counts_off: number }>(sql`
      select (select count(*)::int from ab_bv_lines) as lines,
        (select count(*)::int from (select * from ab_bv_lines except select * from ab_bv_line_values
          union all (select * from ab_bv_line_values except select * from ab_bv_lines)) as d) as lines_off,
        (select count(*)::int from plan_item_counts) as counts,
        (select count(*)::int from (select k.policy_id from plan_item_counts k join policies p on p.id = k.policy_id
          where k.servicing_producer_id <> p.servicing_producer_id or k.items <> (
            (select count(*) from policy_items i where i.policy_id = k.policy_id)
            + (select count(*) from holdings h where h.policy_id = k.policy_id and h.holding_type = 'fund'))) as d)
          as counts_off`);
    expect(off?.lines).toBeGreaterThan(POLICIES / 4);
    expect(off?.counts).toBeGreaterThan(POLICIES / 4);
    expect(off?.lines_off).toBe(0);
    expect(off?.counts_off).toBe(0);
  });

  it('gives each generated head a producer user with every producer permission', async () => {
    const heads = await rows<{ login: string; kind: string; perms: boolean }>(sql`
      select u.login, u.kind, p.has_commission_permission and p.has_bv_report_permission
        and p.has_training_history_report_permission as perms
      from users u join producers p on p.id = u.producer_id where p.code ~ '^G[0-9]+H[A-Z]+$' order by u.login`);
    expect(heads.map((h) => h.login)).toEqual(['G1HABSG', 'G1HAFS', 'G1HIPC']);
    expect(heads.every((h) => h.kind === 'producer' && h.perms)).toBe(true);
  });
});

describe('generator run', () => {
  it('adds the same rows for the same run on the same database', async () => {
    const other = await openTestDatabase();
    try {
      await generate(other.database.db, t.clock.now);
      // Every generated row by its natural keys and figures (ids too: both databases start from the same template).
      const digest = (on: Db) =>
        rows<{ d: string }>(
          sql`select md5(string_agg(x, '|' order by x)) as d from (
            select concat_ws(',', c.id, c.client_no, c.full_name, c.birth_date, c.servicing_producer_id) as x
              from clients c where c.client_no >= 'AG20000000'
            union all select concat_ws(',', p.id, p.plan_no, p.status_code, p.currency, p.total_premium_paid,
              p.owner_client_id) from policies p where p.plan_no like 'Z%'
            union all select concat_ws(',', a.id, a.account_no, a.account_type, a.client_id) from statement_accounts a
              where a.client_id in (select id from clients where client_no >= 'AG20000000')
            union all select concat_ws(',', s.account_id, s.month, s.total_portfolio_value, h.code, h.unit_held,
              h.price, h.valuation_value) from statement_snapshots s
              join statement_snapshot_holdings h on h.snapshot_id = s.id
              where h.policy_id in (select id from policies where plan_no like 'Z%')) rows_of_run`,
          on,
        );
      const [mine] = await digest(db);
      const [theirs] = await digest(other.database.db);
      expect(mine?.d).toMatch(/^[0-9a-f]{32}$/);
      expect(theirs?.d).toBe(mine?.d);
    } finally {
      await other.database.close();
      await other.drop();
    }
  }, 300_000);

  it('ends with VACUUM ANALYZE: statistics and a visibility map for the tables it filled', async () => {
    expect(report.analyzeSeconds).toBeGreaterThan(0);
    const [stats] = await rows<{ n: string }>(
      sql`select count(*) as n from pg_stats where tablename = 'statement_snapshot_holdings'`,
    );
    expect(Number(stats?.n)).toBeGreaterThan(0);
    if (t.database.kind === 'postgres') {
      const unanalyzed = await rows<{ relname: string }>(sql`select relname from pg_stat_user_tables
        where relname in ('policies', 'clients', 'statement_snapshots', 'statement_snapshot_holdings')
          and (last_analyze is null or last_vacuum is null)`);
      expect(unanalyzed).toEqual([]);
    }
  });

  it('reports every phase with its time and rows', () => {
    expect(report.phases.map((p) => p.name)).toEqual([
      'producers',
      'policies',
      'search indexes',
      'cases',
      'team stage days',
      'report facts',
      'statements',
      'performance history',
      'foreign keys',
      'vacuum analyze',
    ]);
    expect(report.rows.policies).toBe(POLICIES);
    const loaded = report.phases.filter((p) => p.name !== 'vacuum analyze').reduce((a, p) => a + p.rows, 0);
    expect(loaded).toBe(report.totalRows);
  });

  it('finds a row without its parent after a load without triggers', async () => {
    const other = await openTestDatabase();
    try {
      const odb = other.database.db;
      expect(await verifyForeignKeys(odb, ['holdings', 'statement_snapshot_holdings'])).toBeGreaterThan(3);
      // Written the way the generator writes (triggers off), pointing at a plan that does not exist.
      await odb.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`insert into holdings (policy_id, holding_type, code, description, currency, value_on,
          value, valuation_value, exchange_rate) values (987654321, 'cash', 'CASH-USD', 'Cash', 'USD', '2026-06-30',
          1, 1, 1)`);
      });
      await expect(verifyForeignKeys(odb, ['holdings'])).rejects.toThrow(
        /holdings_policy_id_policies_id_fk \(1\)/,
      );
    } finally {
      await other.database.close();
      await other.drop();
    }
  });
});
