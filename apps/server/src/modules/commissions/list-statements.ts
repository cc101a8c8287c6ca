import { type CommissionPeriod, type CommissionStatementMonth, statementMonthWindow } from '@portal/contract';
import { admitProducer, type CommissionsContext, type CommissionsRequester } from './context.js';
import { selectIssuedStatements } from './queries.js';

/** The name a statement is downloaded under: Advisor Code, company, month, and the period when not monthly. */
export function statementFileName(producerCode: string, companyCode: string, month: string, period: string) {
  return `${producerCode}_${companyCode}_${month}${period === 'M' ? '' : `_${period}`}.pdf`;
}

/**
 * GET /b2b/commissions/list_statement/{producerId}: the statements issued to the producer in the last six full
 * months, one entry per month and region (newest month first), each with its statements per paying company.
 */
export async function listStatements(
  ctx: CommissionsContext,
  who: CommissionsRequester,
  producerId: number,
): Promise<CommissionStatementMonth[]> {
  await admitProducer(ctx, who, producerId, 'commission_statements');
  const window = statementMonthWindow(ctx.now());
  const newest = window[0] as string;
  const oldest = window[window.length - 1] as string;
  const rows = await selectIssuedStatements(ctx.db, producerId, `${oldest}-01`, `${newest}-01`);
  const entries: CommissionStatementMonth[] = [];
  for (const row of rows) {
    const month = row.month.slice(0, 7);
    let entry = entries[entries.length - 1];
    if (entry?.month !== month || entry.regionCode !== row.regionCode) {
      entry = { month, regionCode: row.regionCode, pdfList: [] };
      entries.push(entry);
    }
    entry.pdfList.push({
      producerCode: row.producerCode,
      companyCode: row.companyCode,
      companyName: row.companyName,
      period: row.period as CommissionPeriod,
      fileName: statementFileName(row.producerCode, row.companyCode, month, row.period),
      fileType: 'pdf',
    });
  }
  return entries;
}
