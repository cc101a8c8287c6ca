import {
  API_ROUTES,
  apiPath,
  type REVIEW_QUEUE_ORDERS,
  type RequirementDecision,
  type ReviewQueue,
  type StaffCase,
  type Stage,
} from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest, downloadUrl } from '../../../lib/api-client';

/* Calls of the Case requirements screen (docs/producer/cases.md, "The office's review"). */
const routes = API_ROUTES.cases;
export const REVIEW_PAGE_SIZE = 20;
const KEY = ['internal', 'case-review'] as const;

export type QueueFilter = '' | 'received' | 'under_review';
export type ReviewQueueOrder = (typeof REVIEW_QUEUE_ORDERS)[number];

export function reviewQueueQuery(status: QueueFilter, order: ReviewQueueOrder, page: number) {
  return queryOptions({
    queryKey: [...KEY, 'queue', status, order, page] as const,
    queryFn: ({ signal }) =>
      api.get<ReviewQueue>(routes.reviewQueue.path, {
        query: { status: status || undefined, order, page, sizePerPage: REVIEW_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function staffCaseQuery(applicationId: number) {
  return queryOptions({
    queryKey: [...KEY, 'case', applicationId] as const,
    queryFn: ({ signal }) => api.get<StaffCase>(apiPath(routes.staffCase, { id: applicationId }), { signal }),
  });
}

export const documentUrl = (requirementId: number, documentId: number) =>
  downloadUrl(apiPath(routes.document, { id: requirementId, documentId }));

/** PATCH /internal/requirements/{id}; the queue and the case are read again. */
export function useDecideRequirement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: RequirementDecision }) =>
      apiRequest(apiPath(routes.decide, { id }), { method: routes.decide.method, body: decision }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** POST /internal/applications/{id}/stage: 409 carries the open mandatory items (the stage rule). */
export function useChangeStage(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stage: Stage) => api.post(apiPath(routes.changeStage, { id: applicationId }), { stage }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
