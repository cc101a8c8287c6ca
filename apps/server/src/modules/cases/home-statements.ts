import {
  birthMonthDaysOfWeek,
  FOLLOWUP_TYPE_MISSING_PREMIUM,
  HONG_KONG_TIME_ZONE,
  type ProducerHome,
  type RequirementView,
} from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { applicationRequirements } from '../../db/schema/index.js';
import { producerFilter, type TeamScope } from '../../db/team-scope.js';
import { requirementViewFilter } from '../producer-lists/index.js';

/*
 * The statements of GET /b2b/home (docs/producer/cases.md, "How the home stays fast for any team"). A team's pipeline,
 * heat map and requirement figures read the counts kept per team (team_stage_days, team_requirement_days; decision
 * 063); a producer alone counts their own rows. The rest are counts stopped at the list limit on partial indexes.
 */

export const num = (value: unknown) => Number(value ?? 0);

/** How many rows `fromWhere` (a FROM with its WHERE) holds, counting no further than `bound`. */
const countUpTo = (fromWhere: SQL, bound: number) =>
  sql`(select count(*)::int from (select 1 from ${fromWhere} limit ${bound}) as bounded)`;

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
export function pipelineStatement(
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
 * The heat map's rows (decision 063): the scope's producer's own overdue cases per stage (applications_stage_aging_idx)
 * and, with the team, the `shown` direct reports with the most overdue cases (ties by name, then id) with theirs, and
 * one summed row for the other reports. A report's overdue cases are its team's rows of team_stage_days before the
 * stage's cutoff day; all reports' rows of a stage sit side by side in team_stage_days_parent_idx (migration 0056), so
 * the whole heat map reads one index range per stage, however many reports the producer has.
 *
 * Rows: `own` and `report` rows per stage (a report with nothing overdue: one row without a stage), an `others` row
 * with how many reports it sums, and `others` rows per stage.
 */
export function heatMapStatement(
  scope: TeamScope,
  stages: number[],
  today: string,
  targets: Map<number, number>,
  shown = HEAT_MAP_REPORTS,
): SQL {
  const cutoffs = stages
    .filter((s) => targets.has(s))
    .map((s) => sql`(${s}::smallint, ${today}::date - ${targets.get(s)}::int)`);
  if (cutoffs.length === 0)
    return sql`select null::text as kind, null::bigint as producer_id, null as name, null::int as stage,
      0 as overdue, null::int as producers, null::bigint as rank where false`;
  // Entered before the cutoff day (Hong Kong) = more days in stage than the target.
  const own = sql`select 'own' as kind, p.id as producer_id, p.name, t.stage,
      (select count(*) from applications a where a.producer_id = p.id and a.stage = t.stage
        and a.stage_entered_at < t.cutoff::timestamp at time zone ${HONG_KONG_TIME_ZONE})::int as overdue,
      null::int as producers, 0::bigint as rank
    from producers p cross join targets t where p.id = ${scope.producerId}`;
  const targetsCte = sql`targets(stage, cutoff) as (values ${sql.join(cutoffs, sql`, `)})`;
  if (!scope.includedTeam) return sql`with ${targetsCte} ${own}`;
  return sql`with ${targetsCte},
    overdue as (
      select d.ancestor_id, d.stage, sum(d.n)::int as overdue
      from targets t join team_stage_days d on d.ancestor_parent_id = ${scope.producerId}
        and d.stage = t.stage and d.entered_on < t.cutoff
      group by 1, 2),
    ranked as (
      select r.id, r.name,
        row_number() over (order by coalesce(o.total, 0) desc, r.name, r.id) as rank
      from producers r
        left join (select ancestor_id, sum(overdue) as total from overdue group by 1) o on o.ancestor_id = r.id
      where r.parent_id = ${scope.producerId})
    ${own}
    union all
    select 'report', k.id, k.name, o.stage, coalesce(o.overdue, 0), null, k.rank
      from ranked k left join overdue o on o.ancestor_id = k.id where k.rank <= ${shown}
    union all
    select 'others', null, null, null, 0, count(*)::int, null from ranked where rank > ${shown} having count(*) > 0
    union all
    select 'others', null, null, o.stage, sum(o.overdue)::int, null, null
      from ranked k join overdue o on o.ancestor_id = k.id where k.rank > ${shown} group by o.stage`;
}

export type HeatRow = {
  kind: 'own' | 'report' | 'others';
  producer_id: unknown;
  name: string | null;
  stage: unknown;
  overdue: unknown;
  producers: unknown;
  rank: unknown;
};

/**
 * The heat map as the home answers it, from heatMapStatement's rows: one cell per stage of `stages` (the stages with a
 * target) for the producer, then each report shown in rank order, and the others summed (every column still adds up to
 * the pipeline's overdue).
 */
export function heatMapRows(
  rows: HeatRow[],
  stages: number[],
): Pick<ProducerHome, 'overdueBySubPartner' | 'overdueOthers'> {
  const cells = (of: HeatRow[]) => {
    const byStage = new Map<number, number>();
    for (const row of of)
      if (row.stage !== null && row.stage !== undefined)
        byStage.set(num(row.stage), (byStage.get(num(row.stage)) ?? 0) + num(row.overdue));
    return stages.map((stage) => ({ stage, overdue: byStage.get(stage) ?? 0 }));
  };
  const people = new Map<number, { name: string; rank: number; rows: HeatRow[] }>();
  for (const row of rows.filter((r) => r.kind !== 'others')) {
    const id = num(row.producer_id);
    const entry = people.get(id) ?? { name: row.name ?? '', rank: num(row.rank), rows: [] };
    entry.rows.push(row);
    people.set(id, entry);
  }
  const others = rows.filter((r) => r.kind === 'others');
  const othersCount = num(others.find((r) => r.producers !== null && r.producers !== undefined)?.producers);
  return {
    overdueBySubPartner: [...people]
      .sort(([, x], [, y]) => x.rank - y.rank)
      .map(([producerId, entry]) => ({ producerId, name: entry.name, byStage: cells(entry.rows) })),
    overdueOthers: othersCount === 0 ? null : { producers: othersCount, byStage: cells(others) },
  };
}

/** The requirement views as team_requirement_days numbers them (migration 0055, requirement_views). */
const VIEW_NUMBER: Record<Exclude<RequirementView, 'all'>, number> = { open: 1, clientOwes: 2, received: 3 };

/**
 * The three requirement figures, each what the requirements list holds in its view (overdue: open, due before today).
 * A team reads its producer's kept counts (a few rows per view and due day); a producer alone counts their own items
 * with the list's predicate, stopped at the list limit.
 */
export function requirementFiguresStatement(scope: TeamScope, today: string, bound: number): SQL {
  if (scope.includedTeam)
    return sql`select
        coalesce(sum(n) filter (where view = ${VIEW_NUMBER.open} and due_on < ${today}::date), 0)::int as overdue_requirements,
        coalesce(sum(n) filter (where view = ${VIEW_NUMBER.clientOwes}), 0)::int as outstanding_from_clients,
        coalesce(sum(n) filter (where view = ${VIEW_NUMBER.received}), 0)::int as received_requirements
      from team_requirement_days where ancestor_id = ${scope.producerId}`;
  const itemsOf = (view: RequirementView) =>
    sql`${applicationRequirements} where ${producerFilter(scope, applicationRequirements.producerId)} and ${requirementViewFilter(view)}`;
  return sql`select
      ${countUpTo(sql`${itemsOf('open')} and ${applicationRequirements.dueDate} < ${today}::date`, bound)}
        as overdue_requirements,
      ${countUpTo(itemsOf('clientOwes'), bound)} as outstanding_from_clients,
      ${countUpTo(itemsOf('received'), bound)} as received_requirements`;
}

/** Cooling-off ending in the week and open missing premiums, each stopped at `bound`. */
export function weekFiguresStatement(
  scope: TeamScope,
  week: { from: string; to: string },
  bound: number,
  hasServiceRecords: boolean,
): SQL {
  const team = (column: SQL) => producerFilter(scope, column);
  return sql`select
      ${countUpTo(
        sql`applications a where ${team(sql`a.producer_id`)}
          and a.cooling_off_ends_on between ${week.from}::date and ${week.to}::date`,
        bound,
      )} as cooling_off,
      ${
        hasServiceRecords
          ? countUpTo(
              sql`service_records s where ${team(sql`s.producer_id`)}
                and s.status = 'O' and s.type_id = ${FOLLOWUP_TYPE_MISSING_PREMIUM}`,
              bound,
            )
          : sql`null::int`
      } as missing_premiums`;
}

/** Clients owning a plan of the scope whose birthday falls in the week, stopped at `bound`. */
export function birthdaysStatement(scope: TeamScope, week: { from: string }, bound: number): SQL {
  const days = sql.join(
    birthMonthDaysOfWeek(week.from).map((d) => sql`${d}`),
    sql`, `,
  );
  return sql`select ${countUpTo(
    sql`clients c where c.birth_month_day in (${days})
      and exists (select 1 from policies p where p.owner_client_id = c.id
        and ${producerFilter(scope, sql`p.servicing_producer_id`)})`,
    bound,
  )} as birthdays`;
}

export type RecentlyReceivedRow = {
  id: unknown;
  application_id: unknown;
  type_code: string;
  client_name: string | null;
  at: Date | string;
};

/** The five items most recently received from clients (application_requirements_received_idx, newest first). */
export function recentlyReceivedStatement(scope: TeamScope): SQL {
  return sql`select r.id, r.application_id, r.type_code, a.client_name, r.status_changed_at as at
    from application_requirements r join applications a on a.id = r.application_id
    where ${producerFilter(scope, sql`r.producer_id`)} and r.status = 'received'
    order by r.status_changed_at desc, r.id desc limit 5`;
}
