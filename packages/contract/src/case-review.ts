import { z } from 'zod';
import { requirementListSchema, requirementStatusSchema, requirementTypeSchema } from './cases.js';
import { idSchema, optionalCriterion, strictInt } from './lists/criteria.js';
import { UPLOAD_KINDS } from './uploads.js';

/*
 * The office's review of cases (docs/producer/cases.md, "The office's review"): the queue of items clients sent, a
 * case with its documents, and the decisions and stage changes of cases.ts. Staff with the Case Requirements menu.
 */

/** The queue holds what awaits the office: received, or taken under review. */
export const REVIEW_QUEUE_STATUSES = ['received', 'under_review'] as const;
export const REVIEW_QUEUE_PAGE_SIZE_MAX = 50;

/** Oldest first (the default: first come, first served), or newest first (what just came in). */
export const REVIEW_QUEUE_ORDERS = ['oldest', 'newest'] as const;

export const reviewQueueQuerySchema = z.object({
  status: optionalCriterion(z.enum(REVIEW_QUEUE_STATUSES)),
  order: z.enum(REVIEW_QUEUE_ORDERS).default('oldest'),
  page: strictInt(1, 100_000).default(1),
  sizePerPage: strictInt(1, REVIEW_QUEUE_PAGE_SIZE_MAX).default(20),
});
export type ReviewQueueQuery = z.output<typeof reviewQueueQuerySchema>;

export const reviewQueueItemSchema = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  planNo: z.string().nullable(),
  clientName: z.string().nullable(),
  producerCode: z.string(),
  type: requirementTypeSchema,
  status: requirementStatusSchema,
  /** When the item reached its status (the client's upload, or the start of the review). */
  statusChangedAt: z.string(),
  dueDate: z.string().nullable(),
  documentCount: z.number().int(),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;

export const reviewQueueSchema = z.object({
  data: z.array(reviewQueueItemSchema),
  totalSize: z.number().int().nonnegative(),
});
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

export const requirementDocumentSchema = z.object({
  /** The upload's id: the document's address under its requirement. */
  id: z.number().int(),
  fileName: z.string(),
  kind: z.enum(UPLOAD_KINDS),
  size: z.number().int(),
  uploadedAt: z.string(),
});
export type RequirementDocument = z.infer<typeof requirementDocumentSchema>;

/** GET /internal/applications/:id/requirements: the producer's checklist, the case's facts and every document. */
export const staffCaseSchema = requirementListSchema.extend({
  id: z.number().int(),
  planNo: z.string().nullable(),
  productName: z.string().nullable(),
  clientName: z.string().nullable(),
  producerCode: z.string(),
  /** Documents per requirement id (as a string key), oldest first. */
  documents: z.record(z.string(), z.array(requirementDocumentSchema)),
});
export type StaffCase = z.infer<typeof staffCaseSchema>;

export const requirementDocumentParamsSchema = z.object({ id: idSchema, documentId: idSchema });
