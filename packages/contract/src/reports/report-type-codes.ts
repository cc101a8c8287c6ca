/**
 * The report type codes, without zod: the site capabilities table (site-capabilities.ts), which the light login page
 * imports, names them. report-types.ts re-exports them with the rest of the report types.
 */
export const REPORT_TYPES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 201] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
