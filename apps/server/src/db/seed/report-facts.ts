import { hongKongToday } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { paysPremiums } from '../premium-payers.js';
import { DEMO_ANCHOR_DATE } from './demo-context.js';

/*
 * The facts behind reports 8, 13, 14 and 201 (payment cards, BV factors, training history), derived from the plans,
 * products and producers already in a database by INSERT … SELECT. The demo seed and the million-policy generator
 * call it, and it backfills a database loaded before these tables existed (`npm run -w apps/server
 * backfill:report-facts`). Each step only adds what is missing (products without factors, plans without a card,
 * producers without training), so running it again after more data was generated fills the new rows only.
 * Everything is derived from ids with fixed arithmetic: the same database gives the same facts.
 */

export interface ReportFactsOptions {
  /** "Today" for card expiries and training dates (Hong Kong calendar). Default: now. */
  now?: Date;
}

export interface ReportFactsCounts {
  bvFactors: number;
  abBvLines: number;
  planItemCounts: number;
  paymentCards: number;
  trainings: number;
}

async function inserted(db: Db, statement: SQL): Promise<number> {
  const result = (await db.execute(statement)) as unknown as {
    rowCount?: number | null;
    affectedRows?: number;
  };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}

/** Whole months from the first of `fromMonth` to the first of `toMonth` (YYYY-MM-DD). */
function monthsFrom(fromMonth: string, toMonth: string): number {
  const [fy, fm] = fromMonth.split('-').map(Number) as [number, number];
  const [ty, tm] = toMonth.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm);
}

/**
 * BV factors per product: a factor by record type (long-term life business weighs most, execution-only platform
 * business least) nudged per product, revised on 2025-01-01 (the period before is closed on 2024-12-31).
 */
function bvFactorsStatement(): SQL {
  return sql`insert into bv_factors (product_id, effective_from, effective_to, factor)
    select p.id, period.effective_from, period.effective_to,
      round(base.factor * period.scale * (1 + ((p.id % 5) - 2) * 0.025), 4)
    from products p
    join (values ('IN', 1.0000), ('IL', 0.6000), ('IR', 0.8000), ('GI', 0.3000), ('MPF', 0.1000),
      ('FD', 0.0500), ('PB', 0.0300), ('TU', 0.0500)) as base(category, factor) on base.category = p.category
    cross join (values (date '2000-01-01', date '2024-12-31', 1.00), (date '2025-01-01', null::date, 1.05))
      as period(effective_from, effective_to, scale)
    where not exists (select 1 from bv_factors f where f.product_id = p.id)`;
}

/**
 * One active card for each plan paying by credit card (and, in generated data that has no payment method, for one
 * plan in three of the regular-premium plans), plus the card it replaced for one plan in three. Expiries: a
 * producer's first card-paying plans expire this month, next month, the month after, around the demo anchor
 * month and a year or two ahead, so every producer has rows in report 8's default month and the months around
 * both "today" and the anchor; further plans spread from 6 months back to 4 years ahead.
 */
