import {
  type Language,
  TRAINING_CATEGORIES,
  TRAINING_CATEGORY_LABELS,
  type TrainingCategory,
  trainingHistoryReport,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import { producers, producerTrainings } from '../../../../db/schema/index.js';
import { producerFilter } from '../../../../db/team-scope.js';
import { defineServerList } from '../../../../lists/index.js';
import { toId, toNullableText, toText } from '../../../../lists/row-values.js';
import { periodFilters } from '../../shared/plan-report-filters.js';

type TrainingRow = {
  trainingId: unknown;
  consultantCode: string;
  consultant: string;
  courseCode: string;
  courseTitle: string;
  courseProvider: string;
  category: string;
  completedOn: string;
  hours: unknown;
  certificateNo: string | null;
};

const categoryWord = (code: string, language: Language) =>
  TRAINING_CATEGORY_LABELS[code as TrainingCategory]?.[language] ?? code;

/** The category column sorts by the word the reader sees. */
function categorySortKey(language: Language) {
  const whens = TRAINING_CATEGORIES.map(
    (code) => sql`when ${code}::text then ${categoryWord(code, language)}::text`,
  );
  return sql`(case ${producerTrainings.category} ${sql.join(whens, sql` `)} else ${producerTrainings.category} end)`;
}

/**
 * Report 201 (docs/reports.md), training history: courses the scope's producers completed in the period (both ends
 * inclusive), newest first. Hours are printed with 2 decimals, so the period's total is the sum of the lines.
 * Walks producer_trainings by completion date with the producer checked from the same index.
 */
export const trainingHistoryServerReport = defineServerList({
  contract: trainingHistoryReport,
  columns: {
    trainingId: producerTrainings.id,
    consultantCode: producers.code,
    consultant: producers.name,
    courseCode: producerTrainings.courseCode,
    courseTitle: producerTrainings.courseTitle,
    courseProvider: producerTrainings.courseProvider,
    category: producerTrainings.category,
    completedOn: sql`${producerTrainings.completedOn}::text`,
    hours: sql`${producerTrainings.hours}::text`,
    certificateNo: producerTrainings.certificateNo,
  },
  source(scope, criteria) {
    return {
      from: sql`${producerTrainings}`,
      lookups: sql`left join ${producers} on ${producers.id} = ${producerTrainings.producerId}`,
      where: [
        producerFilter(scope, producerTrainings.producerId),
        ...periodFilters(producerTrainings.completedOn, criteria),
      ],
    };
  },
  sortExpressions: {
    completedOn: producerTrainings.completedOn,
    consultant: producers.name,
    courseCode: producerTrainings.courseCode,
    courseTitle: producerTrainings.courseTitle,
    category: categorySortKey,
    hours: producerTrainings.hours,
  },
  sortsWithoutLookups: ['completedOn', 'courseCode', 'courseTitle', 'category', 'hours'],
  idColumn: producerTrainings.id,
  toItem: (row: TrainingRow, language) => ({
    trainingId: toId(row.trainingId),
    consultantCode: toText(row.consultantCode),
    consultant: toText(row.consultant),
    courseCode: toText(row.courseCode),
    courseTitle: toText(row.courseTitle),
    courseProvider: toText(row.courseProvider),
    category: categoryWord(row.category, language),
    completedOn: toText(row.completedOn),
    hours: toText(row.hours),
    certificateNo: toNullableText(row.certificateNo),
  }),
});
