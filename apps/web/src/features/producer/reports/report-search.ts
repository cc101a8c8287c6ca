import {
  commonCriteriaShape,
  expiryRangeIssue,
  optionalCriterion,
  REPORT_DEFINITIONS,
  type ReportDefinition,
  type ReportFilterField,
  type ReportToday,
  type ReportType,
  rangeIssues,
  reportFilterShape,
  reportTypeCriterion,
  withReportDefaults,
} from '@portal/contract';
import { z } from 'zod';
import type { Criteria } from '../../../components/search-list/criteria-url';
import { formValuesOf } from '../../../components/search-list/useCriteriaForm';
import type { ListPage } from '../../../components/search-list/useSearchList';

/*
 * The Reports screen's criteria: the contract's report filters (reportFilterShape) with the chosen report's
 * sort, as one schema for every report type. It reads the URL (the last report run, like the lists' searches),
 * validates the form and drives the search-list transitions.
 */

export const REPORT_FILTER_FIELDS = Object.keys(reportFilterShape) as ReportFilterField[];

export function reportTypeOf(value: unknown): ReportType | undefined {
  const parsed = reportTypeCriterion.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The criteria schema of the screen. `reportType` is optional (no report chosen yet: nothing runs); a sort field
 * must be one of the chosen report's. Report defaults are not filled here: a filter the URL leaves out is left out
 * of the request too and the server fills it (withReportDefaults), while the form shows it filled
 * (withFormDefaults). Filling them in the schema would undo the URL parser's fallback: a dropped field would come
 * back as its default and could fail the same range check again.
 */
export function reportSearchSchema() {
  const { sortField: _sortField, ...common } = commonCriteriaShape(['none'] as const);
  return z
    .object({
      ...common,
      sortField: optionalCriterion(z.string().max(50)),
      reportType: optionalCriterion(reportTypeCriterion),
      ...reportFilterShape,
    })
    .superRefine(rangeIssues([['dateFrom', 'dateTo']]))
    .superRefine(expiryRangeIssue)
    .superRefine((value, ctx) => {
      if (value.sortField === undefined) return;
      if (
        value.reportType === undefined ||
        !REPORT_DEFINITIONS[value.reportType].sortFields.includes(value.sortField)
      ) {
        ctx.addIssue({ code: 'custom', path: ['sortField'], message: 'unknownSortField' });
      }
    }) as unknown as z.ZodType<Criteria>;
}

/** Criteria with the chosen report's defaults where they leave a filter out: what the server runs, for the form. */
export function withFormDefaults(criteria: Criteria, today: ReportToday): Criteria {
  const type = reportTypeOf(criteria.reportType);
  return type === undefined
    ? criteria
    : withReportDefaults(criteria, type, REPORT_DEFINITIONS[type].filters, today);
}

/**
 * The answer schema of the report the criteria name: its definition's `response`. The screen hands it to
 * useSearchList, which takes the rows' type from it; the browser does not parse the answer with it (decision 031:
 * the server checks each preview against this same schema in development and tests).
 */
export function reportResponseSchema(criteria: Criteria): z.ZodType<ListPage<Record<string, unknown>>> {
  const type = reportTypeOf(criteria.reportType);
  if (type === undefined) throw new Error('No report chosen.');
  return REPORT_DEFINITIONS[type].response as z.ZodType<ListPage<Record<string, unknown>>>;
}

/** The form's empty values: every report field (selects hold strings, '' = not given; dates ISO or null). */
export const REPORT_FORM_TEMPLATE = {
  reportType: '',
  dateType: '',
  dateFrom: null as string | null,
  dateTo: null as string | null,
  excludeStatus: [] as string[],
  status: '',
  productType: '',
  month: '',
  followupType: '',
  type: '',
  expiryFromYear: '',
  expiryFromMonth: '',
  expiryToYear: '',
  expiryToMonth: '',
  includedTeam: true,
};
export type ReportFormValues = typeof REPORT_FORM_TEMPLATE;

/** The defaults a report starts with, limited to the filters it reads (what the server fills too). */
export function reportStartValues(type: ReportType, today: ReportToday): Record<string, unknown> {
  return withReportDefaults({}, type, REPORT_DEFINITIONS[type].filters, today);
}

/**
 * The form after choosing a report type (docs/producer/reports-screen.md): that type, its defaults, every other field
 * empty; the team choice returns to the tree's.
 */
export function formForType(type: ReportType, today: ReportToday, includedTeam: boolean): ReportFormValues {
  return formValuesOf(
    { reportType: type, ...reportStartValues(type, today), includedTeam },
    REPORT_FORM_TEMPLATE,
  );
}

function isBlank(value: unknown): boolean {
  return (
    value === '' || value === null || value === undefined || (Array.isArray(value) && value.length === 0)
  );
}

/**
 * What Run submits: the report, the team choice and the filters the report reads; every other filter is cleared,
 * so the URL and the request carry only what the report uses.
 */
export function runFields(values: ReportFormValues, definition: ReportDefinition): Record<string, unknown> {
  const fields: Record<string, unknown> = { reportType: definition.type, includedTeam: values.includedTeam };
  for (const field of REPORT_FILTER_FIELDS) {
    const value = values[field];
    fields[field] = definition.filters.includes(field) && !isBlank(value) ? value : undefined;
  }
  return fields;
}

/** Required filters left empty that no default fills (the server would answer 400 for them). */
export function missingRequired(
  values: ReportFormValues,
  definition: ReportDefinition,
  today: ReportToday,
): ReportFilterField[] {
  const defaults = reportStartValues(definition.type, today);
  return definition.required.filter((field) => isBlank(values[field]) && defaults[field] === undefined);
}
