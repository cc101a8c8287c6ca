import type { z } from 'zod';
import { defineList, type ListColumn, type LocalizedLabel } from '../lists/define-list.js';
import type { PolicyStatusCode } from '../products.js';
import { type ReportFilterField, reportCriteriaSchema } from './report-criteria.js';
import type { ReportType } from './report-types.js';

export interface ReportDefinitionInput<
  T extends ReportType,
  Item extends z.ZodObject,
  Sort extends readonly [string, ...string[]],
> {
  type: T;
  /** Title in every language (the picker and the Excel sheet). */
  title: LocalizedLabel;
  /** One sentence on what the report answers, shown under the picker. */
  purpose: LocalizedLabel;
  /** The filter fields this report reads, in the order the form shows them; the others are ignored. */
  filters: readonly ReportFilterField[];
  /** Filters that must be given (after defaults are filled); a missing one is a 400 field error. */
  required?: readonly ReportFilterField[];
  /**
   * The statuses the `status` filter offers, when the report reads it and only some statuses make sense (report 1:
   * LAP, SUR). Any other status is a 400 field error rather than an empty report.
   */
  statusOptions?: readonly PolicyStatusCode[];
  item: Item;
  sortFields: Sort;
  defaultSort: { field: Sort[number]; order: 'asc' | 'desc' };
  columns: readonly ListColumn<Extract<keyof z.output<Item>, string>>[];
}

/**
 * One report type (docs/reports.md), declared once for both sides: its filters, its row, its columns and its sort. It
 * is a list definition (defineList): the server runs and exports it with the list mechanism, the web previews it with
 * the list table. `name` is `report_<type>`; the export file name is the report's title.
 */
export function defineReport<
  T extends ReportType,
  Item extends z.ZodObject,
  Sort extends readonly [string, ...string[]],
>(input: ReportDefinitionInput<T, Item, Sort>) {
  const statusOptions = input.statusOptions;
  const criteria = reportCriteriaSchema(input.sortFields).superRefine((value, ctx) => {
    if (statusOptions && value.status !== undefined && !statusOptions.includes(value.status)) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: 'notAllowed' });
    }
  });
  const list = defineList({
    name: `report_${input.type}` as const,
    criteria,
    item: input.item,
    sortFields: input.sortFields,
    defaultSort: input.defaultSort,
    columns: input.columns,
    fileName: input.title,
  });
  return {
    ...list,
    type: input.type,
    title: input.title,
    purpose: input.purpose,
    filters: input.filters,
    required: input.required ?? [],
    statusOptions: input.statusOptions,
  };
}

export type ReportDefinition = ReturnType<typeof defineReport>;
