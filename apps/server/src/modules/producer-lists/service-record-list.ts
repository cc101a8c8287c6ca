import { type ProductCategory, type ServiceRecordCriteria, serviceRecordList } from '@portal/contract';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { followupTypes, serviceRecords } from '../../db/schema/index.js';
import { producerFilter } from '../../db/team-scope.js';
import { translator } from '../../i18n/index.js';
import { containsPattern, defineServerList } from '../../lists/index.js';
import { toId, toNullableText, toText } from '../../lists/row-values.js';
import { domainWords } from '../../render/domain-texts.js';
import { followupTypeSortKey, followupTypeWord } from './followup-type-words.js';

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
 * Service Records (docs/producer/lists.md, not on absg): follow-ups on the plans of the scope's producers (the record's
 * own producer). Keywords match the reference (unique id), and the plan's number, insured, owner name or AG number.
 */
export const serviceRecordServerList = defineServerList({
  contract: serviceRecordList,
  columns: {
    followupId: serviceRecords.id,
    uniqueId: serviceRecords.uniqueId,
    category: serviceRecords.category,
    policyNo: serviceRecords.planNo,
    productName: serviceRecords.productName,
    clientName: serviceRecords.clientName,
    insuredName: serviceRecords.insuredName,
    typeId: serviceRecords.typeId,
    typeName: followupTypes.name,
    status: serviceRecords.status,
    createdDate: sql`${serviceRecords.createdDate}::text`,
    completedDate: sql`${serviceRecords.completedDate}::text`,
    consultant: serviceRecords.consultantName,
  },
  source(scope, criteria) {
    const pattern = criteria.keywords ? containsPattern(criteria.keywords) : undefined;
    return {
      // The plan's number, insured, owner and product and the consultant are on the row (decision 039); only the
      // type's stored name (shown for a type the catalog does not word) is looked up, for the page's rows.
      from: sql`${serviceRecords}`,
      lookups: sql`left join ${followupTypes} on ${followupTypes.id} = ${serviceRecords.typeId}`,
      matchesFirst: pattern !== undefined,
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
        // The search document (reference, plan no., insured, owner name and AG number) through its trigram index.
        pattern ? sql`${serviceRecords.searchText} ilike ${pattern}` : undefined,
      ],
    };
  },
  sortExpressions: {
    createdDate: serviceRecords.createdDate,
    completedDate: serviceRecords.completedDate,
    uniqueId: serviceRecords.uniqueId,
    policyNo: serviceRecords.planNo,
    clientName: serviceRecords.clientName,
    insuredName: serviceRecords.insuredName,
    productName: serviceRecords.productName,
    type: followupTypeSortKey,
    status: serviceRecords.status,
    consultant: serviceRecords.consultantName,
    category: serviceRecords.category,
  },
  // Each sort has its index (service_records_list_*_idx): the sort key, the id, then the producer and the status.
  sortsWithoutLookups: [
    'createdDate',
    'completedDate',
    'uniqueId',
    'policyNo',
    'clientName',
    'insuredName',
    'productName',
    'type',
    'status',
    'consultant',
    'category',
  ],
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
