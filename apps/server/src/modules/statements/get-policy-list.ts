import {
  type Language,
  languageSchema,
  type StatementPolicyList,
  statementPolicyList,
} from '@portal/contract';
import { HttpError } from '../../plugins/errors.js';
import type { StatementRequester, StatementsContext } from './context.js';
import { selectClientAccounts } from './queries.js';
import { availableMonths, monthOptions } from './statement-months.js';

/** Path of a POLICY account's provider statement: the client-area file route of its plan. */
const providerStatementPath = (planId: number) => `/b2c/files/provider_statement/${planId}`;

/**
 * `GET /statement/policy_list/:partyId`: every statement account of the client who owns `partyId`, with the
 * months of the six-month window that have a statement. A party of another client answers 404.
 */
export async function getPolicyList(
  ctx: StatementsContext,
  who: StatementRequester,
  partyId: number,
): Promise<StatementPolicyList> {
  const accounts = await selectClientAccounts(ctx.db, who.clientId);
  const party = accounts.find((a) => a.id === partyId);
  if (!party) throw new HttpError(404, 'errors.notFound');
  const months = await availableMonths(
    ctx,
    accounts.map((a) => a.id),
  );
  const language = languageSchema.safeParse(party.statementLanguage);
  return statementPolicyList(
    accounts.map((a) => ({
      partyId: a.id,
      accountType: a.accountType === 'CONSOLIDATE' ? 'CONSOLIDATE' : 'POLICY',
      accountNo: a.accountNo,
      monthOptions: monthOptions(months.get(a.id) ?? []),
      consolidateCurency: a.consolidatedCurrency,
      providerStatementPath:
        a.providerStatementFileKey && a.policyId ? providerStatementPath(a.policyId) : null,
      planId: a.policyId,
      planNo: a.planNo,
      productName: a.productName,
    })),
    language.success ? language.data : ('en' satisfies Language),
  );
}
