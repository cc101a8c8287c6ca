import { newBusinessStatusReport } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { applications } from '../../../../db/schema/index.js';
import { defineServerList } from '../../../../lists/index.js';
import { toDecimal } from '../../../../lists/row-values.js';
import { frequencyLabel, statementTexts } from '../../../../render/statement-texts.js';
import {
  type ApplicationRow,
  annualizedPremium,
  applicationColumns,
  applicationFilters,
  applicationFrom,
  applicationItem,
  applicationLookups,
  applicationSorts,
  daysInStage,
  stageSince,
} from '../../shared/application-report-sql.js';

type NewBusinessStatusRow = ApplicationRow & {
  stageSince: unknown;
  daysInStage: unknown;
  paymentFrequency: unknown;
  modalPremium: unknown;
  annualizedPremium: unknown;
};

/**
 * Report 3: the scope's applications of the period with stage, status and premium (docs/reports.md). The period
 * reads the chosen date basis through the per-producer date indexes; the stage history is read for the page only.
 */
export const newBusinessStatusServerReport = defineServerList({
  contract: newBusinessStatusReport,
  columns: {
    ...applicationColumns,
    stageSince: sql`${stageSince}::text`,
    daysInStage,
    paymentFrequency: applications.paymentFrequency,
    modalPremium: sql`${applications.modalPremium}::text`,
    annualizedPremium: sql`round(${annualizedPremium}, 2)::text`,
  },
  source: (scope, criteria) => ({
    from: applicationFrom,
    lookups: applicationLookups,
    where: applicationFilters(scope, criteria),
  }),
  sortExpressions: { ...applicationSorts, modalPremium: applications.modalPremium },
  sortsWithoutLookups: ['receivedDate', 'sentDate', 'commenceDate', 'policyNo', 'stage', 'modalPremium'],
  idColumn: applications.id,
  toItem: (row: NewBusinessStatusRow, language) => ({
    ...applicationItem(row, language),
    stageSince: toDecimal(row.stageSince),
    daysInStage: row.daysInStage === null ? null : Number(row.daysInStage),
    paymentFrequency: frequencyLabel(statementTexts(language), toDecimal(row.paymentFrequency)),
    modalPremium: toDecimal(row.modalPremium),
    annualizedPremium: toDecimal(row.annualizedPremium),
  }),
});
