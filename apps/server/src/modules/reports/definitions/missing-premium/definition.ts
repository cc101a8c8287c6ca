import { FOLLOWUP_TYPE_OPTIONS, missingPremiumReport } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import {
  clients,
  followupTypes,
  policies,
  producers,
  products,
  serviceRecords,
} from '../../../../db/schema/index.js';
import { producerFilter } from '../../../../db/team-scope.js';
import { translator } from '../../../../i18n/index.js';
import { defineServerList } from '../../../../lists/index.js';
import { toDecimal, toId, toNullableText, toText } from '../../../../lists/row-values.js';
import { followupTypeWord } from '../../../producer-lists/index.js';
import { periodFilters } from '../../shared/plan-report-filters.js';

type MissingPremiumRow = {
  followupId: unknown;
  uniqueId: string;
  typeId: unknown;
  typeName: string;
  policyNo: string;
  clientName: string;
  clientNo: string;
  productName: string;
  dueDate: string | null;
  currency: string;
  amountDue: unknown;
  createdDate: string;
  status: string;
  completedDate: string | null;
  consultant: string;
};

/**
 * The follow-up's date the period and the default sort read: the premium's due date, or the day the follow-up was
 * opened when the provider's notice had no due date. The same expression as service_records_premium_date_idx.
 */
const followupDate = sql`coalesce(${serviceRecords.dueDate}, ${serviceRecords.createdDate})`;

/**
 * The follow-up types asked for, as literals of the validated 6 | 7 (never the request's text), so the condition
 * implies the partial index's `type_id in (6, 7)`.
 */
function typeCondition(followupType: 6 | 7 | undefined): SQL {
  const types = followupType === undefined ? FOLLOWUP_TYPE_OPTIONS : [followupType];
  return sql`${serviceRecords.typeId} in (${sql.raw(types.map((t) => String(Number(t))).join(', '))})`;
}

/**
 * Missing premium (type 7): the missing premium and renewal follow-ups of the scope (the record's own producer, as
 * in Service Records), with the plan, its owner, the premium due and the follow-up's state. Product type filters
 * the plan's category (the record's category is the plan's).
 */
export const missingPremiumServerReport = defineServerList({
  contract: missingPremiumReport,
  columns: {
    followupId: serviceRecords.id,
    uniqueId: serviceRecords.uniqueId,
    typeId: serviceRecords.typeId,
    typeName: followupTypes.name,
    policyNo: policies.planNo,
    clientName: clients.fullName,
    clientNo: clients.clientNo,
    productName: products.name,
    dueDate: sql`${serviceRecords.dueDate}::text`,
    currency: policies.currency,
    amountDue: sql`${serviceRecords.amountDue}::text`,
    createdDate: sql`${serviceRecords.createdDate}::text`,
    status: serviceRecords.status,
    completedDate: sql`${serviceRecords.completedDate}::text`,
    consultant: producers.name,
  },
  source(scope, criteria) {
    return {
      from: sql`${serviceRecords}`,
      lookups: sql`left join ${policies} on ${policies.id} = ${serviceRecords.policyId}
        left join ${products} on ${products.id} = ${policies.productId}
        left join ${clients} on ${clients.id} = ${policies.ownerClientId}
        left join ${followupTypes} on ${followupTypes.id} = ${serviceRecords.typeId}
        left join ${producers} on ${producers.id} = ${serviceRecords.producerId}`,
      where: [
        typeCondition(criteria.followupType),
        producerFilter(scope, serviceRecords.producerId),
        ...periodFilters(followupDate, criteria),
        criteria.productType ? sql`${serviceRecords.category} = ${criteria.productType}` : undefined,
      ],
    };
  },
  sortExpressions: {
    dueDate: followupDate,
    createdDate: serviceRecords.createdDate,
    policyNo: policies.planNo,
    clientName: clients.fullName,
    amountDue: serviceRecords.amountDue,
    consultant: producers.name,
  },
  sortsWithoutLookups: ['dueDate', 'createdDate', 'amountDue'],
  idColumn: serviceRecords.id,
  toItem: (row: MissingPremiumRow, language) => ({
    followupId: toId(row.followupId),
    uniqueId: toText(row.uniqueId),
    type: followupTypeWord(language, toId(row.typeId), toText(row.typeName)),
    policyNo: toText(row.policyNo),
    clientName: toText(row.clientName),
    clientNo: toText(row.clientNo),
    productName: toText(row.productName),
    dueDate: toNullableText(row.dueDate),
    currency: toText(row.currency),
    amountDue: toDecimal(row.amountDue),
    createdDate: toText(row.createdDate),
    status: translator(language)(row.status === 'C' ? 'planReports.followupC' : 'planReports.followupO'),
    completedDate: toNullableText(row.completedDate),
    consultant: toText(row.consultant),
  }),
});
