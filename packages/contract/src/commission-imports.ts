import { z } from 'zod';
import { decimalStringSchema } from './decimal.js';
import { idSchema, optionalCriterion, strictInt } from './lists/criteria.js';
import { safeText } from './text.js';

/*
 * Insurer statement import (docs/internal/commission-import.md, decision 056), staff with "Commission reconciliation":
 *   POST /internal/commission-imports (multipart: file, insurer)      → CommissionImportPreview (nothing posted yet)
 *   GET  /internal/commission-imports/{id}/lines?status&page          → the preview's lines
 *   POST /internal/commission-imports/{id}/post                       → { posted } (idempotent)
 *   GET  /internal/commission-import-templates/{insurer}              → the insurer's current mapping template
 *   PATCH /internal/commission-import-templates/{insurer}              → a new version of it
 */

/** The fields a statement's columns are mapped to. `reference` (the insurer's line id) is optional. */
export const IMPORT_FIELDS = [
  'policyNo',
  'producerCode',
  'statementDate',
  'amount',
  'currency',
  'reference',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const REQUIRED_IMPORT_FIELDS = ['policyNo', 'statementDate', 'amount', 'currency'] as const;

/** Date layouts a template may name. */
export const IMPORT_DATE_FORMATS = [
  'YYYY-MM-DD',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'YYYY/MM/DD',
  'DD.MM.YYYY',
] as const;
/** Number layouts: 1,234.56 or 1.234,56 (or plain). */
export const IMPORT_NUMBER_FORMATS = ['1,234.56', '1.234,56'] as const;

export const IMPORT_LINE_STATUSES = ['matched', 'unmatched', 'duplicate'] as const;
export type ImportLineStatus = (typeof IMPORT_LINE_STATUSES)[number];

/** A file of more lines than this is refused (the preview is kept whole in the database). */
export const IMPORT_MAX_LINES = 200_000;

const columnName = safeText().trim().min(1).max(100);

export const importTemplateMappingSchema = z.object({
  /** Statement column heading → field. Every required field must be mapped once. */
  columns: z.object({
    policyNo: columnName,
    producerCode: columnName.optional(),
    statementDate: columnName,
    amount: columnName,
    currency: columnName,
    reference: columnName.optional(),
  }),
  dateFormat: z.enum(IMPORT_DATE_FORMATS),
  numberFormat: z.enum(IMPORT_NUMBER_FORMATS),
  /** CSV field separator. */
  delimiter: z.enum([',', ';', '\t', '|']).default(','),
  /** How far a line's amount may be from the expected pay-in, in percent, and still match. */
  tolerancePercent: z
    .string()
    .regex(/^\d{1,2}(\.\d{1,2})?$/)
    .default('5'),
});
export type ImportTemplateMapping = z.infer<typeof importTemplateMappingSchema>;

export const insurerParamsSchema = z.object({
  insurer: z.string().regex(/^[A-Z0-9]{2,10}$/, 'invalidInsurer'),
});

export const importTemplateSchema = z.object({
  insurer: z.string(),
  insurerName: z.string(),
  version: z.number().int(),
  mapping: importTemplateMappingSchema,
  updatedAt: z.string(),
});
export type ImportTemplate = z.infer<typeof importTemplateSchema>;

export const importTemplateUpdateSchema = z.object({
  /** The version edited: a stale edit is refused (409). */
  version: strictInt(1, 1_000_000),
  mapping: importTemplateMappingSchema,
});

export const commissionImportPreviewSchema = z.object({
  id: z.number().int(),
  insurer: z.string(),
  fileName: z.string(),
  lineCount: z.number().int(),
  matched: z.number().int(),
  unmatched: z.number().int(),
  duplicates: z.number().int(),
  /** matched ÷ lines, 0–1 (4 decimals). */
  matchRate: z.number(),
  status: z.enum(['previewed', 'posted']),
  templateVersion: z.number().int(),
});
export type CommissionImportPreview = z.infer<typeof commissionImportPreviewSchema>;

export const importIdParamsSchema = z.object({ id: idSchema });

export const importLinesQuerySchema = z.object({
  status: optionalCriterion(z.enum(IMPORT_LINE_STATUSES)),
  page: strictInt(1, 100_000).default(1),
  sizePerPage: strictInt(1, 100).default(20),
});

export const importLineSchema = z.object({
  lineNo: z.number().int(),
  policyNo: z.string(),
  producerCode: z.string().nullable(),
  statementDate: z.string(),
  amount: decimalStringSchema,
  currency: z.string(),
  status: z.enum(IMPORT_LINE_STATUSES),
  /** Why a line did not match (a message key: policyNotFound, producerMismatch, noExpectedPayin, outsideTolerance, alreadyPosted, repeatedInFile). */
  reason: z.string().nullable(),
  expectedAmount: decimalStringSchema.nullable(),
});
export type ImportLine = z.infer<typeof importLineSchema>;

export const importLinesSchema = z.object({
  data: z.array(importLineSchema),
  totalSize: z.number().int().nonnegative(),
});

export const importPostedSchema = z.object({ posted: z.number().int().nonnegative() });

/** A refused file: the problems by line number (at most IMPORT_MAX_ERRORS of them). */
export const IMPORT_MAX_ERRORS = 50;
export const importFileErrorSchema = z.object({
  line: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
