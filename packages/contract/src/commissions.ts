import { z } from 'zod';
import { idSchema } from './lists/criteria.js';
import { statementMonthSchema } from './statements.js';

/** Commission statement periods (docs/product.md, "Codes"): M monthly, Q quarterly, H semi-annually, A annually. */
export const COMMISSION_PERIODS = ['M', 'Q', 'H', 'A'] as const;
export type CommissionPeriod = (typeof COMMISSION_PERIODS)[number];

/** How many months a statement of each period covers; the statement's month is the last of them. */
export const COMMISSION_PERIOD_MONTHS: Record<CommissionPeriod, number> = { M: 1, Q: 3, H: 6, A: 12 };

/** A period's statement can only be issued for a month that ends such a period (calendar quarters, halves, years). */
export function isPeriodEndMonth(period: CommissionPeriod, month: string): boolean {
  return Number(month.slice(5, 7)) % COMMISSION_PERIOD_MONTHS[period] === 0;
}

/** The first month (`YYYY-MM`) a statement of `period` for `month` covers. */
export function periodStartMonth(period: CommissionPeriod, month: string): string {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7)) - COMMISSION_PERIOD_MONTHS[period];
  const d = new Date(Date.UTC(year, index, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Regions producers are registered in (producers.region_code). */
export const COMMISSION_REGIONS = ['HK', 'SG'] as const;
export const COMMISSION_FILE_TYPES = ['pdf'] as const;

/** Revenue commission types and the label of their contribution amount (docs/product.md, "Commissions and revenues"). */
export function contributionAmountLabelKey(
  commissionType: string,
): 'premiumAmount' | 'aumAmount' | 'contributionAmount' {
  if (commissionType === 'R') return 'premiumAmount';
  if (commissionType === 'A' || commissionType === 'T') return 'aumAmount';
  return 'contributionAmount';
}

/*
 * Commission statements (/b2b/commissions, docs/producer/commissions.md):
 *   GET /b2b/commissions/list_statement/{producerId}     → CommissionStatementMonth[] (newest month first)
 *   GET /b2b/commissions/download_statement?month=YYYY-MM&code=A1001&company=AFSL&region=HK&producerId=N&fileType=pdf
 * Refusals answer `{ errors: { base: [message] } }` (403 no commission permission, 404 producer outside the team or
 * no such statement); bad query values answer 400 with field errors.
 */

export const commissionPdfSchema = z.object({
  /** The producer's Advisor Code (`code` of the download). */
  producerCode: z.string(),
  /** The paying service company's code (`company` of the download). */
  companyCode: z.string(),
  companyName: z.string(),
  period: z.enum(COMMISSION_PERIODS),
  fileName: z.string(),
  fileType: z.enum(COMMISSION_FILE_TYPES),
});
export type CommissionPdf = z.infer<typeof commissionPdfSchema>;

export const commissionStatementMonthSchema = z.object({
  /** `YYYY-MM`, the last month the statements cover. */
  month: statementMonthSchema,
  regionCode: z.string(),
  pdfList: z.array(commissionPdfSchema),
});
export type CommissionStatementMonth = z.infer<typeof commissionStatementMonthSchema>;
export const commissionStatementListSchema = z.array(commissionStatementMonthSchema);

export const commissionListParamsSchema = z.object({ producerId: idSchema });

export const commissionDownloadQuerySchema = z.object({
  month: statementMonthSchema,
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,20}$/),
  /**
   * The paying company as the statement list gives it: its name (`companyName`, what the original front end sends) or
   * its code (`companyCode`); either names the same company.
   */
  company: z
    .string()
    .trim()
    .regex(/^[\p{L}\p{N}][\p{L}\p{N} .,&'()-]{0,119}$/u),
  region: z.enum(COMMISSION_REGIONS),
  producerId: idSchema,
  fileType: z.enum(COMMISSION_FILE_TYPES).default('pdf'),
});
export type CommissionDownloadQuery = z.infer<typeof commissionDownloadQuerySchema>;

/** The download's query for one listed statement. */
export function commissionDownloadQuery(
  producerId: number,
  month: string,
  regionCode: string,
  pdf: CommissionPdf,
): Record<string, string | number> {
  return {
    month,
    code: pdf.producerCode,
    company: pdf.companyCode,
    region: regionCode,
    producerId,
    fileType: pdf.fileType,
  };
}
