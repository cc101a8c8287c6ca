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
 * Overdue cases per stage: the scope's producer (their own cases, on applications_stage_aging_idx) and, with the team,
 * each direct report's whole subtree (per report one range of team_stage_days_pk, however large their subtree). A
 * stage without a row has none overdue; `alone` marks the producer's own row.
 */
export function heatMapStatement(
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
  const own = sql`select p.id as producer_id, p.name, t.stage, (select count(*) from applications a
        where a.producer_id = p.id and a.stage = t.stage
          and a.stage_entered_at < t.cutoff::timestamp at time zone ${HONG_KONG_TIME_ZONE})::int as overdue,
      true as alone
    from producers p cross join targets t where p.id = ${scope.producerId}`;
  const reports = sql`select r.id, r.name, c.stage, coalesce(c.overdue, 0), false
    from producers r left join lateral (
      select d.stage, sum(d.n)::int as overdue
      from team_stage_days d join targets t on t.stage = d.stage and d.entered_on < t.cutoff
      where d.ancestor_id = r.id group by d.stage) c on true
    where r.parent_id = ${scope.producerId}`;
  return sql`with targets(stage, cutoff) as (values ${sql.join(cutoffs, sql`, `)})
    ${own}${scope.includedTeam ? sql` union all ${reports}` : sql``}`;
}

export type HeatRow = {
  producer_id: unknown;
  name: string;
  stage: unknown;
  overdue: unknown;
  alone: unknown;
};

/**
 * The heat map's rows (one cell per stage of `stages`, the stages with a target): the producer's own first, then the
 * direct reports with the most overdue cases (ties by name), at most HEAT_MAP_REPORTS of them; the rest are summed
 * into `others`, so the columns still add up to the pipeline.
 */
export function heatMapRows(
  rows: HeatRow[],
  stages: number[],
): Pick<ProducerHome, 'overdueBySubPartner' | 'overdueOthers'> {
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
    // A report with nothing overdue comes as one row without a stage.
    if (row.stage !== null && row.stage !== undefined)
      entry.byStage.push({ stage: num(row.stage), overdue: num(row.overdue) });
    entry.total += num(row.overdue);
    byProducer.set(id, entry);
  }
  for (const entry of byProducer.values()) {
    const byStage = new Map(entry.byStage.map((cell) => [cell.stage, cell.overdue]));
    entry.byStage = stages.map((stage) => ({ stage, overdue: byStage.get(stage) ?? 0 }));
  }
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
