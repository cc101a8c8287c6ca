import {
  AGING_BUCKETS,
  HOME_FIGURES,
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
import { searchRows } from '../../db/search-statements.js';
import { auditTeamView, type ProducerCaller, resolveTeamScope, type TeamScope } from '../../db/team-scope.js';
import type { CasesContext } from './context.js';
import {
  birthdaysStatement,
  type HeatRow,
  heatMapRows,
  heatMapStatement,
  num,
  pipelineStatement,
  type RecentlyReceivedRow,
  recentlyReceivedStatement,
  requirementFiguresStatement,
  weekFiguresStatement,
} from './home-statements.js';
import { selectStageTargets } from './queries.js';

/*
 * GET /b2b/home (docs/producer/cases.md): what is stuck in the scope (the caller, or the producer they view, alone or
 * with their team). Every figure costs the same whatever the team's size: the pipeline and the heat map read the
 * team's counts per stage and day, the requirement figures its counts per view and due day (decision 063), the other
 * figures are counts stopped at the list limit (home-statements.ts). A pipeline count is what the New Business list
 * filtered to that stage shows as its total (the same rows; beyond the list's count limit both say "10,000+").
 */

/** The week's birthday figure: kept a few minutes per scope and week (birthday-counts.ts), else counted. */
async function birthdaysOf(
  ctx: CasesContext,
  scope: TeamScope,
  week: { from: string },
  bound: number,
): Promise<number> {
  const key = `${scope.producerId}:${scope.includedTeam}:${week.from}`;
  const now = Date.now();
  const kept = ctx.birthdayCounts?.get(key, now);
  if (kept !== undefined) return kept;
  const [row] = await searchRows<{ birthdays: unknown }>(ctx.db, birthdaysStatement(scope, week, bound));
  const n = num(row?.birthdays);
  ctx.birthdayCounts?.set(key, n, now);
  return n;
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
  const hasServiceRecords = siteCapabilities(caller.siteCode).has('serviceRecords');

  const [pipelineRows, heatRows, requirementCounts, weekCounts, birthdays, received] = await Promise.all([
    searchRows<Record<string, unknown>>(ctx.db, pipelineStatement(scope, stages, today, targets)),
    searchRows<HeatRow>(ctx.db, heatMapStatement(scope, stages, today, targets)),
    searchRows<Record<string, unknown>>(ctx.db, requirementFiguresStatement(scope, today, bound)),
    searchRows<Record<string, unknown>>(ctx.db, weekFiguresStatement(scope, week, bound, hasServiceRecords)),
    birthdaysOf(ctx, scope, week, bound),
    searchRows<RecentlyReceivedRow>(ctx.db, recentlyReceivedStatement(scope)),
  ]);

  const byStage = new Map(pipelineRows.map((row) => [num(row.stage), row]));
  const totals: Record<string, unknown> = {
    ...(requirementCounts[0] ?? {}),
    ...(weekCounts[0] ?? {}),
    birthdays,
  };
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
    ...heatMapRows(
      heatRows,
      stages.filter((stage) => targets.has(stage)),
    ),
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
