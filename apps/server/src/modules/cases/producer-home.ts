import {
  AGING_BUCKETS,
  HONG_KONG_TIME_ZONE,
  hongKongToday,
  IN_PROGRESS_STAGES,
  type Language,
  LIST_COUNT_LIMIT,
  type NewBusinessCriteria,
  type ProducerHome,
  type ProducerHomeQuery,
  type RequirementType,
  siteCapabilities,
  weekOf,
} from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { searchRows } from '../../db/search-statements.js';
import {
  auditTeamView,
  type ProducerCaller,
  producerFilter,
  resolveTeamScope,
  type TeamScope,
} from '../../db/team-scope.js';
import { listStatement } from '../../lists/index.js';
import { newBusinessServerList } from '../producer-lists/index.js';
import type { CasesContext } from './context.js';
import { OPEN_STATUS_LIST, selectStageTargets } from './queries.js';

/*
 * GET /b2b/home (docs/producer/cases.md): what is stuck in the scope (the caller, or the producer they view, alone or
 * with their team). Every figure is a bounded, indexed count: the pipeline's counts are the New Business list's own
 * count statement for each stage (the list mechanism's SQL, so a tile's figure is the total the list shows when the
 * tile opens it), its aging read from the same rows.
 */

/** The New Business criteria a pipeline tile opens: one stage, in the home's scope. */
export function stageCriteria(
  scope: TeamScope,
  stage: number,
): NewBusinessCriteria & { page: number; sizePerPage: number } {
  return {
    stage: 'select',
    stageOptions: [stage],
    page: 1,
    sizePerPage: 20,
    includedTeam: scope.includedTeam,
    selectedProducerId: scope.producerId,
  } as NewBusinessCriteria & { page: number; sizePerPage: number };
}

const num = (value: unknown) => Number(value ?? 0);

/** Whole Hong Kong days from the day a row entered its stage to `today`. */
const daysInStage = (today: string) =>
  sql`(${today}::date - (list_rows.stage_entered_at at time zone ${HONG_KONG_TIME_ZONE})::date)`;

/**
 * One statement for every stage: each stage's rows as the list counts them (its key FROM and WHERE, stopped at the
 * count limit + 1), with their days in stage bucketed.
 */
function pipelineStatement(
  scope: TeamScope,
  stages: number[],
  today: string,
  targets: Map<number, number>,
  language: Language,
): SQL {
  const bound = LIST_COUNT_LIMIT + 1;
  const days = daysInStage(today);
  const parts = stages.map((stage) => {
    const { keyFromWhere } = listStatement(
      newBusinessServerList,
      scope,
      stageCriteria(scope, stage),
      language,
    );
    const target = targets.get(stage);
    return sql`select ${stage}::int as stage, count(*)::int as n,
        count(*) filter (where ${days} <= 7)::int as d0_7,
        count(*) filter (where ${days} between 8 and 14)::int as d8_14,
        count(*) filter (where ${days} between 15 and 30)::int as d15_30,
        count(*) filter (where ${days} > 30)::int as over30,
        ${target === undefined ? sql`0` : sql`count(*) filter (where ${days} > ${target})`}::int as overdue
      from (select applications.stage_entered_at ${keyFromWhere} limit ${bound}) as list_rows`;
  });
  return sql.join(parts, sql` union all `);
}

/** The scope's producer and each direct report: overdue cases per stage in each one's subtree. */
function heatMapStatement(
  scope: TeamScope,
  stages: number[],
  today: string,
  targets: Map<number, number>,
): SQL {
  const cutoffs = stages
    .filter((s) => targets.has(s))
    .map(
      (s) =>
        sql`(${s}::smallint, (${today}::date - ${targets.get(s)}::int)::timestamp at time zone ${HONG_KONG_TIME_ZONE})`,
    );
  if (cutoffs.length === 0)
    return sql`select null::bigint as producer_id, null as name, null::int as stage, 0 as overdue where false`;
  // Subtree roots: the producer themselves (their own cases only) and, with the team, each direct report (their
  // whole subtree). Then per root, stage and producer one index-only range of applications_stage_aging_idx.
  const roots = scope.includedTeam
    ? sql`select ${scope.producerId}::bigint as root_id, true as alone
        union all select descendant_id, false from producer_tree where ancestor_id = ${scope.producerId} and depth = 1`
    : sql`select ${scope.producerId}::bigint as root_id, true as alone`;
  return sql`with targets(stage, cutoff) as (values ${sql.join(cutoffs, sql`, `)}),
      roots as (${roots})
    select r.root_id as producer_id, p.name, t.stage, (
        select count(*)::int from applications a
        where a.stage = t.stage and a.stage_entered_at < t.cutoff
          and (case when r.alone then a.producer_id = r.root_id
            else a.producer_id in (select descendant_id from producer_tree where ancestor_id = r.root_id) end)
      ) as overdue
    from roots r join producers p on p.id = r.root_id cross join targets t
    order by r.alone desc, p.name, r.root_id, t.stage`;
}

/** Month × 100 + day of each day of the week (and 29 February when the week holds 28 February of a common year). */
function birthMonthDays(from: string): number[] {
  const days: number[] = [];
  for (let i = 0; i < 7; i++) {
    const date = new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000);
    const month = date.getUTCMonth() + 1;
    const day = date.getUTCDate();
    days.push(month * 100 + day);
    const year = date.getUTCFullYear();
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    if (month === 2 && day === 28 && !leap) days.push(229);
  }
  return days;
}

