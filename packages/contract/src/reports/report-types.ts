import { z } from 'zod';
import { siteCapabilities } from '../site-capabilities.js';
import type { SiteCode } from '../sites.js';
import type { ReportType } from './report-type-codes.js';

export { REPORT_TYPES, type ReportType } from './report-type-codes.js';

/** Stable keys used for i18n labels and file names. */
export const REPORT_KEYS: Record<ReportType, string> = {
  1: 'lapsedSurrender',
  2: 'newClient',
  3: 'newBusinessStatus',
  4: 'salesPerformance',
  5: 'transferIn',
  6: 'birthday',
  7: 'missingPremium',
  8: 'creditCardExpiry',
  9: 'clientPortfolio',
  10: 'policySummary',
  11: 'policyItemDetails',
  12: 'policyOwner',
  13: 'policyAbBv',
  14: 'personalAbBv',
  201: 'trainingHistory',
};

/** Report types that need a producer sub-permission. */
export const BV_REPORT_TYPES: readonly ReportType[] = [13, 14];
export const TRAINING_REPORT_TYPES: readonly ReportType[] = [201];

/** Types whose dateType defaults to APPL when chosen. */
export const APPL_DATE_REPORT_TYPES: readonly ReportType[] = [2, 3, 4, 10, 11, 12, 13, 14];

export const REPORT_DATE_TYPES = ['APPL', 'APPLSENT', 'POLICY'] as const;
export const reportDateTypeSchema = z.enum(REPORT_DATE_TYPES);

export interface ReportPermissions {
  hasBvReportPermission: boolean;
  hasTrainingHistoryReportPermission: boolean;
}

/** The report types a producer may pick on a site: the site's (its capabilities) minus what their permissions remove. */
export function availableReportTypes(site: SiteCode, perms: ReportPermissions): ReportType[] {
  return siteCapabilities(site).reportTypes.filter((t) => {
    if (BV_REPORT_TYPES.includes(t)) return perms.hasBvReportPermission;
    if (TRAINING_REPORT_TYPES.includes(t)) return perms.hasTrainingHistoryReportPermission;
    return true;
  });
}
