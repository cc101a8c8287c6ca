import type { Readable } from 'node:stream';
import { type Currency, parsePartyIds } from '@portal/contract';
import { HttpError } from '../../plugins/errors.js';
import type { StatementDocument } from '../../render/statement-model.js';
import { zipStream } from '../../render/zip.js';
import { readableAccountsByIds } from './account-access.js';
import type { StatementRequester, StatementsContext } from './context.js';
import { availableMonths, resolveMonth } from './statement-months.js';
import {
  buildPlanned,
  cachedStatementsPdf,
  type PlannedStatement,
  plannedFileName,
} from './view-statement.js';

export interface BundleRequest {
  partyIds: string;
  month?: string;
  currency?: Currency;
}

/**
 * Checks a bundle before anything is rendered: every party must be readable by the requester (the client's own, or
 * in the producer's scope; one foreign or unknown id → 404
 * for the whole request, naming none), and every account must have a statement for the month asked (or, without a
 * month, its own latest one). Rendering then cannot fail on input, which matters for a ZIP already streaming.
 */
export async function planBundle(
  ctx: StatementsContext,
  who: StatementRequester,
  request: BundleRequest,
): Promise<PlannedStatement[]> {
  const ids = parsePartyIds(request.partyIds);
  const accounts = await readableAccountsByIds(ctx, who, ids, 'statement_bundle');
  if (ids.length === 0 || accounts.length !== ids.length) throw new HttpError(404, 'errors.notFound');
  const months = await availableMonths(
    ctx,
    accounts.map((a) => a.id),
  );
  const byId = new Map(accounts.map((a) => [a.id, a]));
  return ids.map((id): PlannedStatement => {
    const account = byId.get(id) as PlannedStatement['account'];
    const month = resolveMonth(ctx, request.month, months.get(id) ?? []);
    return { account, month, currency: request.currency };
  });
}

/**
 * A bundle's file name by the months its statements are of (each account's own latest when no month was asked):
 * `statements-2026-10.pdf`, or `statements-2026-09_to_2026-10.zip` when the accounts' latest months differ.
 */
function bundleFileName(planned: PlannedStatement[], extension: 'pdf' | 'zip'): string {
  const months = [...new Set(planned.map((p) => p.month))].sort();
  const span = months.length <= 1 ? (months[0] ?? '') : `${months[0]}_to_${months.at(-1)}`;
  return `statements-${span}.${extension}`;
}

/** `download_pdf` / `download_monthly_statement`: one statement's own name, or the bundle's month(s). */
export function bundlePdfName(planned: PlannedStatement[]): string {
  return planned.length === 1
    ? plannedFileName(planned[0] as PlannedStatement)
    : bundleFileName(planned, 'pdf');
}

/** `download_zip`: named by its statements' month(s), like the PDF bundle. */
export const bundleZipName = (planned: PlannedStatement[]) => bundleFileName(planned, 'zip');

/** `download_pdf` and `download_monthly_statement`: the statements of several accounts in one PDF. */
export async function renderBundlePdf(
  ctx: StatementsContext,
  who: StatementRequester,
  planned: PlannedStatement[],
  signal: AbortSignal,
): Promise<Buffer> {
  const docs: StatementDocument[] = [];
  for (const p of planned) docs.push(await buildPlanned(ctx, who, p));
  return cachedStatementsPdf(ctx, docs, signal);
}

/**
 * `download_zip`: one PDF per account in a streamed ZIP, rendered one after the other in the render pool. The first
 * is rendered before any byte is sent, so that a download that cannot be made at all (no CJK font, queue full) gets
 * a clear status instead of a broken file; `signal` stops the rest when the client leaves.
 */
export async function streamBundleZip(
  ctx: StatementsContext,
  who: StatementRequester,
  planned: PlannedStatement[],
  signal: AbortSignal,
  onError: (error: unknown) => void,
): Promise<Readable> {
  // Each entry is the same document as the statement's own download, so it shares its cached rendering.
  const render = async (p: PlannedStatement) =>
    cachedStatementsPdf(ctx, [await buildPlanned(ctx, who, p)], signal);
  const firstPdf = await render(planned[0] as PlannedStatement);
  return zipStream(
    planned.map((p, i) => ({
      name: plannedFileName(p),
      content: () => (i === 0 ? Promise.resolve(firstPdf) : render(p)),
    })),
    onError,
    signal,
  );
}
