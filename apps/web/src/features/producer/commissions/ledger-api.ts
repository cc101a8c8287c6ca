import type {
  ClawbackExposure,
  CommissionDisputeCreate,
  CommissionLedgerPage,
  LedgerStage,
} from '@portal/contract';
import { API_ROUTES, apiPath } from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const routes = API_ROUTES.commissionLedger;

export interface LedgerCriteria {
  producerId: number;
  stage: LedgerStage | '';
  page: number;
  sizePerPage: number;
}

/** The query of the ledger and of its export: the producer chosen from the team tree, with their team. */
export function ledgerQueryParams(criteria: Omit<LedgerCriteria, 'page' | 'sizePerPage'>) {
  return { selectedProducerId: criteria.producerId, stage: criteria.stage || undefined };
}

/** GET /b2b/commission-ledger: a page of lines and the totals of every line of the criteria. */
export function commissionLedgerQuery(language: string, criteria: LedgerCriteria) {
  return queryOptions({
    queryKey: ['b2b', 'commission-ledger', language, criteria] as const,
    queryFn: ({ signal }) =>
      api.get<CommissionLedgerPage>(apiPath(routes.ledger), {
        query: { ...ledgerQueryParams(criteria), page: criteria.page, sizePerPage: criteria.sizePerPage },
        signal,
      }),
    enabled: criteria.producerId > 0,
    placeholderData: keepPreviousData,
  });
}

/** GET /b2b/clawback-exposure: what the in-window policies would claw back if they lapsed today. */
export function clawbackExposureQuery(language: string, producerId: number) {
  return queryOptions({
    queryKey: ['b2b', 'clawback-exposure', language, producerId] as const,
    queryFn: ({ signal }) =>
      api.get<ClawbackExposure>(apiPath(routes.clawbackExposure), {
        query: { selectedProducerId: producerId },
        signal,
      }),
    enabled: producerId > 0,
  });
}

export const LEDGER_EXPORT_PATH = apiPath(routes.ledgerExport);

/** POST /b2b/commission-disputes; the ledger is read again so the line shows its open dispute. */
export function useCreateDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommissionDisputeCreate) =>
      api.post<{ id: number }>(apiPath(routes.createDispute), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['b2b', 'commission-ledger'] }),
  });
}
