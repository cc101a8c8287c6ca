import type { ReportDefinition, ReportType } from '@portal/contract';
import type { ServerListDefinition } from '../../lists/index.js';
import { birthdayServerReport } from './definitions/birthday/definition.js';
import { clientPortfolioServerReport } from './definitions/client-portfolio/definition.js';
import { creditCardExpiryServerReport } from './definitions/credit-card-expiry/definition.js';
import { lapsedSurrenderServerReport } from './definitions/lapsed-surrender/definition.js';
import { missingPremiumServerReport } from './definitions/missing-premium/definition.js';
import { newBusinessStatusServerReport } from './definitions/new-business-status/definition.js';
import { newClientServerReport } from './definitions/new-client/definition.js';
import { personalAbBvServerReport } from './definitions/personal-ab-bv/definition.js';
import { policyAbBvServerReport } from './definitions/policy-ab-bv/definition.js';
import { policyItemDetailsServerReport } from './definitions/policy-item-details/definition.js';
import { policyOwnerServerReport } from './definitions/policy-owner/definition.js';
import { policySummaryServerReport } from './definitions/policy-summary/definition.js';
import { salesPerformanceServerReport } from './definitions/sales-performance/definition.js';
import { trainingHistoryServerReport } from './definitions/training-history/definition.js';
import { transferInServerReport } from './definitions/transfer-in/definition.js';

/** The server half of a report: a list definition over the report's contract (query, scope, sort, row → item). */
// biome-ignore lint/suspicious/noExplicitAny: each report has its own row type; the registry only runs them.
export type ServerReportDefinition = ServerListDefinition<ReportDefinition, any>;

/**
 * Every report's server definition, by type. Each report is one folder named by its contract key
 * (`definitions/<key>/definition.ts`, REPORT_KEYS in kebab case, like the contract's own definition file) and one
 * line here (the Record type makes a missing one a compile error).
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
