import type { Readable } from 'node:stream';
import { type Currency, parsePartyIds } from '@portal/contract';
import { HttpError } from '../../plugins/errors.js';
import type { StatementDocument } from '../../render/statement-model.js';
import { zipStream } from '../../render/zip.js';
import { buildStatement } from './build-statement.js';
import type { StatementRequester, StatementsContext } from './context.js';
import { type AccountRow, selectClientAccountsByIds } from './queries.js';
import { availableMonths, resolveMonth } from './statement-months.js';
import { statementFileName, statementsPdf } from './view-statement.js';

interface BundleRequest {
  partyIds: string;
  month?: string;
  currency?: Currency;
}

interface PlannedStatement {
  account: AccountRow;
  month: string;
}

/**
 * Checks a bundle before anything is rendered: every party must be the client's (one foreign or unknown id → 404
 * for the whole request, naming none), and every account must have a statement for the month asked (or, without a
 * month, its own latest one). Rendering then cannot fail on input, which matters for a ZIP already streaming.
 */
async function planBundle(ctx: StatementsContext, who: StatementRequester, request: BundleRequest) {
  const ids = parsePartyIds(request.partyIds);
  const accounts = await selectClientAccountsByIds(ctx.db, who.clientId, ids);
  if (ids.length === 0 || accounts.length !== ids.length) throw new HttpError(404, 'errors.notFound');
  const months = await availableMonths(
    ctx,
    accounts.map((a) => a.id),
  );
  const byId = new Map(accounts.map((a) => [a.id, a]));
  return ids.map((id): PlannedStatement => {
    const account = byId.get(id) as AccountRow;
    return { account, month: resolveMonth(ctx, request.month, months.get(id) ?? []) };
  });
}

/** `download_pdf` and `download_monthly_statement`: the statements of several accounts in one PDF. */
export async function downloadStatementsPdf(
  ctx: StatementsContext,
  who: StatementRequester,
  request: BundleRequest,
): Promise<{ pdf: Buffer; fileName: string }> {
  const planned = await planBundle(ctx, who, request);
  const docs: StatementDocument[] = [];
  for (const p of planned) docs.push(await buildStatement(ctx, who, p.account, p.month, request.currency));
  const pdf = await statementsPdf(ctx, docs);
  const first = docs[0] as StatementDocument;
  const fileName =
    docs.length === 1 ? statementFileName(first) : `statements-${request.month ?? first.month}.pdf`;
  return { pdf, fileName };
}

/** `download_zip`: one PDF per account in a streamed ZIP, rendered one after the other. */
export async function downloadStatementsZip(
  ctx: StatementsContext,
  who: StatementRequester,
  request: BundleRequest,
  onError: (error: unknown) => void,
): Promise<{ stream: Readable; fileName: string }> {
  const planned = await planBundle(ctx, who, request);
  // Fail before the first byte when PDFs cannot be made at all (no CJK font), rather than mid-stream.
  const firstDoc = await buildStatement(
    ctx,
    who,
    planned[0]?.account as AccountRow,
    planned[0]?.month ?? '',
    request.currency,
  );
  const firstPdf = await statementsPdf(ctx, [firstDoc]);
  const stream = zipStream(
    planned.map((p, i) => ({
      name: statementFileName({
        accountNo: p.account.accountNo,
        month: p.month,
        kind: p.account.accountType === 'CONSOLIDATE' ? 'consolidated' : 'monthly',
        reportingCurrency: request.currency ?? p.account.consolidatedCurrency,
      }),
      content: async () => {
        if (i === 0) return firstPdf;
        const doc = await buildStatement(ctx, who, p.account, p.month, request.currency);
        return statementsPdf(ctx, [doc]);
      },
    })),
    onError,
  );
  return { stream, fileName: `statements-${request.month ?? 'latest'}.zip` };
}
