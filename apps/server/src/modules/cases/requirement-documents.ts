import type { Db } from '../../db/client.js';

/**
 * Documents attached to requirements. Until the shared upload store is on file, an item has none on record; the
 * counts come from the upload table once it is (docs/producer/cases.md).
 */
export async function countDocuments(_db: Db, requirementIds: number[]): Promise<Map<number, number>> {
  return new Map(requirementIds.map((id) => [id, 0]));
}
