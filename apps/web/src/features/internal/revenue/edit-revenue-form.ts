import {
  REVENUE_EDIT_FIELDS,
  type RevenueEditField,
  type RevenueEditInput,
  type RevenueHeader,
  type RevenueSummary,
  revenueEditSchema,
} from '@portal/contract';
import { formatBusinessDate } from '../../../components/forms/business-date';

/**
 * The edit form's values: texts as typed, dates as typed in the date mask (YYYY/MM/DD, "" for none: the contract's
 * schema reads them, so an impossible date is refused, never emptied), the flag as a checkbox.
 */
export interface EditRevenueValues {
  description: string;
  internalRemark: string;
  salesCampaign: string;
  bankInOn: string;
  lapseSurrenderOn: string;
  isOrphanCase: boolean;
}

/** The fields this revenue's form shows: the lapse/surrender date is a type C fact only. */
export function editableFields(commissionType: string): RevenueEditField[] {
  return REVENUE_EDIT_FIELDS.filter((field) => field !== 'lapseSurrenderOn' || commissionType === 'C');
}

export function editValuesOf(revenue: RevenueHeader, summary: RevenueSummary): EditRevenueValues {
  return {
    description: summary.description ?? '',
    internalRemark: summary.internalRemark ?? '',
    salesCampaign: revenue.salesCampaign ?? '',
    bankInOn: formatBusinessDate(revenue.bankInOn),
    lapseSurrenderOn: formatBusinessDate(revenue.lapseSurrenderOn),
    isOrphanCase: revenue.isOrphanCase,
  };
}

/**
 * The PATCH body: the version and only the fields the person changed (a field left out is unchanged, so the audit
 * shows what was really edited), among those this revenue offers.
 */
export function editBodyOf(
  version: string,
  fields: readonly RevenueEditField[],
  initial: EditRevenueValues,
  values: EditRevenueValues,
): RevenueEditInput {
  const body: Record<string, unknown> = { version };
  for (const field of fields) {
    if (values[field] !== initial[field]) body[field] = values[field];
  }
  return body as RevenueEditInput;
}

/** Why a value was refused by the contract's schema, as a message key of the edit form (with its values). */
export type EditProblem =
  | { key: 'tooLong'; max: number }
  | { key: 'invalidDate' }
  | { key: 'required' }
  | { key: 'invalid' };

/** Checks a body with the contract schema the server uses: the first problem of each field. */
export function editProblems(body: RevenueEditInput): Partial<Record<RevenueEditField, EditProblem>> {
  const result = revenueEditSchema.safeParse(body);
  if (result.success) return {};
  const problems: Partial<Record<RevenueEditField, EditProblem>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as RevenueEditField;
    if (problems[field]) continue;
    if (issue.code === 'too_big') problems[field] = { key: 'tooLong', max: Number(issue.maximum) };
    else if (issue.message === 'invalidDate') problems[field] = { key: 'invalidDate' };
    else if (issue.message === 'required' || issue.code === 'too_small')
      problems[field] = { key: 'required' };
    else problems[field] = { key: 'invalid' };
  }
  return problems;
}
