import {
  API_ROUTES,
  addCalendarDays,
  apiPath,
  clientList,
  FOLLOWUP_TYPE_MISSING_PREMIUM,
  newBusinessList,
  type ProducerHome,
  type RequirementView,
  requirementList,
  serviceRecordList,
} from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { serializeCriteria } from '../../../components/search-list/criteria-url';
import type { ListScope } from '../../../components/search-list/useSearchList';
import { api } from '../../../lib/api-client';

/** GET /b2b/home in the lists' scope (the producer chosen in the team tree, with or without their team). */
export function producerHomeQuery(language: string, scope: ListScope) {
  return queryOptions({
    queryKey: ['b2b', 'home', language, scope] as const,
    queryFn: ({ signal }) =>
      api.get<ProducerHome>(apiPath(API_ROUTES.cases.home), {
        query: {
          selectedProducerId: scope.selectedProducerId ?? undefined,
          includedTeam: scope.includedTeam,
        },
        signal,
      }),
  });
}

/**
 * The New Business address a pipeline tile opens: one stage, as the list's own filter writes it in the URL, so the
 * list's total is the tile's count (the scope is the team tree's choice, which the list reads too).
 */
export function newBusinessStagePath(stage: number): string {
  const criteria = newBusinessList.criteria.parse({ stage: 'select', stageOptions: [stage] });
  return `/b2b?${serializeCriteria(newBusinessList.criteria, criteria)}`;
}

/**
 * The New Business address of the cooling-off tile: every stage, cooling-off ending between `from` and `to` (the Hong
 * Kong week the home counts), so the list's total is the tile's figure.
 */
export function newBusinessCoolingOffPath(from: string, to: string): string {
  const criteria = newBusinessList.criteria.parse({ stage: 'all', coolingOffFrom: from, coolingOffTo: to });
  return `/b2b?${serializeCriteria(newBusinessList.criteria, criteria)}`;
}

/** The Service Records address of the missing-premium tile: open follow-ups of the missing-premium type. */
export function serviceRecordsMissingPremiumPath(): string {
  const criteria = serviceRecordList.criteria.parse({
    statusOptions: 'O',
    typeOptions: [FOLLOWUP_TYPE_MISSING_PREMIUM],
  });
  return `/b2b/service_records?${serializeCriteria(serviceRecordList.criteria, criteria)}`;
}

/**
 * The Requirements address of a requirement figure: its view, and for the overdue figure the items due before the
 * home's Hong Kong today (due to yesterday), so the list's total is the figure.
 */
export function requirementsPath(view: RequirementView, dueBefore?: string): string {
  const criteria = requirementList.criteria.parse({
    view,
    ...(dueBefore ? { dueTo: addCalendarDays(dueBefore, -1) } : {}),
  });
  return `/b2b/requirements?${serializeCriteria(requirementList.criteria, criteria)}`;
}

/** The Clients address of the birthday tile: the plans of the owners born in the home's Hong Kong week. */
export function clientsBirthdayPath(weekFrom: string): string {
  const criteria = clientList.criteria.parse({ birthdayWeekOf: weekFrom });
  return `/b2b/clients?${serializeCriteria(clientList.criteria, criteria)}`;
}