function paymentCardsStatement(today: string, anchorOffset: number): SQL {
  const offsets = [0, 1, anchorOffset, 2, anchorOffset + 1, 4, 8, 14, 23];
  const thisMonth = sql`${`${today.slice(0, 7)}-01`}::date`;
  return sql`with payers as (
      select p.id as policy_id, c.full_name,
        row_number() over (partition by p.servicing_producer_id order by p.id) as rank
      from policies p join clients c on c.id = p.owner_client_id
      where ${paysPremiums('p', sql`${today}::date`)}
        and (p.payment_method = 'CREDIT_CARD' or (p.payment_method is null and p.id % 3 = 0))
        and not exists (select 1 from payment_cards pc where pc.policy_id = p.id)
    ), cards as (
      select policy_id, full_name, (${thisMonth} + make_interval(months => case
          when rank <= ${offsets.length} then (${sql.raw(`array[${offsets.join(', ')}]`)})[rank]
          else (policy_id * 7919 % 54)::int - 6 end))::date as expires
      from payers
    )
    insert into payment_cards (policy_id, brand, last4, holder_name, expiry_year, expiry_month, is_active)
    select policy_id, (array['VISA', 'MASTERCARD', 'VISA', 'MASTERCARD', 'AMEX', 'UNIONPAY', 'JCB'])[1 + policy_id % 7],
      lpad((policy_id * 7907 % 10000)::text, 4, '0'), upper(full_name),
      extract(year from expires)::int, extract(month from expires)::int, true
    from cards
    union all
    select policy_id, (array['VISA', 'MASTERCARD'])[1 + policy_id % 2],
      lpad(((policy_id * 4099 + 17) % 10000)::text, 4, '0'), upper(full_name),
      extract(year from expires - interval '36 months')::int, extract(month from expires)::int, false
    from cards where policy_id % 3 = 0`;
}

/** Courses producers take, as (code, title, organizer, category, hours). */
const COURSES: [string, string, string, string, string][] = [
  [
    'IA-ETH-01',
    'Ethics and Compliance for Licensed Insurance Intermediaries',
    'Vocational Training Council',
    'IA_CPD',
    '3.00',
  ],
  [
    'IA-LTI-02',
    'Long Term Insurance: Suitability and Needs Analysis',
    'Hong Kong Institute of Bankers',
    'IA_CPD',
    '2.50',
  ],
  [
    'IA-ILAS-03',
    'Investment-linked Assurance Schemes Update',
    'Professional Insurance Brokers Association',
    'IA_CPD',
    '3.00',
  ],
  [
    'IA-AML-04',
    'Anti-Money Laundering for Insurance Intermediaries',
    'Hong Kong Federation of Insurers',
    'IA_CPD',
    '1.50',
  ],
  ['IA-GI-05', 'General Insurance Claims Practice', 'Insurance Institute of Hong Kong', 'IA_CPD', '2.00'],
  [
    'SFC-CPT-01',
    'Asset Management Regulation Update',
    'Hong Kong Securities and Investment Institute',
    'SFC_CPT',
    '5.00',
  ],
  [
    'SFC-CPT-02',
    'Complex Products and Suitability Obligations',
    'Hong Kong Securities and Investment Institute',
    'SFC_CPT',
    '3.00',
  ],
  [
    'MPF-CPD-01',
    'MPF Scheme Administration and Member Choice',
    'Mandatory Provident Fund Schemes Authority',
    'MPF_CPD',
    '2.00',
  ],
  [
    'MPF-CPD-02',
    'Tax-deductible Voluntary Contributions Explained',
    'Hong Kong Institute of Bankers',
    'MPF_CPD',
    '1.00',
  ],
  [
    'INT-PRD-01',
    'New Product Briefing: Savings and Annuity Plans',
    'Angel Financial Services Academy',
    'INTERNAL',
    '1.50',
  ],
  ['INT-CRM-02', 'Client Review Meetings that Stick', 'Angel Financial Services Academy', 'INTERNAL', '2.00'],
  [
    'INT-DIG-03',
    'Digital Onboarding and e-Signature Workflow',
    'Angel Financial Services Academy',
    'INTERNAL',
    '1.00',
  ],
];

/**
 * Eight courses per producer, one every 110 days or so going back from today (a few weeks' jitter, never in the
 * future): about two and a half years of history, a certificate for regulator CPD, none for in-house training.
 */
