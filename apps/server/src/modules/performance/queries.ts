import type { SiteCode } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** No client holds more plans than this; the cap keeps a bad data load from costing seconds. */
const MAX_PLANS = 500;

export interface MeasuredPlan {
  id: number;
  planNo: string;
  category: string;
  /** The plan's place in plan-number order, as PostgreSQL collates them ("0001", "0002", …). */
  rank: string;
}

/** Who the plans are chosen for: a client (own and jointly owned plans) or a producer (the team's plans of a client). */
export type PlanOwner =
  | { kind: 'client'; clientId: number; siteCode: SiteCode }
  | { kind: 'producer'; producerId: number; clientId: number; siteCode: SiteCode };

export interface PlanChoice {
  planNo?: string;
  partyId?: number;
}

export interface HistoryRows {
  /** In no particular order; `first` and `last` are the earliest and latest month ends among them. */
  valuations: { policyId: number; date: string; currency: string; value: string }[];
  first?: string;
  last?: string;
  flows: { policyId: number; date: string; kind: string; amount: string }[];
  /** USD per unit at each month end of the history, for the currencies involved. */
  quotes: { currency: string; date: string; rate: string }[];
}

export interface BenchmarkRows {
  name: string;
  levels: { date: string; level: string }[];
}

/** A consolidated statement account covering some of the plans: what an account picker offers. */
export interface MeasuredAccount {
  partyId: number;
  accountNo: string;
}

export interface PerformanceInputs {
  plans: MeasuredPlan[];
  accounts: MeasuredAccount[];
  history: HistoryRows;
  benchmark: BenchmarkRows | null;
}

/** One row of the answer: its tag says which part it belongs to and what its columns hold. */
interface TaggedRow {
  t: 'p' | 'a' | 'v' | 'f' | 'q' | 'i' | 'l';
  n: number | null;
  d: string | null;
  a: string | null;
  b: string | null;
}

/**
 * Everything a performance figure reads, in one statement (one round trip per request, whatever the range):
 * - the plans it covers, access checked: a client's own or jointly owned plans on the session's site; for a producer,
 *   those of the client serviced by the producer or their subtree; narrowed to one plan number or to the plans of one
 *   statement account of the client; without a plan number only plans with a history (a term-life plan has no value
 *   to follow);
 * - the client's consolidated statement accounts covering any of those plans (by statement_accounts_client_idx), so
 *   a screen can offer them as choices;
 * - their month-end valuations and client flows (charges are return, not flows), by primary key and
 *   plan_cash_flows_policy_date_idx: a few thousand rows for a 12-plan client over ten years;
 * - the USD quotes of the months the history spans, for the reporting currency and the plans' own;
 * - the benchmark: that of the plan type holding the most value at `categoryAt` (the latest valuation on or before
 *   it; ties to the type of the first plan number), with its levels from the month end before the history to its
 *   end — every range inside the history finds its levels there.
 */
export async function selectPerformanceInputs(
  db: Db,
  owner: PlanOwner,
  choice: PlanChoice,
  reportCurrency: string,
  categoryAt: string | null,
): Promise<PerformanceInputs> {
  const result = await db.execute(performanceInputsQuery(owner, choice, reportCurrency, categoryAt));
  return inputsOf((result as unknown as { rows: TaggedRow[] }).rows);
}

