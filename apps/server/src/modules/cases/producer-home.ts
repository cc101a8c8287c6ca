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
  type RequirementView,
  siteCapabilities,
  weekOf,
} from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { applicationRequirements } from '../../db/schema/index.js';
import { searchRows } from '../../db/search-statements.js';
import {
  auditTeamView,
  type ProducerCaller,
  producerFilter,
  resolveTeamScope,
  type TeamScope,
} from '../../db/team-scope.js';
import { requirementViewFilter } from '../producer-lists/index.js';
import type { CasesContext } from './context.js';
import { selectStageTargets } from './queries.js';

/*
 * GET /b2b/home (docs/producer/cases.md): what is stuck in the scope (the caller, or the producer they view, alone or
 * with their team). Every figure costs the same whatever the team's size: the pipeline and the heat map read the
 * team's counts per stage and day (team_stage_days, decision 063), the other tiles are counts stopped at the list
 * limit. A pipeline count is what the New Business list filtered to that stage shows as its total (the same rows;
 * beyond the list's count limit both say "10,000+").
 */

const num = (value: unknown) => Number(value ?? 0);

/** Direct reports shown by name in the heat map; the others are one summed row. */
const HEAT_MAP_REPORTS = 20;

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
 * Overdue cases per stage: the scope's producer (their own cases, on applications_stage_aging_idx) and, with the team,
 * each direct report's whole subtree (one grouped read of their team_stage_days rows, however many reports there are).
 * Every direct report has a row, zeros included; `alone` marks the producer's own.
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
    return sql`select null::bigint as producer_id, null as name, null::int as stage, 0 as overdue, true as alone
      where false`;
  // Entered before the cutoff day (Hong Kong) = more days in stage than the target.
  const own = sql`select ${scope.producerId}::bigint as producer_id, t.stage, count(a.id)::int as overdue, true as alone
    from targets t left join applications a on a.producer_id = ${scope.producerId} and a.stage = t.stage
      and a.stage_entered_at < t.cutoff::timestamp at time zone ${HONG_KONG_TIME_ZONE}
    group by t.stage`;
  const reports = sql`select r.descendant_id as producer_id, t.stage, coalesce(sum(d.n), 0)::int as overdue,
      false as alone
    from producer_tree r cross join targets t
    left join team_stage_days d on d.ancestor_id = r.descendant_id and d.stage = t.stage and d.entered_on < t.cutoff
    where r.ancestor_id = ${scope.producerId} and r.depth = 1
    group by r.descendant_id, t.stage`;
  return sql`with targets(stage, cutoff) as (values ${sql.join(cutoffs, sql`, `)}),
      cells as (${own}${scope.includedTeam ? sql` union all ${reports}` : sql``})
    select cells.producer_id, p.name, cells.stage, cells.overdue, cells.alone
    from cells join producers p on p.id = cells.producer_id`;
}

export type HeatRow = {
  producer_id: unknown;
  name: string;
  stage: unknown;
  overdue: unknown;
  alone: unknown;
};

/**
 * The heat map's rows: the producer's own first, then the direct reports with the most overdue cases (ties by name),
 * at most HEAT_MAP_REPORTS of them; the rest are summed into `others`, so the columns still add up to the pipeline.
 */
export function heatMapRows(rows: HeatRow[]): Pick<ProducerHome, 'overdueBySubPartner' | 'overdueOthers'> {
  type Entry = ProducerHome['overdueBySubPartner'][number] & { total: number; alone: boolean };
  const byProducer = new Map<number, Entry>();
  for (const row of rows) {
    const id = num(row.producer_id);
    const entry = byProducer.get(id) ?? {
      producerId: id,
      name: row.name,
      byStage: [],
      total: 0,
      alone: row.alone === true || row.alone === 't',
    };
    entry.byStage.push({ stage: num(row.stage), overdue: num(row.overdue) });
    entry.total += num(row.overdue);
    byProducer.set(id, entry);
  }
  for (const entry of byProducer.values()) entry.byStage.sort((x, y) => x.stage - y.stage);
  const entries = [...byProducer.values()];
  const own = entries.filter((e) => e.alone);
  const reports = entries
    .filter((e) => !e.alone)
    .sort((x, y) => y.total - x.total || x.name.localeCompare(y.name) || x.producerId - y.producerId);
  const shown = reports.slice(0, HEAT_MAP_REPORTS);
  const rest = reports.slice(HEAT_MAP_REPORTS);
  const strip = ({ producerId, name, byStage }: Entry) => ({ producerId, name, byStage });
  const othersByStage = new Map<number, number>();
  for (const entry of rest)
    for (const cell of entry.byStage)
      othersByStage.set(cell.stage, (othersByStage.get(cell.stage) ?? 0) + cell.overdue);
  return {
    overdueBySubPartner: [...own, ...shown].map(strip),
    overdueOthers:
      rest.length === 0
        ? null
        : {
            producers: rest.length,
            byStage: [...othersByStage]
              .map(([stage, overdue]) => ({ stage, overdue }))
              .sort((x, y) => x.stage - y.stage),
          },
  };
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
  // The requirements list's own predicate for each view: a figure is the total of the list it opens.
  const requirementsOf = (view: RequirementView) =>
    sql`${applicationRequirements} where ${team(applicationRequirements.producerId)} and ${requirementViewFilter(view)}`;

  const [pipelineRows, heatRows, counts, received] = await Promise.all([
    searchRows<Record<string, unknown>>(ctx.db, pipelineStatement(scope, stages, today, targets)),
    searchRows<HeatRow>(ctx.db, heatMapStatement(scope, stages, today, targets)),
    searchRows<Record<string, unknown>>(
      ctx.db,
      sql`select
        (select count(*)::int from (select 1 from ${requirementsOf('open')}
          and ${applicationRequirements.dueDate} < ${today}::date limit ${bound}) x) as overdue_requirements,
        (select count(*)::int from (select 1 from ${requirementsOf('clientOwes')} limit ${bound}) x)
          as outstanding_from_clients,
        (select count(*)::int from (select 1 from ${requirementsOf('received')} limit ${bound}) x)
          as received_requirements,
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
        where ${team(sql`r.producer_id`)} and r.status = 'received'
        order by r.status_changed_at desc, r.id desc limit 5`,
    ),
  ]);

  const byStage = new Map(pipelineRows.map((row) => [num(row.stage), row]));
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
    ...heatMapRows(heatRows),
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
