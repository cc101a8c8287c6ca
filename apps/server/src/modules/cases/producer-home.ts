import {
  AGING_BUCKETS,
  FOLLOWUP_TYPE_MISSING_PREMIUM,
  HOME_FIGURES,
  HONG_KONG_TIME_ZONE,
  type HomeFigure,
  hongKongToday,
  IN_PROGRESS_STAGES,
  LIST_COUNT_LIMIT,
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
import type { CasesContext } from './context.js';
import { OPEN_STATUS_LIST, selectStageTargets } from './queries.js';

/*
 * GET /b2b/home (docs/producer/cases.md): what is stuck in the scope (the caller, or the producer they view, alone or
 * with their team). Every figure costs the same whatever the team's size: the pipeline and the heat map read the
 * team's counts per stage and day (team_stage_days, decision 063), the other tiles are counts stopped at the list
 * limit. A pipeline count is what the New Business list filtered to that stage shows as its total (the same rows;
 * beyond the list's count limit both say "10,000+").
 */

const num = (value: unknown) => Number(value ?? 0);

/**
 * The scope's in-progress applications counted by stage and the Hong Kong day they entered it. A team reads its
 * producer's rows of team_stage_days (decision 063: a few rows per stage and day, whatever the team's size); a producer
 * alone counts their own applications on applications_stage_aging_idx.
 */
function stageDaysStatement(scope: TeamScope, stages: number[]): SQL {
  const stageList = sql.join(
    stages.map((s) => sql`${s}`),
    sql`, `,
  );
  if (scope.includedTeam)
    return sql`select stage, entered_on, n from team_stage_days
      where ancestor_id = ${scope.producerId} and stage in (${stageList})`;
  return sql`select stage, (stage_entered_at at time zone ${HONG_KONG_TIME_ZONE})::date as entered_on, count(*)::int as n
    from applications where producer_id = ${scope.producerId} and stage in (${stageList}) group by 1, 2`;
}

/** Per stage: how many, their days in stage bucketed, and how many are past the stage's target. */
function pipelineStatement(
  scope: TeamScope,
  stages: number[],
  today: string,
  targets: Map<number, number>,
): SQL {
  const days = sql`(${today}::date - stage_days.entered_on)`;
  const overdue = [...targets].map(([stage, target]) => sql`when ${stage} then ${days} > ${target}`);
  const isOverdue =
    overdue.length === 0
      ? sql`false`
      : sql`case stage_days.stage ${sql.join(overdue, sql` `)} else false end`;
  return sql`select stage_days.stage, sum(n)::int as n,
      coalesce(sum(n) filter (where ${days} <= 7), 0)::int as d0_7,
      coalesce(sum(n) filter (where ${days} between 8 and 14), 0)::int as d8_14,
      coalesce(sum(n) filter (where ${days} between 15 and 30), 0)::int as d15_30,
      coalesce(sum(n) filter (where ${days} > 30), 0)::int as over30,
      coalesce(sum(n) filter (where ${isOverdue}), 0)::int as overdue
    from (${stageDaysStatement(scope, stages)}) as stage_days group by stage_days.stage`;
}

/**
 * The scope's producer (their own cases) and, with the team, each direct report (their whole subtree, from
 * team_stage_days): overdue cases per stage.
 */
function heatMapStatement(
  scope: TeamScope,
  stages: number[],
  today: string,
  targets: Map<number, number>,
): SQL {
  const cutoffs = stages
    .filter((s) => targets.has(s))
    .map((s) => sql`(${s}::smallint, ${today}::date - ${targets.get(s)}::int)`);
  if (cutoffs.length === 0)
    return sql`select null::bigint as producer_id, null as name, null::int as stage, 0 as overdue where false`;
  const roots = scope.includedTeam
    ? sql`select ${scope.producerId}::bigint as root_id, true as alone
        union all select descendant_id, false from producer_tree where ancestor_id = ${scope.producerId} and depth = 1`
    : sql`select ${scope.producerId}::bigint as root_id, true as alone`;
  // Entered before the cutoff day (Hong Kong) = more days in stage than the target.
  return sql`with targets(stage, cutoff) as (values ${sql.join(cutoffs, sql`, `)}),
      roots as (${roots})
    select r.root_id as producer_id, p.name, t.stage, case when r.alone then (
        select count(*) from applications a where a.producer_id = r.root_id and a.stage = t.stage
          and a.stage_entered_at < t.cutoff::timestamp at time zone ${HONG_KONG_TIME_ZONE})
      else (select coalesce(sum(d.n), 0) from team_stage_days d
        where d.ancestor_id = r.root_id and d.stage = t.stage and d.entered_on < t.cutoff) end::int as overdue
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
  const hasServiceRecords = siteCapabilities(caller.siteCode).has('serviceRecords');

  const [pipelineRows, heatRows, counts, received] = await Promise.all([
    searchRows<Record<string, unknown>>(ctx.db, pipelineStatement(scope, stages, today, targets)),
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
          limit ${bound}) x) as birthdays,
        ${
          hasServiceRecords
            ? sql`(select count(*)::int from (select 1 from service_records s where ${team(sql`s.producer_id`)}
                and s.status = 'O' and s.type_id = ${FOLLOWUP_TYPE_MISSING_PREMIUM} limit ${bound}) x)`
            : sql`null::int`
        } as missing_premiums`,
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
  const figures: Record<HomeFigure, unknown> = {
    overdueRequirements: totals.overdue_requirements,
    outstandingFromClients: totals.outstanding_from_clients,
    receivedRequirements: totals.received_requirements,
    coolingOffEndingThisWeek: totals.cooling_off,
    birthdaysThisWeek: totals.birthdays,
    missingPremiums: totals.missing_premiums,
  };
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
    missingPremiums: hasServiceRecords ? bounded(totals.missing_premiums) : null,
    lowerBounds: HOME_FIGURES.filter((figure) => num(figures[figure]) > LIST_COUNT_LIMIT),
  };
}