function trainingsStatement(today: string): SQL {
  const courses = sql.join(
    COURSES.map(
      ([code, title, organizer, category, hours], i) =>
        sql`(${sql.raw(String(i))}, ${code}::text, ${title}::text, ${organizer}::text, ${category}::text, ${hours}::numeric)`,
    ),
    sql`, `,
  );
  return sql`with course(ord, code, title, organizer, category, hours) as (values ${courses})
    insert into producer_trainings
      (producer_id, course_code, course_title, course_provider, category, completed_on, hours, certificate_no)
    select pr.id, course.code, course.title, course.organizer, course.category,
      ${today}::date - ((n.n - 1) * 110 + (pr.id * 31 + n.n * 97) % 90)::int, course.hours,
      case when course.category <> 'INTERNAL'
        then course.code || '-' || lpad((pr.id * 10 + n.n)::text, 7, '0') end
    from producers pr
    cross join generate_series(1, 8) as n(n)
    join course on course.ord = (pr.id + n.n * 5) % ${sql.raw(String(COURSES.length))}
    where not exists (select 1 from producer_trainings t where t.producer_id = pr.id)`;
}

/**
 * The AB BV lines (migration 0043) of applications written with triggers off (the generator's load): computed from
 * the same view the triggers use, for the applications that have none yet.
 */
function abBvLinesStatement(): SQL {
  return sql`insert into ab_bv_lines select v.* from ab_bv_line_values v
    where not exists (select 1 from ab_bv_lines l where l.application_id = v.application_id)`;
}

/** Report 11's row counts (migration 0043) of plans written with triggers off that have none yet. */
function planItemCountsStatement(): SQL {
  return sql`insert into plan_item_counts
    select p.id, p.servicing_producer_id, counted.items from (
      select rows.policy_id, count(*)::int as items from (
        select i.policy_id from policy_items i
        union all select h.policy_id from holdings h where h.holding_type = 'fund' and h.policy_id is not null) as rows
      group by rows.policy_id) as counted
    join policies p on p.id = counted.policy_id
    where not exists (select 1 from plan_item_counts k where k.policy_id = counted.policy_id)`;
}

/**
 * Adds the missing report facts (see the file comment). Returns the rows added per table. Run it inside the caller's
 * transaction when seeding; on its own it runs as three statements.
 */
export async function backfillReportFacts(
  db: Db,
  options: ReportFactsOptions = {},
): Promise<ReportFactsCounts> {
  const today = hongKongToday(options.now ?? new Date());
  const thisMonth = `${today.slice(0, 7)}-01`;
  const anchorOffset = monthsFrom(thisMonth, `${DEMO_ANCHOR_DATE.slice(0, 7)}-01`);
  return {
    bvFactors: await inserted(db, bvFactorsStatement()),
    // After the factors: a line's BV reads the factor in force on its application date.
    abBvLines: await inserted(db, abBvLinesStatement()),
    planItemCounts: await inserted(db, planItemCountsStatement()),
    paymentCards: await inserted(db, paymentCardsStatement(today, anchorOffset)),
    trainings: await inserted(db, trainingsStatement(today)),
  };
}

/** Main demo clients whose plans other tests and screenshots name: their payment methods stay as generated. */
const MAIN_DEMO_CLIENTS = ['AG10000001', 'AG10000002'];

/**
 * The demo's plans are few per producer: where a producer has fewer than three plans paying by credit card, some of
 * their regular-premium plans paid by autopay switch to a card first, so report 8 has rows for every producer.
 */
export async function switchDemoPlansToCards(db: Db, now: Date): Promise<void> {
  const today = sql`${hongKongToday(now)}::date`;
  await db.execute(sql`with live as (
      select p.id, p.payment_method, row_number() over (partition by p.servicing_producer_id
        order by (p.payment_method = 'CREDIT_CARD') desc, p.id) as rank
      from policies p join clients c on c.id = p.owner_client_id
      where ${paysPremiums('p', today)}
        and p.payment_method in ('CREDIT_CARD', 'AUTOPAY')
        and c.client_no not in (${sql.join(
          MAIN_DEMO_CLIENTS.map((no) => sql`${no}`),
          sql`, `,
        )}))
    update policies set payment_method = 'CREDIT_CARD' from live
    where policies.id = live.id and live.rank <= 3 and live.payment_method = 'AUTOPAY'`);
}
