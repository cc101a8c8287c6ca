import {
  type CommissionDownloadQuery,
  type CommissionPeriod,
  hongKongToday,
  periodStartMonth,
  statementMonthWindow,
} from '@portal/contract';
import { hasMessage } from '../../i18n/index.js';
import { FormValidationError } from '../../plugins/errors.js';
import type {
  CommissionCurrencyBlock,
  CommissionStatementDocument,
} from '../../render/commission-statement-model.js';
import { formatAmount, formatDate, sumAmounts } from '../../render/decimal.js';
import type { StatementFirm } from '../../render/statement-model.js';
import { statementTexts } from '../../render/statement-texts.js';
import {
  admitProducer,
  CommissionRefusal,
  type CommissionsContext,
  type CommissionsRequester,
} from './context.js';
import { statementFileName } from './list-statements.js';
import { monthEndOf } from './months.js';
import {
  type IssuedStatement,
  type StatementLine,
  selectStatement,
  selectStatementLines,
} from './queries.js';

/** A statement's lines and what it covers, before wording: what tests and the PDF both derive from. */
export interface StatementContent {
  statement: IssuedStatement;
  fromDate: string;
  toDate: string;
  lines: StatementLine[];
}

/**
 * Finds the issued statement a download names and reads its lines: the producer's pay-out records of that company
 * due in the statement's period (the `period` months ending with the statement month). Access first (403, 404),
 * then the six-month window (400 on `month`), then the statement itself (404).
 */
export async function loadStatementContent(
  ctx: CommissionsContext,
  who: CommissionsRequester,
  query: CommissionDownloadQuery,
): Promise<StatementContent> {
  await admitProducer(ctx, who, query.producerId, 'commission_statement', {
    month: query.month,
    company: query.company,
    region: query.region,
  });
  if (!statementMonthWindow(ctx.now()).includes(query.month)) {
    throw new FormValidationError({ month: ['commissions.monthOutOfRange'] });
  }
  const statement = await selectStatement(ctx.db, {
    producerId: query.producerId,
    code: query.code,
    month: `${query.month}-01`,
    regionCode: query.region,
    company: query.company,
  });
  if (!statement) throw new CommissionRefusal(404, 'commissions.noStatement');
  const fromDate = `${periodStartMonth(statement.period as CommissionPeriod, query.month)}-01`;
  const toDate = monthEndOf(query.month);
  const lines = await selectStatementLines(ctx.db, {
    producerId: query.producerId,
    serviceCompanyId: statement.serviceCompanyId,
    fromDate,
    toDate,
  });
  return { statement, fromDate, toDate, lines };
}

/** Sums per currency, exactly (decimal strings, never doubles): the totals the PDF prints. */
export function currencyTotals(lines: readonly StatementLine[]): Map<string, string> {
  const byCurrency = new Map<string, string[]>();
  for (const line of lines) {
    const list = byCurrency.get(line.currency) ?? [];
    list.push(line.amount);
    byCurrency.set(line.currency, list);
  }
  return new Map([...byCurrency].map(([currency, amounts]) => [currency, sumAmounts(amounts)]));
}

/** The letterhead's words, the client statements' own. */
function letterheadTextsOf(language: CommissionsRequester['language']) {
  const { telephone, emailLabel } = statementTexts(language);
  return { telephone, emailLabel };
}

/** The statement worded in the request's language, ready for the render pool. */
export function statementDocument(
  who: CommissionsRequester,
  content: StatementContent,
  now: Date,
  firm: StatementFirm,
): { doc: CommissionStatementDocument; fileName: string } {
  const { t, language } = who;
  const { statement, lines } = content;
  const month = statement.month.slice(0, 7);
  // Codes without a wording of their own (a new pay mode) print as they are.
  const word = (key: string, fallback: string) => (hasMessage(key) ? t(key) : fallback);
  const totals = currencyTotals(lines);
  const currencies: CommissionCurrencyBlock[] = [...totals].map(([currency, total]) => ({
    heading: t('commissions.currencyHeading', { currency }),
    rows: lines
      .filter((l) => l.currency === currency)
      .map((l) => [
        l.refNo,
        l.policyNo ?? '',
        l.clientNames ?? '',
        word(`commissions.type${l.commissionType}`, l.commissionType),
        t('commissions.installmentOf', { no: l.installmentNo, total: l.totalInstallmentNo }),
        word(`commissions.payMode${l.payMode}`, l.payMode),
        formatDate(l.dueDate),
        l.currency,
        formatAmount(l.amount),
      ]),
    totalLabel: t('commissions.total', { currency }),
    total: formatAmount(total),
  }));
  const doc: CommissionStatementDocument = {
    language,
    firm,
    letterheadTexts: letterheadTextsOf(language),
    title: t('commissions.title'),
    facts: [
      { label: t('commissions.advisor'), value: `${statement.producerName} (${statement.producerCode})` },
      { label: t('commissions.company'), value: `${statement.companyName} (${statement.companyCode})` },
      {
        label: t('commissions.region'),
        value: word(`commissions.region${statement.regionCode}`, statement.regionCode),
      },
      {
        label: t('commissions.period'),
        value: word(`commissions.period${statement.period}`, statement.period),
      },
      { label: t('commissions.statementMonth'), value: month.replace('-', '/') },
      {
        label: t('commissions.covering'),
        value: t('commissions.coveringRange', {
          from: formatDate(content.fromDate),
          to: formatDate(content.toDate),
        }),
      },
      { label: t('commissions.issuedOn'), value: formatDate(hongKongToday(statement.issuedAt)) },
    ],
    columns: [
      t('commissions.refNo'),
      t('commissions.policyNo'),
      t('commissions.client'),
      t('commissions.commissionType'),
      t('commissions.installment'),
      t('commissions.payMode'),
      t('commissions.dueDate'),
      t('commissions.currency'),
      t('commissions.amount'),
    ],
    amountColumns: [8],
    currencies,
    empty: t('commissions.empty'),
    notes: [t('commissions.noteRecords'), t('commissions.noteCurrencies')],
    printedOn: t('commissions.printedOn', { date: formatDate(hongKongToday(now)) }),
  };
  const fileName = statementFileName(statement.producerCode, statement.companyCode, month, statement.period);
  return { doc, fileName };
}
