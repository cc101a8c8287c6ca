import type { ReportDefinition } from './define-report.js';
import { birthdayReport } from './definitions/birthday.js';
import { clientPortfolioReport } from './definitions/client-portfolio.js';
import { creditCardExpiryReport } from './definitions/credit-card-expiry.js';
import { lapsedSurrenderReport } from './definitions/lapsed-surrender.js';
import { missingPremiumReport } from './definitions/missing-premium.js';
import { newBusinessStatusReport } from './definitions/new-business-status.js';
import { newClientReport } from './definitions/new-client.js';
import { personalAbBvReport } from './definitions/personal-ab-bv.js';
import { policyAbBvReport } from './definitions/policy-ab-bv.js';
import { policyItemDetailsReport } from './definitions/policy-item-details.js';
import { policyOwnerReport } from './definitions/policy-owner.js';
import { policySummaryReport } from './definitions/policy-summary.js';
import { salesPerformanceReport } from './definitions/sales-performance.js';
import { trainingHistoryReport } from './definitions/training-history.js';
import { transferInReport } from './definitions/transfer-in.js';
import type { ReportType } from './report-types.js';

/**
 * Every report type's definition, by type. Each lives in `definitions/`; adding a report is adding its file and its
 * line here (the Record type makes a missing one a compile error).
 */
export const REPORT_DEFINITIONS: Record<ReportType, ReportDefinition> = {
  1: lapsedSurrenderReport,
  2: newClientReport,
  3: newBusinessStatusReport,
  4: salesPerformanceReport,
  5: transferInReport,
  6: birthdayReport,
  7: missingPremiumReport,
  8: creditCardExpiryReport,
  9: clientPortfolioReport,
  10: policySummaryReport,
  11: policyItemDetailsReport,
  12: policyOwnerReport,
  13: policyAbBvReport,
  14: personalAbBvReport,
  201: trainingHistoryReport,
};
