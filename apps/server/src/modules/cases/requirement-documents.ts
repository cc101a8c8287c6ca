import { count, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { requirementDocuments } from '../../db/schema/index.js';

/*
 * The documents sent for requirements (migration 0051): each links one upload (docs/uploads.md) to the item it
 * answers.
 */

/** How many documents each requirement has on record (requirement_documents_pk). */
export async function countDocuments(db: Db, requirementIds: number[]): Promise<Map<number, number>> {
  if (requirementIds.length === 0) return new Map();
  const rows = await db
    .select({ requirementId: requirementDocuments.requirementId, documents: count() })
    .from(requirementDocuments)
    .where(inArray(requirementDocuments.requirementId, requirementIds))
    .groupBy(requirementDocuments.requirementId);
  return new Map(rows.map((r) => [r.requirementId, Number(r.documents)]));
}

/** Links stored uploads to a requirement; in the upload's transaction. */
export async function linkDocuments(tx: Db, requirementId: number, uploadIds: number[]): Promise<void> {
  if (uploadIds.length === 0) return;
  await tx.insert(requirementDocuments).values(uploadIds.map((uploadId) => ({ requirementId, uploadId })));
}
