import {
  API_ROUTES,
  apiPath,
  type Language,
  languageSchema,
  type StatementPolicyList,
  statementPolicyList,
} from '@portal/contract';
import { HttpError } from '../../plugins/errors.js';
import { readableAccountsByIds } from './account-access.js';
import type { StatementRequester, StatementsContext } from './context.js';
import { type AccountRow, selectClientAccounts, selectProducerAccountsByIds } from './queries.js';
import { availableMonths, monthOptions } from './statement-months.js';

/**
 * Path of a POLICY account's provider statement: for a client the client-area file route of its plan; for a
 * producer the statements' own route of the account, which checks their team scope (provider-statement.ts).
 */
const providerStatementPath = (who: StatementRequester, partyId: number, policyId: number) =>
  who.producerScope === undefined
    ? apiPath(API_ROUTES.clientArea.providerStatementFile, { id: policyId })
    : apiPath(API_ROUTES.statements.providerStatement, { partyId });

/**
 * The accounts a policy list shows: a client's own; for a producer, the accounts of the client who owns `partyId`
 * (when the producer may read it) that the producer may read, in the client's order.
 */
async function listableAccounts(
  ctx: StatementsContext,
  who: StatementRequester,
  partyId: number,
): Promise<AccountRow[]> {
  if (who.producerScope === undefined) return selectClientAccounts(ctx.db, who.clientId);
  const [party] = await readableAccountsByIds(ctx, who, [partyId], 'statement_policy_list');
  if (!party) return [];
  const all = await selectClientAccounts(ctx.db, party.clientId);
  const readable = new Set(
    (
      await selectProducerAccountsByIds(
        ctx.db,
        who.producerScope,
        all.map((a) => a.id),
      )
    ).map((a) => a.id),
  );
  return all.filter((a) => readable.has(a.id));
}

/**
 * `GET /statement/policy_list/:partyId`: every statement account of the client who owns `partyId`, with the
 * months of the six-month window that have a statement. A party of another client answers 404.
 */
export async function getPolicyList(
  ctx: StatementsContext,
  who: StatementRequester,
  partyId: number,
): Promise<StatementPolicyList> {
  const accounts = await listableAccounts(ctx, who, partyId);
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
        a.providerStatementFileKey && a.policyId && a.accountType !== 'CONSOLIDATE'
          ? providerStatementPath(who, a.id, a.policyId)
          : null,
      planId: a.policyId,
      planNo: a.planNo,
      productName: a.productName,
    })),
    language.success ? language.data : ('en' satisfies Language),
  );
}
