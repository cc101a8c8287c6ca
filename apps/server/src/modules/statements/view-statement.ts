import type { Currency } from '@portal/contract';
import { HttpError } from '../../plugins/errors.js';
import type { StatementDocument } from '../../render/statement-model.js';
import { RenderUnavailableError } from '../../render-pool/pool.js';
import { readableAccountsByIds } from './account-access.js';
import { buildStatement } from './build-statement.js';
import type { StatementRequester, StatementsContext } from './context.js';
import type { AccountRow } from './queries.js';
import { availableMonths, resolveMonth } from './statement-months.js';

export interface StatementChoice {
  month?: string;
  currency?: Currency;
}

/** A statement the requester may have, checked but not yet built: what a HEAD needs. */
export interface PlannedStatement {
  account: AccountRow;
  month: string;
  currency: Currency | undefined;
}

/**
 * The access check of one statement: an account `partyId` the requester may read (the client's own, or in the
 * producer's scope; 404 otherwise), a month it has.
 */
export async function planStatement(
  ctx: StatementsContext,
  who: StatementRequester,
  partyId: number,
  choice: StatementChoice,
): Promise<PlannedStatement> {
  const [account] = await readableAccountsByIds(ctx, who, [partyId], 'statement');
  if (!account) throw new HttpError(404, 'errors.notFound');
  const months = await availableMonths(ctx, [account.id]);
  const month = resolveMonth(ctx, choice.month, months.get(account.id) ?? []);
  return { account, month, currency: choice.currency };
}

/** One statement of the client's account `partyId` (404 for anyone else's), for the month asked or the latest. */
export async function loadStatement(
  ctx: StatementsContext,
  who: StatementRequester,
  partyId: number,
  choice: StatementChoice,
): Promise<StatementDocument> {
  const planned = await planStatement(ctx, who, partyId, choice);
  return buildPlanned(ctx, who, planned);
}

export function buildPlanned(ctx: StatementsContext, who: StatementRequester, planned: PlannedStatement) {
  return buildStatement(ctx, who, planned.account, planned.month, planned.currency);
}

/**
 * Renders statements to one PDF in the render pool; `signal` cancels it when the download is abandoned. A missing
 * CJK font becomes a clear 503 on this download only.
 */
export async function statementsPdf(
  ctx: StatementsContext,
  docs: StatementDocument[],
  signal?: AbortSignal,
): Promise<Buffer> {
  try {
    return await ctx.renderPool.run({ kind: 'statement-pdf', docs }, signal);
  } catch (error) {
    if (error instanceof RenderUnavailableError) throw new HttpError(503, 'statements.pdfUnavailable');
    throw error;
  }
}

/** The file name of a statement, known before it is built (a HEAD answers it without building anything). */
export function plannedFileName(planned: PlannedStatement): string {
  const { account, month, currency } = planned;
  const consolidated = account.accountType === 'CONSOLIDATE';
  return statementFileName({
    accountNo: account.accountNo,
    month,
    kind: consolidated ? 'consolidated' : 'monthly',
    // A monthly statement's name has no currency.
    reportingCurrency: consolidated ? (currency ?? account.consolidatedCurrency) : '',
  });
}

export function statementFileName(
  doc: Pick<StatementDocument, 'accountNo' | 'kind' | 'month' | 'reportingCurrency'>,
): string {
  const safe = doc.accountNo.replace(/[^A-Za-z0-9._-]+/g, '-');
  return doc.kind === 'consolidated'
    ? `consolidated-statement-${safe}-${doc.month}-${doc.reportingCurrency}.pdf`
    : `statement-${safe}-${doc.month}.pdf`;
}