export async function loadProducerHome(
  ctx: CasesContext,
  caller: ProducerCaller,
  query: ProducerHomeQuery,
  language: Language,
): Promise<ProducerHome> {
  // The lists' scope rule: a selected producer outside the caller's subtree is a 404; viewing one is audited.
  const scope = await resolveTeamScope(ctx.db, caller, query);
  await auditTeamView(ctx.db, scope, 'producer_home', { includedTeam: scope.includedTeam });
  const today = hongKongToday(ctx.now());
  const week = weekOf(today);
  const stages = siteCapabilities(caller.siteCode).stages.filter((s) => IN_PROGRESS_STAGES.includes(s));
  const targets = await selectStageTargets(ctx.db, caller.siteCode);
  const bound = LIST_COUNT_LIMIT + 1;
  const team = (column: unknown) => producerFilter(scope, column as SQL);

  const [pipelineRows, heatRows, counts, received] = await Promise.all([
    searchRows<Record<string, unknown>>(ctx.db, pipelineStatement(scope, stages, today, targets, language)),
    searchRows<{ producer_id: unknown; name: string; stage: unknown; overdue: unknown }>(
      ctx.db,
      heatMapStatement(scope, stages, today, targets),
    ),
    searchRows<Record<string, unknown>>(
      ctx.db,
      sql`select
        (select count(*)::int from (select 1 from application_requirements r where ${team(sql`r.producer_id`)}
          and r.status in (${OPEN_STATUS_LIST}) and r.due_date < ${today}::date limit ${bound}) x) as overdue_requirements,
        (select count(*)::int from (select 1 from application_requirements r where ${team(sql`r.producer_id`)}
          and r.status in (${OPEN_STATUS_LIST}) and r.status in ('outstanding', 'rejected') and r.provider = 'client'
          limit ${bound}) x) as outstanding_from_clients,
        (select count(*)::int from (select 1 from application_requirements r where ${team(sql`r.producer_id`)}
          and r.status in (${OPEN_STATUS_LIST}) and r.status = 'received' limit ${bound}) x) as received_requirements,
        (select count(*)::int from (select 1 from applications a where ${team(sql`a.producer_id`)}
          and a.cooling_off_ends_on between ${week.from}::date and ${week.to}::date limit ${bound}) x) as cooling_off,
        (select count(*)::int from (select 1 from clients c
          where c.birth_month_day in (${sql.join(
            birthMonthDays(week.from).map((d) => sql`${d}`),
            sql`, `,
          )})
            and exists (select 1 from policies p where p.owner_client_id = c.id and ${team(sql`p.servicing_producer_id`)})
          limit ${bound}) x) as birthdays`,
    ),
    searchRows<{
      id: unknown;
      application_id: unknown;
      type_code: string;
      client_name: string | null;
      at: Date | string;
    }>(
      ctx.db,
      sql`select r.id, r.application_id, r.type_code, a.client_name, r.status_changed_at as at
        from application_requirements r join applications a on a.id = r.application_id
        where ${team(sql`r.producer_id`)} and r.status in (${OPEN_STATUS_LIST}) and r.status = 'received'
        order by r.status_changed_at desc, r.id desc limit 5`,
    ),
  ]);

  const byStage = new Map(pipelineRows.map((row) => [num(row.stage), row]));
  const subPartners = new Map<number, ProducerHome['overdueBySubPartner'][number]>();
  for (const row of heatRows) {
    const id = num(row.producer_id);
    const entry = subPartners.get(id) ?? { producerId: id, name: row.name, byStage: [] };
    entry.byStage.push({ stage: num(row.stage), overdue: num(row.overdue) });
    subPartners.set(id, entry);
  }
  const totals = counts[0] ?? {};
  const bounded = (value: unknown) => Math.min(num(value), LIST_COUNT_LIMIT);
  return {
    today,
    weekFrom: week.from,
    weekTo: week.to,
    pipeline: stages.map((stage) => {
      const row = byStage.get(stage) ?? {};
      const n = num(row.n);
      return {
        stage,
        count: Math.min(n, LIST_COUNT_LIMIT),
        countIsLowerBound: n > LIST_COUNT_LIMIT,
        aging: Object.fromEntries(
          AGING_BUCKETS.map((b) => [b, num(row[b])]),
        ) as ProducerHome['pipeline'][number]['aging'],
        overdue: num(row.overdue),
        targetDays: targets.get(stage) ?? null,
      };
    }),
    overdueBySubPartner: [...subPartners.values()],
    overdueRequirements: bounded(totals.overdue_requirements),
    outstandingFromClients: bounded(totals.outstanding_from_clients),
    receivedRequirements: bounded(totals.received_requirements),
    recentlyReceived: received.map((row) => ({
      requirementId: num(row.id),
      applicationId: num(row.application_id),
      type: row.type_code as RequirementType,
      clientName: row.client_name ?? '',
      receivedAt: new Date(row.at).toISOString(),
    })),
    coolingOffEndingThisWeek: bounded(totals.cooling_off),
    birthdaysThisWeek: bounded(totals.birthdays),
  };
}
