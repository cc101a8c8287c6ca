import { type ProductCategory, type ServiceRecordCriteria, serviceRecordList } from '@portal/contract';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { planCatalogJoins } from '../../db/plan-catalog.js';
import {
  clients,
  followupTypes,
  policies,
  producers,
  products,
  serviceRecords,
} from '../../db/schema/index.js';
import { producerFilter } from '../../db/team-scope.js';
import { translator } from '../../i18n/index.js';
import { containsPattern, defineServerList } from '../../lists/index.js';
import { toId, toNullableText, toText } from '../../lists/row-values.js';
import { domainWords } from '../../render/domain-texts.js';
import { followupTypeSortKey, followupTypeWord } from './followup-type-words.js';
import { planIdMatches, planMatches } from './keyword-filters.js';

/**
 * Written as literals (from the validated enum, never the request's text) so the default search, open records,
 * matches the partial index service_records_open_created_idx.
 */
function statusFilter(status: ServiceRecordCriteria['statusOptions']): SQL | undefined {
  if (status === 'O') return sql`${serviceRecords.status} = 'O'`;
  if (status === 'C') return sql`${serviceRecords.status} = 'C'`;
  return undefined;
}

type ServiceRecordRow = {
  followupId: unknown;
  uniqueId: string;
  category: string;
  policyNo: string;
  productName: string;
  clientName: string;
  insuredName: string;
  typeId: unknown;
  typeName: string;
  status: string;
  createdDate: string;
  completedDate: string | null;
  consultant: string;
};

/**
 * Service Records (spec 1 §2, not on absg): follow-ups on the plans of the scope's producers (the record's own
 * producer). Keywords match the reference (unique id), and the plan's number, insured, owner name or AG number.
 */
export const serviceRecordServerList = defineServerList({
  contract: serviceRecordList,
  columns: {
    followupId: serviceRecords.id,
    uniqueId: serviceRecords.uniqueId,
    category: serviceRecords.category,
    policyNo: policies.planNo,
    productName: products.name,
    clientName: clients.fullName,
    insuredName: policies.insuredName,
    typeId: serviceRecords.typeId,
    typeName: followupTypes.name,
    status: serviceRecords.status,
    createdDate: sql`${serviceRecords.createdDate}::text`,
    completedDate: sql`${serviceRecords.completedDate}::text`,
    consultant: producers.name,
  },
  source(scope, criteria) {
    const pattern = criteria.keywords ? containsPattern(criteria.keywords) : undefined;
    return {
      from: sql`${serviceRecords}`,
      lookups: sql`left join ${policies} on ${policies.id} = ${serviceRecords.policyId}
        ${planCatalogJoins}
        left join ${clients} on ${clients.id} = ${policies.ownerClientId}
        left join ${followupTypes} on ${followupTypes.id} = ${serviceRecords.typeId}
        left join ${producers} on ${producers.id} = ${serviceRecords.producerId}`,
      where: [
        producerFilter(scope, serviceRecords.producerId),
        statusFilter(criteria.statusOptions),
        criteria.typeOptions && criteria.typeOptions.length > 0
          ? inArray(serviceRecords.typeId, [...new Set(criteria.typeOptions)])
          : undefined,
        criteria.createdFrom
          ? sql`${serviceRecords.createdDate} >= ${criteria.createdFrom}::date`
          : undefined,
        criteria.createdTo ? sql`${serviceRecords.createdDate} <= ${criteria.createdTo}::date` : undefined,
        criteria.completedFrom
          ? sql`${serviceRecords.completedDate} >= ${criteria.completedFrom}::date`
          : undefined,
        criteria.completedTo
          ? sql`${serviceRecords.completedDate} <= ${criteria.completedTo}::date`
          : undefined,
        pattern
          ? sql`(${serviceRecords.uniqueId} ilike ${pattern}
              or ${
                scope.small
                  ? planMatches(scope.caller.siteCode, pattern, serviceRecords.policyId)
                  : planIdMatches(scope.caller.siteCode, criteria.keywords ?? '', serviceRecords.policyId)
              })`
          : undefined,
      ],
    };
  },
  sortExpressions: {
    createdDate: serviceRecords.createdDate,
    completedDate: serviceRecords.completedDate,
    uniqueId: serviceRecords.uniqueId,
    policyNo: policies.planNo,
    clientName: clients.fullName,
    insuredName: policies.insuredName,
    productName: products.name,
    type: followupTypeSortKey,
    status: serviceRecords.status,
    consultant: producers.name,
    category: serviceRecords.category,
  },
  sortsWithoutLookups: ['createdDate', 'completedDate', 'uniqueId', 'status', 'category'],
  idColumn: serviceRecords.id,
  toItem: (row: ServiceRecordRow, language) => ({
    uniqueId: toText(row.uniqueId),
    followupId: toId(row.followupId),
    category: row.category as ProductCategory,
    policyNo: toText(row.policyNo),
    productName: toText(row.productName),
    clientName: toText(row.clientName),
    insuredName: toText(row.insuredName),
    type: followupTypeWord(language, toId(row.typeId), toText(row.typeName)),
    status: row.status === 'C' ? ('C' as const) : ('O' as const),
    createdDate: toText(row.createdDate),
    completedDate: toNullableText(row.completedDate),
    consultant: toText(row.consultant),
  }),
  // The screen words the record type and the status from its catalogs; the spreadsheet gets the same words.
  exportCells: (item, language) => ({
    category: domainWords(language).productCategory(item.category),
    status: translator(language)(item.status === 'C' ? 'details.statusC' : 'details.statusO'),
  }),
});
