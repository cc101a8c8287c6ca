import {
  API_ROUTES,
  apiPath,
  CURRENCIES,
  DEFAULT_CONSOLIDATED_CURRENCY,
  MAX_PARTY_IDS,
  type StatementAccount,
  type StatementPolicyList,
} from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, type QueryParams } from '../../lib/api-client';

/** Statement endpoints (contract statements.ts). The statement language is the URL's language. */
const routes = API_ROUTES.statements;

export const statementKeys = {
  policyList: (language: string, partyId: number) => ['statement', 'policy-list', language, partyId] as const,
  html: (language: string, partyId: number, month: string | null, currency: string | null) =>
    ['statement', 'html', language, partyId, month, currency] as const,
};

export function policyListQuery(language: string, partyId: number, enabled: boolean) {
  return queryOptions({
    queryKey: statementKeys.policyList(language, partyId),
    queryFn: ({ signal }) =>
      api.get<StatementPolicyList>(apiPath(routes.policyList, { partyId }), { signal }),
    enabled,
  });
}

export const isConsolidated = (account: Pick<StatementAccount, 'accountType'>) =>
  account.accountType === 'CONSOLIDATE';

/** Where one statement is: its HTML page, its PDF and the query both take. */
export function statementLocation(account: StatementAccount, month: string | null, currency: string) {
  if (isConsolidated(account)) {
    const query: QueryParams = { selected_currency: currency, month: month ?? undefined };
    return {
      html: apiPath(routes.consolidatedHtml, { id: account.partyId }),
      htmlQuery: query,
      pdf: apiPath(routes.consolidatedPdf, { id: account.partyId }),
      pdfQuery: query,
    };
  }
  return {
    html: apiPath(routes.html, { id: account.partyId }),
    htmlQuery: { month: month ?? undefined, request: 'b2c' } as QueryParams,
    // With a month the client downloads that month's statement; without one, the latest (docs/client-area.md).
    pdf: month ? apiPath(routes.monthlyDownload) : apiPath(routes.pdf, { id: account.partyId }),
    pdfQuery: (month ? { month, party_id: account.partyId } : { request: 'b2c' }) as QueryParams,
  };
}

export function statementHtmlQuery(
  language: string,
  account: StatementAccount | undefined,
  month: string | null,
  currency: string,
) {
  const consolidated = !!account && isConsolidated(account);
  return queryOptions({
    queryKey: statementKeys.html(language, account?.partyId ?? 0, month, consolidated ? currency : null),
    queryFn: async ({ signal }) => {
      if (!account) throw new Error('no account');
      const where = statementLocation(account, month, currency);
      const body = await api.get<unknown>(where.html, {
        query: where.htmlQuery,
        signal,
        headers: { Accept: 'text/html' },
      });
      return typeof body === 'string' ? body : '';
    },
    enabled: !!account,
    staleTime: 5 * 60_000,
  });
}

/** `party_ids` of the bundle downloads: every non-consolidated account, at most MAX_PARTY_IDS. */
export function bundlePartyIds(accounts: readonly StatementAccount[]): string {
  return accounts
    .filter((account) => !isConsolidated(account))
    .slice(0, MAX_PARTY_IDS)
    .map((account) => account.partyId)
    .join(',');
}

export const CONSOLIDATED_CURRENCIES = CURRENCIES;
export { DEFAULT_CONSOLIDATED_CURRENCY };
