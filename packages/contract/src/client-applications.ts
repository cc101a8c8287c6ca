import { z } from 'zod';
import { requirementStatusSchema, requirementTypeSchema } from './cases.js';
import { idSchema } from './lists/criteria.js';

/*
 * The client's application tracker (docs/client-area.md, "My applications"): each of the client's own applications as
 * a timeline of the stages it entered, what is still owed by the client, and an upload slot per item. Other parties'
 * items and the office's internal remarks never reach the client.
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One item the client provides: owed (outstanding, or rejected with the office's reason), or sent and in review. */
export const clientRequirementSchema = z.object({
  requirementId: z.number().int(),
  type: requirementTypeSchema,
  status: requirementStatusSchema,
  dueDate: isoDate.nullable(),
  /** The office's reason, on a rejected item only (what to send instead). */
  reason: z.string().nullable(),
  documentCount: z.number().int(),
});
export type ClientRequirement = z.infer<typeof clientRequirementSchema>;

export const clientApplicationSchema = z.object({
  id: z.number().int(),
  planNo: z.string().nullable(),
  productName: z.string().nullable(),
  category: z.string(),
  /** The day the office received the application (Hong Kong date). */
  receivedOn: isoDate,
  stage: z.number().int(),
  /** Each stage the application entered, oldest first, on the Hong Kong day it entered it. */
  timeline: z.array(z.object({ stage: z.number().int(), at: isoDate })),
  /** What the client still owes: outstanding or rejected items, the Hong Kong sales steps first. */
  outstanding: z.array(clientRequirementSchema.omit({ documentCount: true })),
  /** Every item the client provides, owed or not, in the checklist's order (sent items show as received). */
  clientItems: z.array(clientRequirementSchema),
  /** The last day the client may cancel (cooling-off), once the policy is delivered. */
  coolingOffEndsOn: isoDate.nullable(),
});
export type ClientApplication = z.infer<typeof clientApplicationSchema>;

export const clientApplicationListSchema = z.object({ data: z.array(clientApplicationSchema) });
export type ClientApplicationList = z.infer<typeof clientApplicationListSchema>;

/**
 * How long a finished application stays on the tracker: a cancelled one, or an issued one whose cooling-off has ended
 * (or that has none), for this many days after it entered its last stage.
 */
export const CLIENT_TRACKER_FINISHED_DAYS = 60;
/** At most this many applications on the tracker (a client has a handful; the bound keeps the query bounded). */
export const CLIENT_TRACKER_LIMIT = 50;

export const clientRequirementDocumentParamsSchema = z.object({ id: idSchema, requirementId: idSchema });

/** POST /b2c/applications/:id/requirements/:requirementId/documents (multipart, files only): the item's new state. */
export const clientRequirementUploadResultSchema = z.object({
  requirementId: z.number().int(),
  status: requirementStatusSchema,
  documentCount: z.number().int(),
});
export type ClientRequirementUploadResult = z.infer<typeof clientRequirementUploadResultSchema>;
