import type { ReportDefinition } from './define-report.js';
import { lapsedSurrenderReport } from './definitions/lapsed-surrender.js';
import type { ReportType } from './report-types.js';

/**
 * Every report type's definition, by type. Each lives in `definitions/`; adding a report is adding its file and its
 * line here. Partial while the reports are being written (issue 10); complete once all fifteen exist.
 */
export const REPORT_DEFINITIONS: Partial<Record<ReportType, ReportDefinition>> = {
  1: lapsedSurrenderReport,
};