/** The statement selectPerformanceInputs sends (the bench runs it bare, with pg alone). */
// No ORDER BY: sorting ~3 600 rows was 40 % of the statement's time, and nothing needs the order but the plans (by
// their plan-number rank, `d`) and the history's first and last month ends (kept while reading); the engine sorts the
// flows it sums, and quotes and levels are looked up by date.
export function performanceInputsQuery(
  owner: PlanOwner,
  choice: PlanChoice,
  reportCurrency: string,
  categoryAt: string | null,
): SQL {
  const team =
    owner.kind === 'producer'
      ? sql`and p.servicing_producer_id in (select descendant_id from producer_tree where ancestor_id = ${owner.producerId})`
      : sql``;
  const planNo = choice.planNo ? sql`and p.plan_no = ${choice.planNo}` : sql``;
  const account =
    choice.partyId !== undefined
      ? sql`and p.id in (select sap.policy_id from statement_account_policies sap
          join statement_accounts a on a.id = sap.account_id where a.id = ${choice.partyId} and a.client_id = ${owner.clientId})`
      : sql``;
  const withHistory = choice.planNo
    ? sql``
    : sql`and exists (select 1 from plan_valuations v where v.policy_id = p.id)`;
  return sql`with plans as materialized (
      select p.id, p.plan_no, p.category, p.site_code from policies p
      where p.site_code = ${owner.siteCode}
        and (p.owner_client_id = ${owner.clientId} or p.joint_owner_client_id = ${owner.clientId})
        ${team} ${planNo} ${account} ${withHistory}
      order by p.plan_no limit ${MAX_PLANS}),
    vals as materialized (
      select v.policy_id, v.month_end, v.currency, v.value from plan_valuations v
      where v.policy_id in (select id from plans)),
    span as (select min(month_end) as first, max(month_end) as last from vals),
    latest as (
      select distinct on (policy_id) policy_id, value from vals
      where month_end <= coalesce(${categoryAt}::date, 'infinity'::date) order by policy_id, month_end desc),
    chosen as (
      select p.category, p.site_code from plans p left join latest l on l.policy_id = p.id
      group by p.category, p.site_code order by coalesce(sum(l.value), 0) desc, min(p.plan_no) limit 1),
    benchmark as (
      select i.code, i.name from chosen c
      join plan_type_benchmarks b on b.site_code = c.site_code and b.category = c.category
      join benchmark_indices i on i.code = b.index_code)
    select 'p' as t, id::int as n, lpad((row_number() over (order by plan_no))::text, 4, '0') as d, plan_no as a,
      category as b from plans
    union all
    select 'a', a.id::int, null, a.account_no, null from statement_accounts a
    where a.client_id = ${owner.clientId} and a.account_type = 'CONSOLIDATE'
      and exists (select 1 from statement_account_policies sap
        where sap.account_id = a.id and sap.policy_id in (select id from plans))
    union all
    select 'v', policy_id::int, to_char(month_end, 'YYYY-MM-DD'), currency, value::text from vals
    union all
    select 'f', f.policy_id::int, to_char(f.flow_date, 'YYYY-MM-DD'), f.kind, f.amount::text
    from plan_cash_flows f where f.policy_id in (select id from plans) and f.kind <> 'charge'
    union all
    select 'q', null, to_char(r.rate_date, 'YYYY-MM-DD'), r.currency, r.rate::text from fx_rates r, span
    where r.quote_currency = 'USD' and r.rate_date between span.first and span.last
      and r.currency in (select distinct currency from vals union select ${reportCurrency}::text)
    union all
    select 'i', null, null, code, name from benchmark
    union all
    select 'l', null, to_char(l.level_date, 'YYYY-MM-DD'), null, l.level::text from benchmark_levels l, benchmark, span
    where l.index_code = benchmark.code
      and l.level_date between (date_trunc('month', span.first) - interval '1 day')::date and span.last`;
}

function inputsOf(rows: TaggedRow[]): PerformanceInputs {
  const inputs: PerformanceInputs = {
    plans: [],
    accounts: [],
    history: { valuations: [], flows: [], quotes: [] },
    benchmark: null,
  };
  const levels: BenchmarkRows['levels'] = [];
  for (const r of rows) {
    const d = r.d as string;
    if (r.t === 'v') {
      const history = inputs.history;
      if (history.first === undefined || d < history.first) history.first = d;
      if (history.last === undefined || d > history.last) history.last = d;
      history.valuations.push({
        policyId: Number(r.n),
        date: d,
        currency: r.a as string,
        value: r.b as string,
      });
    } else if (r.t === 'f')
      inputs.history.flows.push({
        policyId: Number(r.n),
        date: d,
        kind: r.a as string,
        amount: r.b as string,
      });
    else if (r.t === 'q')
      inputs.history.quotes.push({ currency: r.a as string, date: d, rate: r.b as string });
    else if (r.t === 'l') levels.push({ date: d, level: r.b as string });
    else if (r.t === 'i') inputs.benchmark = { name: r.b as string, levels };
    else if (r.t === 'a') inputs.accounts.push({ partyId: Number(r.n), accountNo: r.a as string });
    else inputs.plans.push({ id: Number(r.n), planNo: r.a as string, category: r.b as string, rank: d });
  }
  inputs.plans.sort((x, y) => (x.rank < y.rank ? -1 : 1));
  inputs.accounts.sort((x, y) => (x.accountNo < y.accountNo ? -1 : x.accountNo > y.accountNo ? 1 : 0));
  return inputs;
}
