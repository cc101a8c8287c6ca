import { REPORT_DEFINITIONS, type ReportDefinition, type ReportType } from '@portal/contract';

/**
 * The report definitions the screen works from: the contract registry. The screen reads them only through this
 * module, so tests can stand in definitions of reports not merged yet (vi.mock).
 */
export const reportDefinitions: Partial<Record<ReportType, ReportDefinition>> = REPORT_DEFINITIONS;
