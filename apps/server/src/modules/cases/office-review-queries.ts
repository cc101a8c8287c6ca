import {
  REVIEW_QUEUE_STATUSES,
  type RequirementDocument,
  type RequirementStatus,
  type RequirementType,
  type ReviewQueueQuery,
  type SiteCode,
  type UploadKind,
} from '@portal/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  applicationRequirements,
  applications,
  producers,
  requirementDocuments,
  uploadedFiles,
} from '../../db/schema/index.js';

/*
 * SQL of the office's review (docs/producer/cases.md). Every query is bound to the staff member's site.
 */

const queueStatuses = (query: ReviewQueueQuery) =>
  query.status ? [query.status] : [...REVIEW_QUEUE_STATUSES];

/**
 * One page of the queue, oldest or newest first (application_requirements_review_idx: site, status_changed_at, id, on the
 * received and under-review items only), with its total.
 */
export async function selectReviewQueue(db: Db, siteCode: SiteCode, query: ReviewQueueQuery) {
  const where = and(
    eq(applicationRequirements.siteCode, siteCode),
    // The index's own predicate, so the planner can use it; the status filter narrows within it.
    sql`${applicationRequirements.status} in ('received', 'under_review')`,
    inArray(applicationRequirements.status, queueStatuses(query)),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: applicationRequirements.id,
        applicationId: applicationRequirements.applicationId,
        planNo: applications.policyNo,
        clientName: applications.clientName,
        producerCode: producers.code,
        type: sql<RequirementType>`${applicationRequirements.typeCode}`,
        status: sql<RequirementStatus>`${applicationRequirements.status}`,
        statusChangedAt: applicationRequirements.statusChangedAt,
        dueDate: sql<string | null>`${applicationRequirements.dueDate}::text`,
        documentCount: sql<number>`(select count(*)::int from ${requirementDocuments}
          where ${requirementDocuments.requirementId} = ${applicationRequirements.id})`,
      })
      .from(applicationRequirements)
      .innerJoin(applications, eq(applications.id, applicationRequirements.applicationId))
      .innerJoin(producers, eq(producers.id, applications.producerId))
      .where(where)
      .orderBy(
        ...(query.order === 'newest'
          ? [desc(applicationRequirements.statusChangedAt), desc(applicationRequirements.id)]
          : [asc(applicationRequirements.statusChangedAt), asc(applicationRequirements.id)]),
      )
      .limit(query.sizePerPage)
      .offset((query.page - 1) * query.sizePerPage),
    db.select({ n: count() }).from(applicationRequirements).where(where),
  ]);
  return { rows, totalSize: Number(total?.n ?? 0) };
}

/** The facts of a case the office's screen heads its checklist with. */
export async function selectCaseFacts(db: Db, applicationId: number) {
  const [row] = await db
    .select({
      planNo: applications.policyNo,
      productName: applications.productName,
      clientName: applications.clientName,
      producerCode: producers.code,
    })
    .from(applications)
    .innerJoin(producers, eq(producers.id, applications.producerId))
    .where(eq(applications.id, applicationId))
    .limit(1);
  return row;
}

/** The documents of these requirements, oldest first per item (requirement_documents_pk). */
export async function selectDocuments(
  db: Db,
  requirementIds: number[],
): Promise<Map<number, RequirementDocument[]>> {
  const byItem = new Map<number, RequirementDocument[]>();
  if (requirementIds.length === 0) return byItem;
  const rows = await db
    .select({
      requirementId: requirementDocuments.requirementId,
      id: uploadedFiles.id,
      fileName: uploadedFiles.fileName,
      kind: uploadedFiles.kind,
      size: uploadedFiles.byteSize,
      uploadedAt: uploadedFiles.createdAt,
    })
    .from(requirementDocuments)
    .innerJoin(uploadedFiles, eq(uploadedFiles.id, requirementDocuments.uploadId))
    .where(inArray(requirementDocuments.requirementId, requirementIds))
    .orderBy(asc(uploadedFiles.createdAt), asc(uploadedFiles.id));
  for (const row of rows) {
    const list = byItem.get(row.requirementId) ?? [];
    list.push({
      id: row.id,
      fileName: row.fileName,
      kind: row.kind as UploadKind,
      size: row.size,
      uploadedAt: row.uploadedAt.toISOString(),
    });
    byItem.set(row.requirementId, list);
  }
  return byItem;
}

/** Whether a document belongs to a requirement of the site (the download's access check). */
export async function documentOfSite(
  db: Db,
  siteCode: SiteCode,
  requirementId: number,
  uploadId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ uploadId: requirementDocuments.uploadId })
    .from(requirementDocuments)
    .innerJoin(applicationRequirements, eq(applicationRequirements.id, requirementDocuments.requirementId))
    .where(
      and(
        eq(requirementDocuments.requirementId, requirementId),
        eq(requirementDocuments.uploadId, uploadId),
        eq(applicationRequirements.siteCode, siteCode),
      ),
    )
    .limit(1);
  return row !== undefined;
}
