import type { ReportDefinition, ReportType } from '@portal/contract';
import type { ServerListDefinition } from '../../lists/index.js';
import { lapsedSurrenderServerReport } from './report-1-lapsed-surrender.js';
import { newClientServerReport } from './report-2-new-client.js';
import { newBusinessStatusServerReport } from './report-3-new-business-status.js';
import { salesPerformanceServerReport } from './report-4-sales-performance.js';
import { transferInServerReport } from './report-5-transfer-in.js';
import { birthdayServerReport } from './report-6-birthday.js';
import { missingPremiumServerReport } from './report-7-missing-premium.js';
import { creditCardExpiryServerReport } from './report-8-credit-card-expiry.js';
import { clientPortfolioServerReport } from './report-9-client-portfolio.js';
import { policySummaryServerReport } from './report-10-policy-summary.js';
import { policyItemDetailsServerReport } from './report-11-policy-item-details.js';
import { policyOwnerServerReport } from './report-12-policy-owner.js';
import { policyAbBvServerReport } from './report-13-policy-ab-bv.js';
import { personalAbBvServerReport } from './report-14-personal-ab-bv.js';
import { trainingHistoryServerReport } from './report-201-training-history.js';

/** The server half of a report: a list definition over the report's contract (query, scope, sort, row → item). */
// biome-ignore lint/suspicious/noExplicitAny: each report has its own row type; the registry only runs them.
export type ServerReportDefinition = ServerListDefinition<ReportDefinition, any>;

/**
 * Every report's server definition, by type. Each report is one file of this folder (`report-<type>-<name>.ts`) and
 * one line here (the Record type makes a missing one a compile error).
 */
export const SERVER_REPORTS: Record<ReportType, ServerReportDefinition> = {
  1: lapsedSurrenderServerReport,
  2: newClientServerReport,
  3: newBusinessStatusServerReport,
  4: salesPerformanceServerReport,
  5: transferInServerReport,
  6: birthdayServerReport,
  7: missingPremiumServerReport,
  8: creditCardExpiryServerReport,
  9: clientPortfolioServerReport,
  10: policySummaryServerReport,
  11: policyItemDetailsServerReport,
  12: policyOwnerServerReport,
  13: policyAbBvServerReport,
  14: personalAbBvServerReport,
  201: trainingHistoryServerReport,
};
