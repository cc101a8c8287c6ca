import type { Currency } from '@portal/contract';
import { HttpError } from '../../plugins/errors.js';
import { PdfUnavailableError } from '../../render/pdf-engine.js';
import type { StatementDocument } from '../../render/statement-model.js';
import { renderStatementsPdf } from '../../render/statement-pdf.js';
import { buildStatement } from './build-statement.js';
import type { StatementRequester, StatementsContext } from './context.js';
import { selectClientAccountsByIds } from './queries.js';
import { availableMonths, resolveMonth } from './statement-months.js';

export interface StatementChoice {
  month?: string;
  currency?: Currency;
}

/** One statement of the client's account `partyId` (404 for anyone else's), for the month asked or the latest. */
export async function loadStatement(
  ctx: StatementsContext,
  who: StatementRequester,
  partyId: number,
  choice: StatementChoice,
): Promise<StatementDocument> {
  const [account] = await selectClientAccountsByIds(ctx.db, who.clientId, [partyId]);
  if (!account) throw new HttpError(404, 'errors.notFound');
  const months = await availableMonths(ctx, [account.id]);
  const month = resolveMonth(ctx, choice.month, months.get(account.id) ?? []);
  return buildStatement(ctx, who, account, month, choice.currency);
}

/** Renders statements to one PDF; a missing CJK font becomes a clear 503 on this download only. */
export async function statementsPdf(ctx: StatementsContext, docs: StatementDocument[]): Promise<Buffer> {
  try {
    return await renderStatementsPdf(docs, ctx.config.pdfFontPath);
  } catch (error) {
    if (error instanceof PdfUnavailableError) throw new HttpError(503, 'statements.pdfUnavailable');
    throw error;
  }
}

export function statementFileName(
  doc: Pick<StatementDocument, 'accountNo' | 'kind' | 'month' | 'reportingCurrency'>,
): string {
  const safe = doc.accountNo.replace(/[^A-Za-z0-9._-]+/g, '-');
  return doc.kind === 'consolidated'
    ? `consolidated-statement-${safe}-${doc.month}-${doc.reportingCurrency}.pdf`
    : `statement-${safe}-${doc.month}.pdf`;
}
