import type {
  CommissionDispute,
  CommissionDisputePatch,
  CommissionImportPreview,
  DisputeStatus,
  ImportLine,
  ImportLineStatus,
} from '@portal/contract';
import { API_ROUTES, apiPath } from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';

/* Calls of the Commission reconciliation screen (docs/internal/commission-import.md). */
const routes = API_ROUTES.commissionReconciliation;

export function disputesQuery(status: DisputeStatus | '', page: number) {
  return queryOptions({
    queryKey: ['internal', 'commission-disputes', status, page] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: CommissionDispute[]; totalSize: number }>(apiPath(routes.disputes), {
        query: { status: status || undefined, page, sizePerPage: 20 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** PATCH /internal/commission-disputes/{id}; the list is read again. 409 when someone else changed it first. */
export function useUpdateDispute(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommissionDisputePatch) =>
      apiRequest<CommissionDispute>(apiPath(routes.updateDispute, { id }), {
        method: routes.updateDispute.method,
        body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['internal', 'commission-disputes'] }),
  });
}

/** POST /internal/commission-imports (multipart: file, insurer): the preview. */
export function useCreateImport() {
  return useMutation({
    mutationFn: ({ insurer, file }: { insurer: string; file: File }) => {
      const form = new FormData();
      form.append('insurer', insurer);
      form.append('file', file);
      return api.post<CommissionImportPreview>(apiPath(routes.createImport), form);
    },
  });
}

export function importLinesQuery(id: number, status: ImportLineStatus | '', page: number) {
  return queryOptions({
    queryKey: ['internal', 'commission-import-lines', id, status, page] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: ImportLine[]; totalSize: number }>(apiPath(routes.importLines, { id }), {
        query: { status: status || undefined, page, sizePerPage: 20 },
        signal,
      }),
    enabled: id > 0,
    placeholderData: keepPreviousData,
  });
}

/** POST /internal/commission-imports/{id}/post: idempotent, answers how many lines were written. */
export function usePostImport() {
  return useMutation({
    mutationFn: (id: number) => api.post<{ posted: number }>(apiPath(routes.postImport, { id })),
  });
}
