import type { Currency } from '@portal/contract';
import { HttpError } from '../../plugins/errors.js';
import { statementHtml } from '../../render/statement-html.js';
import type { StatementDocument } from '../../render/statement-model.js';
import { renderPdf } from '../../render-pool/http.js';
import { auditProducerRead } from './account-access.js';
import { buildStatement } from './build-statement.js';
import type { StatementRequester, StatementsContext } from './context.js';
import type { StatementIdentity } from './document-cache.js';
import { type AccountRow, parsePlannedSnapshots, type SnapshotRef, selectStatementPlan } from './queries.js';
import { isClosedMonth, monthWindowBounds, resolveMonth } from './statement-months.js';

export interface StatementChoice {
  month?: string;
  currency?: Currency;
}

/** A statement the requester may have, checked but not yet built: what a HEAD needs. */
export interface PlannedStatement {
  account: AccountRow;
  month: string;
  currency: Currency | undefined;
  /** The version of the statement's inputs read with the access check (selectStatementPlan); not for bundles. */
  version?: string;
  /** The month's snapshot and the client's header, read with the access check; bundles leave them to the build. */
  snapshot?: SnapshotRef;
  client?: { name: string; clientNo: string };
}

/**
 * The access check of one statement: an account `partyId` the requester may read (the client's own, or in the
 * producer's scope; 404 otherwise), a month it has. One statement to the database (plus a producer's audit), which
 * also reads the version the document cache needs.
 */
export async function planStatement(
  ctx: StatementsContext,
  who: StatementRequester,
  partyId: number,
  choice: StatementChoice,
): Promise<PlannedStatement> {
  const { from, to } = monthWindowBounds(ctx);
  const row = await selectStatementPlan(ctx.db, who, partyId, from, to);
  if (!row) throw new HttpError(404, 'errors.notFound');
  const { snapshots, version, clientName, clientNo, ...account } = row;
  if (who.producerScope) await auditProducerRead(ctx, who.producerScope, [account.id], 'statement');
  const { months, byMonth } = parsePlannedSnapshots(snapshots);
  const month = resolveMonth(ctx, choice.month, months);
  return {
    account,
    month,
    currency: choice.currency,
    // The letterhead comes from the site cache, so its stamp stands for it in the version.
    version: `${version}|site ${ctx.sites.stamp}`,
    snapshot: byMonth.get(month),
    client: { name: clientName, clientNo },
  };
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

/** What the document cache may remember a checked statement by: only a closed month, read with its version. */
function identityOf(
  ctx: StatementsContext,
  who: StatementRequester,
  planned: PlannedStatement,
): StatementIdentity | undefined {
  if (planned.version === undefined || !isClosedMonth(ctx, planned.month)) return undefined;
  return {
    accountId: planned.account.id,
    month: planned.month,
    language: who.language,
    currency: planned.currency,
    version: planned.version,
  };
}

/** A checked statement as HTML: the cached copy when its inputs are unchanged, otherwise built and rendered. */
export async function statementHtmlOf(
  ctx: StatementsContext,
  who: StatementRequester,
  planned: PlannedStatement,
): Promise<Buffer> {
  const cache = ctx.documents;
  if (!cache?.enabled) return Buffer.from(statementHtml(await buildPlanned(ctx, who, planned)));
  const identity = identityOf(ctx, who, planned);
  const known = identity && cache.knownKey('statement-html', identity, Date.now());
  const cached = known ? cache.html(known) : undefined;
  if (cached) {
    cache.counters.keyHits++;
    return cached;
  }
  const doc = await buildPlanned(ctx, who, planned);
  const key = cache.documentKey('statement-html', [doc]);
  let html = cache.html(key);
  if (!html) {
    html = Buffer.from(statementHtml(doc));
    cache.storeHtml(key, html);
  }
  if (identity) cache.remember('statement-html', identity, key, Date.now());
  return html;
}

/**
 * A checked statement as a PDF. A statement whose inputs are unchanged since it was last served here comes from the
 * shared table without building anything and without a render slot; otherwise `inSlot` (the requester's render slot)
 * builds it, then takes the rendered copy of the same content from the table or renders it in the pool.
 */
export async function statementPdfOf(
  ctx: StatementsContext,
  who: StatementRequester,
  planned: PlannedStatement,
  inSlot: (work: (signal: AbortSignal) => Promise<Buffer>) => Promise<Buffer>,
): Promise<Buffer> {
  const cache = ctx.documents;
  const identity = cache?.enabled ? identityOf(ctx, who, planned) : undefined;
  const known = identity && cache?.knownKey('statement-pdf', identity, Date.now());
  const cached = known ? await cache?.pdf(known) : undefined;
  if (cached && cache) {
    cache.counters.keyHits++;
    return cached;
  }
  return inSlot(async (signal) =>
    cachedStatementsPdf(ctx, [await buildPlanned(ctx, who, planned)], signal, identity),
  );
}

/**
 * Statements rendered to one PDF, or the stored rendering of the same content. `identity`, when given, is the single
 * statement's, remembered with the key for the next request.
 */
export async function cachedStatementsPdf(
  ctx: StatementsContext,
  docs: StatementDocument[],
  signal?: AbortSignal,
  identity?: StatementIdentity,
): Promise<Buffer> {
  const cache = ctx.documents;
  if (!cache?.enabled) return statementsPdf(ctx, docs, signal);
  const key = cache.documentKey('statement-pdf', docs);
  let pdf = await cache.pdf(key);
  if (!pdf) {
    pdf = await statementsPdf(ctx, docs, signal);
    await cache.storePdf(key, pdf);
  }
  if (identity) cache.remember('statement-pdf', identity, key, Date.now());
  return pdf;
}

export function buildPlanned(ctx: StatementsContext, who: StatementRequester, planned: PlannedStatement) {
  return buildStatement(ctx, who, planned.account, planned.month, planned.currency, planned);
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
  return renderPdf(ctx.renderPool, { kind: 'statement-pdf', docs }, signal);
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
