import type { PayMode, PayoutRecordsResponse, RevenueDetail, RevenueEditInput } from '@portal/contract';
import { API_ROUTES, apiPath } from '@portal/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';
import { useLocale } from '../../../lib/locale';

/*
 * Calls of the staff revenue detail (docs/internal/README.md, "Calls"): one document for the header and its three tabs,
 * the Particular view's pages, the edit and the delete. The detail's key ends with the language because the server
 * words `installmentInfoTitle` in the request's language; ['internal-revenue', id] still matches it as a prefix,
 * so anyone invalidating a revenue by the agreed key reaches every language's copy.
 */

const routes = API_ROUTES.internalRevenues;

export const revenueKeys = {
  revenue: (id: number) => ['internal-revenue', id] as const,
  detail: (id: number, language: string) => ['internal-revenue', id, language] as const,
  payoutRecords: (id: number, payMode: PayMode | '', page: number) =>
    ['payout-records', id, payMode, page] as const,
};

/** GET /internal/revenues/{id}: the document behind the header and the three tabs. */
export function useRevenue(id: number, enabled = true) {
  const { language } = useLocale();
  return useQuery({
    enabled,
    queryKey: revenueKeys.detail(id, language),
    queryFn: ({ signal }) => api.get<RevenueDetail>(apiPath(routes.detail, { id }), { signal }),
  });
}

/** GET /internal/revenues/payout_record/{id}?pay_mode=&page= (page 0-based; '' = every pay mode). */
export function usePayoutRecords(id: number, payMode: PayMode | '', page: number) {
  return useQuery({
    queryKey: revenueKeys.payoutRecords(id, payMode, page),
    queryFn: ({ signal }) =>
      api.get<PayoutRecordsResponse>(apiPath(routes.payoutRecords, { id }), {
        query: { pay_mode: payMode || undefined, page },
        signal,
      }),
    // The pager stays in place while the next record loads instead of collapsing to a spinner.
    placeholderData: keepPreviousData,
  });
}

/**
 * PATCH /internal/revenues/{id}: answers the whole detail document, which replaces the cached one (header and tabs
 * show the edit at once); other languages' copies are invalidated. 400 carries field errors, 409 `{ error }`.
 */
export function useEditRevenue(id: number) {
  const queryClient = useQueryClient();
  const { language } = useLocale();
  return useMutation({
    mutationFn: (body: RevenueEditInput) =>
      apiRequest<RevenueDetail>(apiPath(routes.edit, { id }), {
        method: routes.edit.method,
        body,
      }),
    onSuccess: async (detail) => {
      queryClient.setQueryData(revenueKeys.detail(id, language), detail);
      await queryClient.invalidateQueries({
        queryKey: revenueKeys.revenue(id),
        predicate: (query) => query.queryKey[2] !== language,
      });
    },
  });
}

/**
 * DELETE /internal/revenues/{id} (204); 409 `{ error }` when the revenue may not be deleted. The cached detail is
 * left alone: the screen showing it is still mounted, and dropping its query would make it fetch the deleted
 * revenue again before the navigation to the index takes it away. Opening it again later refetches and says 404.
 */
export function useDeleteRevenue(id: number) {
  return useMutation({ mutationFn: () => api.delete<void>(apiPath(routes.remove, { id })) });
}
