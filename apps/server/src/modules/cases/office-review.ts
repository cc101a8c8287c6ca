import type { ReviewQueue, ReviewQueueQuery, SiteCode, StaffCase } from '@portal/contract';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import { sendUpload } from '../../files/index.js';
import { HttpError } from '../../plugins/errors.js';
import { checklistOf } from './list-requirements.js';
import {
  documentOfSite,
  selectCaseFacts,
  selectDocuments,
  selectReviewQueue,
} from './office-review-queries.js';
import { selectCaseApplication } from './queries.js';

/** A staff member with the Case Requirements menu, on their site. */
export interface OfficeCaller {
  userId: number;
  siteCode: SiteCode;
}

/** GET /internal/requirements: what clients sent and the office has not decided, oldest first. */
export async function listReviewQueue(
  db: Db,
  who: OfficeCaller,
  query: ReviewQueueQuery,
): Promise<ReviewQueue> {
  const { rows, totalSize } = await selectReviewQueue(db, who.siteCode, query);
  return {
    data: rows.map((row) => ({ ...row, statusChangedAt: row.statusChangedAt.toISOString() })),
    totalSize,
  };
}

/**
 * GET /internal/applications/{id}/requirements: a case of the staff member's site with its checklist (the producer's
 * own) and every document sent for it. Another site's case is a 404 like an unknown one.
 */
export async function loadStaffCase(db: Db, who: OfficeCaller, applicationId: number): Promise<StaffCase> {
  const app = await selectCaseApplication(db, applicationId, who.siteCode);
  if (!app) throw new HttpError(404, 'errors.notFound');
  const [checklist, facts] = await Promise.all([checklistOf(db, app), selectCaseFacts(db, app.id)]);
  if (!facts) throw new HttpError(404, 'errors.notFound');
  const documents = await selectDocuments(
    db,
    checklist.data.map((item) => item.id),
  );
  return {
    ...checklist,
    id: app.id,
    ...facts,
    documents: Object.fromEntries([...documents].map(([id, list]) => [String(id), list])),
  };
}

/**
 * GET /internal/requirements/{id}/documents/{documentId}: one document of a requirement of the site, as an attachment
 * (docs/uploads.md). Opening a client's document is audited: the office reads identity papers.
 */
export async function sendRequirementDocument(
  reply: FastifyReply,
  db: Db,
  who: OfficeCaller,
  ids: { requirementId: number; documentId: number },
  now: Date,
) {
  if (!(await documentOfSite(db, who.siteCode, ids.requirementId, ids.documentId))) {
    throw new HttpError(404, 'errors.notFound');
  }
  await db.insert(auditLog).values({
    siteCode: who.siteCode,
    userId: who.userId,
    action: 'cases.document_opened',
    at: now,
    details: { requirementId: ids.requirementId, uploadId: ids.documentId },
  });
  return sendUpload(reply, db, ids.documentId);
}
