import { transferInReport } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { applications } from '../../../../db/schema/index.js';
import { defineServerList } from '../../../../lists/index.js';
import { toDecimal, toNullableText } from '../../../../lists/row-values.js';
import {
  type ApplicationRow,
  applicationColumns,
  applicationFilters,
  applicationFrom,
  applicationItem,
  applicationLookups,
  applicationSorts,
} from '../../shared/application-report-sql.js';

type TransferInRow = ApplicationRow & { transferFrom: unknown; transferAmount: unknown };

/**
 * Report 5: the scope's transfer-in applications (action TI) of the period, with the same scope, period, status
 * and product type rules as report 3; product type MPF gives the MPF scheme transfers alone.
 */
export const transferInServerReport = defineServerList({
  contract: transferInReport,
  columns: {
    ...applicationColumns,
    transferFrom: applications.transferFrom,
    transferAmount: sql`${applications.transferAmount}::text`,
  },
  source: (scope, criteria) => ({
    from: applicationFrom,
    lookups: applicationLookups,
    where: [...applicationFilters(scope, criteria), sql`${applications.actionType} = 'TI'`],
  }),
  sortExpressions: {
    receivedDate: applicationSorts.receivedDate,
    sentDate: applicationSorts.sentDate,
    policyNo: applicationSorts.policyNo,
    clientName: applicationSorts.clientName,
    productName: applicationSorts.productName,
    transferAmount: applications.transferAmount,
    consultant: applicationSorts.consultant,
  },
  sortsWithoutLookups: ['receivedDate', 'sentDate', 'policyNo', 'transferAmount'],
  idColumn: applications.id,
  toItem: (row: TransferInRow, language) => {
    const { action: _action, ...item } = applicationItem(row, language);
    return {
      ...item,
      transferFrom: toNullableText(row.transferFrom),
      transferAmount: toDecimal(row.transferAmount),
    };
  },
});
