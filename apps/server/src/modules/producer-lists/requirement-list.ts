import {
  CLIENT_OWED_STATUSES,
  HONG_KONG_TIME_ZONE,
  OPEN_REQUIREMENT_STATUSES,
  REQUIREMENT_PROVIDER_LABELS,
  REQUIREMENT_STATUS_LABELS,
  REQUIREMENT_TYPE_LABELS,
  type RequirementProvider,
  type RequirementStatus,
  type RequirementType,
  type RequirementView,
  requirementList,
} from '@portal/contract';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { inList } from '../../db/schema/columns.js';
import { applicationRequirements, applications } from '../../db/schema/index.js';
import { producerFilter } from '../../db/team-scope.js';
import { containsPattern, defineServerList } from '../../lists/index.js';
import { toId, toNullableText, toText } from '../../lists/row-values.js';

/** Written as the partial indexes' own literal lists (inList), so the planner can use them. */
const isOpen = inList(applicationRequirements.status, OPEN_REQUIREMENT_STATUSES);

/**
 * Which items a view holds (docs/producer/cases.md, "The requirements list"). The producer home counts its figures with
 * this same predicate, so a figure is the total of the list it opens.
 */
export function requirementViewFilter(view: RequirementView): SQL | undefined {
  const status = applicationRequirements.status;
  switch (view) {
    case 'open':
      return isOpen;
    case 'clientOwes':
      return sql`${isOpen} and ${inList(status, CLIENT_OWED_STATUSES)} and ${applicationRequirements.provider} = 'client'`;
    case 'received':
      return sql`${isOpen} and ${status} = 'received'`;
    case 'all':
      return undefined;
  }
}

const hongKongToday = sql`(now() at time zone ${sql.raw(`'${HONG_KONG_TIME_ZONE}'`)})::date`;

type RequirementRow = {
  requirementId: unknown;
  applicationId: unknown;
  clientName: string | null;
  policyNo: string | null;
  productName: string | null;
  type: string;
  provider: string;
  mandatory: boolean;
  status: string;
  dueDate: string | null;
  daysOverdue: unknown;
  statusChangedOn: string;
  consultant: string | null;
};

/**
 * Requirements (docs/producer/cases.md): the items of the scope's applications (the item's own producer, copied from
 * the application), across cases. Keywords match the application's search document (policy no., client, insured).
 */
export const requirementServerList = defineServerList({
  contract: requirementList,
  columns: {
    requirementId: applicationRequirements.id,
    applicationId: applicationRequirements.applicationId,
    clientName: applications.clientName,
    policyNo: applications.policyNo,
    productName: applications.productName,
    type: applicationRequirements.typeCode,
    provider: applicationRequirements.provider,
    mandatory: applicationRequirements.mandatory,
    status: applicationRequirements.status,
    dueDate: sql`${applicationRequirements.dueDate}::text`,
    daysOverdue: sql`case when ${isOpen}
        and ${applicationRequirements.dueDate} < ${hongKongToday}
      then ${hongKongToday} - ${applicationRequirements.dueDate} else 0 end`,
    statusChangedOn: sql`((${applicationRequirements.statusChangedAt} at time zone ${sql.raw(`'${HONG_KONG_TIME_ZONE}'`)})::date)::text`,
    consultant: applications.consultantName,
  },
  source(scope, criteria) {
    const pattern = criteria.keywords ? containsPattern(criteria.keywords) : undefined;
    const application = sql`${applications} on ${applications.id} = ${applicationRequirements.applicationId}`;
    return {
      // The application only shows on the rows (a lookup, left out of the count) unless the keywords search it.
      from: pattern ? sql`${applicationRequirements} join ${application}` : sql`${applicationRequirements}`,
      lookups: pattern ? undefined : sql`left join ${application}`,
      matchesFirst: pattern !== undefined,
      where: [
        producerFilter(scope, applicationRequirements.producerId),
        requirementViewFilter(criteria.view),
        criteria.typeOptions && criteria.typeOptions.length > 0
          ? inArray(applicationRequirements.typeCode, [...new Set(criteria.typeOptions)])
          : undefined,
        criteria.dueFrom ? sql`${applicationRequirements.dueDate} >= ${criteria.dueFrom}::date` : undefined,
        criteria.dueTo ? sql`${applicationRequirements.dueDate} <= ${criteria.dueTo}::date` : undefined,
        pattern ? sql`${applications.searchText} ilike ${pattern}` : undefined,
      ],
    };
  },
  sortExpressions: {
    dueDate: applicationRequirements.dueDate,
    type: applicationRequirements.typeCode,
    status: applicationRequirements.status,
    statusChangedOn: applicationRequirements.statusChangedAt,
  },
  // Each sort has its index of open items (application_requirements_list_*_idx).
  sortsWithoutLookups: ['dueDate', 'type', 'status', 'statusChangedOn'],
  idColumn: applicationRequirements.id,
  toItem: (row: RequirementRow) => ({
    requirementId: toId(row.requirementId),
    applicationId: toId(row.applicationId),
    clientName: toText(row.clientName),
    policyNo: toText(row.policyNo),
    productName: toText(row.productName),
    type: row.type as RequirementType,
    provider: row.provider as RequirementProvider,
    mandatory: row.mandatory === true || (row.mandatory as unknown) === 't',
    status: row.status as RequirementStatus,
    dueDate: toNullableText(row.dueDate),
    daysOverdue: Number(row.daysOverdue ?? 0),
    statusChangedOn: toText(row.statusChangedOn),
    consultant: toText(row.consultant),
  }),
  // The workbook says what the screen says: the item, who owes it and its status in words.
  exportCells: (item, language) => ({
    type: REQUIREMENT_TYPE_LABELS[item.type][language],
    provider: REQUIREMENT_PROVIDER_LABELS[item.provider][language],
    status: REQUIREMENT_STATUS_LABELS[item.status][language],
  }),
});
