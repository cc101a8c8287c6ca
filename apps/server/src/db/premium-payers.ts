import { type SQL, sql } from 'drizzle-orm';

/*
 * Which plans still pay premiums, and when the next one is due: the rule the payment-card seed and report 8 share,
 * written once so the cards the seed gives and the plans the report lists cannot disagree.
 */

/** Plan statuses whose premiums are no longer collected. */
export const ENDED_STATUS_CODES = ['CAN', 'COF', 'LAP', 'SUR', 'TOT', 'MAT', 'TER', 'COD'] as const;

const endedStatusList = sql.raw(ENDED_STATUS_CODES.map((code) => `'${code}'`).join(', '));

/** Today in Hong Kong, read by the database (UTC+8 all year, so no time-zone data is needed). */
export const hongKongTodaySql = sql`((now() at time zone 'UTC') + interval '8 hours')::date`;

/** Last day premiums may fall due: before the end of an N-year pay term (general insurance renews each year). */
function withinPayTerm(plan: SQL, due: SQL): SQL {
  return sql`(${plan}.category = 'GI' or ${plan}.pay_term is null or ${plan}.pay_term !~ '^Y[0-9]+$'
    or ${plan}.commence_date is null
    or ${due} < ${plan}.commence_date + make_interval(years => substring(${plan}.pay_term from 2)::int))`;
}

/**
 * A regular-premium plan still paying premiums on `today`: a modal premium with a frequency, a status that still
 * collects premiums, and inside its pay term. `plan` is the policies table's name or alias in the statement.
 */
export function paysPremiums(plan: string, today: SQL): SQL {
  const p = sql.raw(plan);
  return sql`${p}.modal_premium is not null and ${p}.payment_frequency in ('M', 'Q', 'H', 'A')
    and ${p}.status_code not in (${endedStatusList}) and ${withinPayTerm(p, today)}`;
}

/**
 * Next premium due on or after today: the commence date plus whole payment periods (month arithmetic keeps month
 * ends: a plan commenced on 31 January is due on 28 February), the commence date itself before the plan starts.
 * Null for single premium plans and once the pay term is over.
 */
export function nextPremiumDueSql(plan: string): SQL {
  const p = sql.raw(plan);
  const start = sql`${p}.commence_date`;
  const today = hongKongTodaySql;
  const step = sql`(case ${p}.payment_frequency when 'M' then 1 when 'Q' then 3 when 'H' then 6 when 'A' then 12 end)`;
  // Whole months from the commence date to today (age() floors), so start + periods·step ≤ today ≤ the next one.
  const months = sql`(extract(year from age(${today}, ${start})) * 12 + extract(month from age(${today}, ${start})))::int`;
  const after = (extra: number) =>
    sql`(${start} + make_interval(months => ${step} * (${months} / ${step} + ${sql.raw(String(extra))})))::date`;
  const next = sql`(case when ${start} >= ${today} then ${start} when ${after(0)} = ${today} then ${today} else ${after(1)} end)`;
  return sql`(case when ${step} is null or ${start} is null then null
    when ${withinPayTerm(p, next)} then ${next} end)`;
}
