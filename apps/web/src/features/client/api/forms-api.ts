import type { FormDownloadItem, PlanFormsResponse } from '@portal/contract';
import { API_ROUTES, apiPath } from '@portal/contract';
import { queryOptions, type UseQueryResult } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import type { FormsState } from '../lib/plan-tabs';
import { clientAreaKeys } from './client-area-api';

/**
 * The plan's downloadable forms. The server looks them up in the public forms API for the plan's provider and
 * product type in the request's language; an empty list means the plan has none (a 404 from an older server too).
 */
export function planFormsQuery(language: string, planId: number, enabled: boolean) {
  return queryOptions({
    queryKey: clientAreaKeys.planForms(language, planId),
    queryFn: ({ signal }) =>
      api
        .get<PlanFormsResponse>(apiPath(API_ROUTES.forms.planForms, { id: planId }), { signal })
        .then((r) => r.data),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function isFormsNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** The lookup's outcome in the terms of the tab rules. */
export function formsState(query: UseQueryResult<FormDownloadItem[]>, enabled: boolean): FormsState {
  if (!enabled) return 'skipped';
  if (query.isPending) return 'loading';
  if (query.isError) return isFormsNotFound(query.error) ? 'notFound' : 'error';
  return query.data.length > 0 ? 'found' : 'notFound';
}
