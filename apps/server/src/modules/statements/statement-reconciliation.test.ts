import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CURRENCIES, MAX_PARTY_IDS } from '@portal/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, statementAccounts } from '../../db/schema/index.js';
import { statementHtml } from '../../render/statement-html.js';
import type { StatementDocument } from '../../render/statement-model.js';
import { statementTexts } from '../../render/statement-texts.js';
import { htmlLines, type Reconciliation, reconcileLines } from '../../testing/statement-reconciliation.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';
import type { StatementsContext } from './context.js';
import { availableMonths } from './statement-months.js';
import { loadStatement, statementsPdf } from './view-statement.js';

/**
 * Every demo statement a client can open — each account, each of its months in the window, and for consolidated
 * accounts each currency the endpoint offers — read back from its HTML and from its PDF's text: every row must
 * reproduce from the figures printed beside it and every total must be the sum of the lines above it.
 */
let t: TestContext;
let ctx: StatementsContext;
let dir: string;
/** Per account: the statements (months × currencies) as the endpoints build them. */
let statements: StatementDocument[][];

beforeAll(async () => {
  t = await createTestApp();
  ctx = {
    db: t.database.db,
    config: t.config,
    now: () => t.clock.now,
    renderPool: t.app.renderPool,
    sites: t.app.siteCache,
  };
  dir = mkdtempSync(join(tmpdir(), 'statement-reconciliation-'));
  const accounts = await t.database.db
    .select({
      id: statementAccounts.id,
      accountType: statementAccounts.accountType,
      clientId: statementAccounts.clientId,
      siteCode: clients.siteCode,
    })
    .from(statementAccounts)
    .innerJoin(clients, eq(clients.id, statementAccounts.clientId))
    .orderBy(asc(statementAccounts.id));
  const months = await availableMonths(
    ctx,
    accounts.map((a) => a.id),
  );
  statements = [];
  for (const account of accounts) {
    const who = { clientId: account.clientId, siteCode: account.siteCode, language: 'en' as const };
    const currencies = account.accountType === 'CONSOLIDATE' ? CURRENCIES : [undefined];
    const docs: StatementDocument[] = [];
    for (const month of months.get(account.id) ?? []) {
      for (const currency of currencies)
        docs.push(await loadStatement(ctx, who, account.id, { month, currency }));
    }
    statements.push(docs);
  }
}, 600_000);

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

/** What the parser must have found in these statements: one row per holding (and per summary line), three totals
 * per plan, two per consolidated summary. */
function expectedCounts(docs: StatementDocument[]) {
  let rows = 0;
  let totals = 0;
  for (const doc of docs) {
    for (const plan of doc.plans) {
      rows += plan.holdings.length;
      totals += 3;
    }
    if (doc.summary) {
      rows += doc.summary.valueLines.length + doc.summary.cashLines.length;
      totals += 2;
    }
  }
  return { rows, totals };
}

function expectReconciled(found: Reconciliation, docs: StatementDocument[]) {
  expect(found.problems.slice(0, 5)).toEqual([]);
  expect({ rows: found.rows, totals: found.totals }).toEqual(expectedCounts(docs));
}

/**
 * The statements whose PDF is read back: every monthly statement, and of a consolidated account every month in its
 * first currency and every currency in its latest month. The HTML test reads all of them, months × currencies; the
 * PDF is printed from the same document by its own layout code, whose risks (a figure cut, a row wrapped) each month
 * and each currency reach. Printing all 2,016 consolidated ones took a minute of a CI worker.
 */
function printedSample(docs: StatementDocument[]): StatementDocument[] {
  const latest = docs.reduce((max, doc) => (doc.asOfDate > max ? doc.asOfDate : max), '');
  const first = docs[0]?.reportingCurrency;
  return docs.filter(
    (doc) => doc.kind !== 'consolidated' || doc.asOfDate === latest || doc.reportingCurrency === first,
  );
}

describe('statement reconciliation over the demo data', () => {
  it('walks every account, month and offered currency', () => {
    const docs = statements.flat();
    const consolidated = docs.filter((d) => d.kind === 'consolidated');
    expect(new Set(consolidated.map((d) => d.reportingCurrency))).toEqual(new Set(CURRENCIES));
    expect(docs.filter((d) => d.kind === 'monthly').length).toBeGreaterThan(20);
    console.info(
      `reconciling ${docs.length} statements (${consolidated.length} consolidated, ${docs.length - consolidated.length} monthly) of ${statements.length} accounts`,
    );
  });

  it('quotes every conversion within half a unit of its sixth significant digit of the exact cross rate', async () => {
    const { rows } = (await t.database.db.execute(
      sql`select rate_date::text as date, currency, rate from fx_rates where quote_currency = 'USD'`,
    )) as unknown as { rows: { date: string; currency: string; rate: string }[] };
    const usdPer = new Map(rows.map((r) => [`${r.currency}@${r.date.slice(0, 10)}`, Number(r.rate)]));
    const usd = (ccy: string, date: string) =>
      ccy === 'USD' ? 1 : (usdPer.get(`${ccy}@${date}`) ?? Number.NaN);
    let checked = 0;
    for (const doc of statements.flat()) {
      for (const line of doc.summary?.valueLines ?? []) {
        const exact = usd(line.currency, doc.asOfDate) / usd(doc.reportingCurrency, doc.asOfDate);
        expect(Math.abs(Number(line.rate) / exact - 1)).toBeLessThan(5.0001e-6);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('HTML: every row × rate and every total reproduces to the cent', () => {
    const texts = statementTexts('en');
    for (const docs of statements) {
      const found = reconcileLines(
        docs.flatMap((doc) => htmlLines(statementHtml(doc))),
        texts,
      );
      expectReconciled(found, docs);
    }
  });

  it('PDF text (pdftotext): every row × rate and every total reproduces to the cent', async () => {
    const texts = statementTexts('en');
    const printed = statements.map(printedSample);
    // The sample still reaches every currency and every month of the run.
    const flat = printed.flat();
    expect(new Set(flat.map((d) => d.reportingCurrency))).toEqual(
      new Set(statements.flat().map((d) => d.reportingCurrency)),
    );
    expect(new Set(flat.map((d) => d.asOfDate))).toEqual(new Set(statements.flat().map((d) => d.asOfDate)));
    for (const [i, all] of printed.entries()) {
      // Bundles of at most MAX_PARTY_IDS statements, the largest PDF a download makes: one PDF of an account's 48
      // consolidated statements held enough memory at once to end a test worker.
      for (let start = 0; start < all.length; start += MAX_PARTY_IDS) {
        const docs = all.slice(start, start + MAX_PARTY_IDS);
        const file = join(dir, `${i}-${start}.pdf`);
        writeFileSync(file, await statementsPdf(ctx, docs));
        const text = execFileSync('pdftotext', ['-layout', file, '-'], {
          encoding: 'utf8',
          maxBuffer: 256 * 1024 * 1024,
        });
        rmSync(file);
        expectReconciled(reconcileLines(text.split('\n'), texts), docs);
      }
    }
  }, 600_000);
});
