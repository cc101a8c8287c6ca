import type { CommissionStatementMonth } from '@portal/contract';
import { API_ROUTES, apiPath } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /b2b/commissions/list_statement/{producerId}: the issued statements of the last six months, by month and region. */
export function commissionStatementsQuery(language: string, producerId: number) {
  return queryOptions({
    queryKey: ['b2b', 'commissions', language, producerId] as const,
    queryFn: ({ signal }) =>
      api.get<CommissionStatementMonth[]>(apiPath(API_ROUTES.commissions.list, { producerId }), {
        signal,
      }),
    enabled: producerId > 0,
  });
}

export const COMMISSION_DOWNLOAD_PATH = apiPath(API_ROUTES.commissions.download);
