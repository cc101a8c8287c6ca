import { Readable } from 'node:stream';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { storedFiles } from '../../../db/schema/index.js';
import { XLSX_CONTENT_TYPE } from '../../../exports/send-xlsx.js';
import { storedFileRow } from '../../../files/file-store.js';

/**
 * A background export's file lives in `stored_files` (decision 026), so the process that wrote it and the one that
 * serves the download need not be the same. It is cut into parts of EXPORT_PART_BYTES, one row each, keyed
 * `report-exports/<job id>/<part number>`: neither writing nor reading ever holds more than one part in memory (a
 * 100 000-row workbook is several megabytes; a single bytea value is read whole). Parts are written in order from 0,
 * so the parts of a job are always numbers 0 to n-1, and the first number missing marks the end: every lookup below
 * is by exact key on `stored_files_key_uq`, whatever the database's collation (a prefix LIKE would not use it).
 */
export const EXPORT_PART_BYTES = 1024 * 1024;

/** Keys asked for at once while walking a job's parts. */
const KEYS_PER_QUERY = 64;

export const exportPartKey = (jobId: string, part: number) =>
  `report-exports/${jobId}/${String(part).padStart(5, '0')}`;

/**
 * Stores `body` as the parts of `jobId`'s file; resolves once the last part is in. Each part is inserted before the
 * next bytes are read, so the render thread writes no faster than the database takes them.
 */
export async function storeExportFile(db: Db, jobId: string, body: AsyncIterable<Buffer | Uint8Array>) {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let part = 0;
  const insertPart = async (data: Buffer) => {
    await db.insert(storedFiles).values(storedFileRow(exportPartKey(jobId, part), XLSX_CONTENT_TYPE, data));
    part++;
  };
  for await (const chunk of body) {
    pending.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    pendingBytes += chunk.length;
    while (pendingBytes >= EXPORT_PART_BYTES) {
      const joined = Buffer.concat(pending);
      await insertPart(joined.subarray(0, EXPORT_PART_BYTES));
      pending = [joined.subarray(EXPORT_PART_BYTES)];
      pendingBytes = joined.length - EXPORT_PART_BYTES;
    }
  }
  if (pendingBytes > 0 || part === 0) await insertPart(Buffer.concat(pending));
}

/** The keys and sizes of `jobId`'s parts, in order; empty when it has none (never written, or deleted). */
export async function exportFileParts(db: Db, jobId: string): Promise<{ key: string; size: number }[]> {
  const parts: { key: string; size: number }[] = [];
  for (;;) {
    const keys = Array.from({ length: KEYS_PER_QUERY }, (_, i) => exportPartKey(jobId, parts.length + i));
    const rows = await db
      .select({ key: storedFiles.key, size: storedFiles.byteSize })
      .from(storedFiles)
      .where(inArray(storedFiles.key, keys));
    const found = new Map(rows.map((r) => [r.key, r.size]));
    for (const key of keys) {
      const size = found.get(key);
      if (size === undefined) return parts;
      parts.push({ key, size });
    }
  }
}

/** The file of a finished job, streamed part by part (each part read when the response wants more bytes). */
export async function openExportFile(
  db: Db,
  jobId: string,
): Promise<{ size: number; body: Readable } | undefined> {
  const parts = await exportFileParts(db, jobId);
  if (parts.length === 0) return undefined;
  async function* read() {
    for (const { key } of parts) {
      const [row] = await db
        .select({ data: storedFiles.data })
        .from(storedFiles)
        .where(eq(storedFiles.key, key))
        .limit(1);
      // Deleted meanwhile (the retention ran out mid-download): end with an error, never a shorter file.
      if (!row) throw new Error(`export part ${key} disappeared while it was being sent`);
      yield row.data;
    }
  }
  return {
    size: parts.reduce((sum, p) => sum + p.size, 0),
    body: Readable.from(read(), { objectMode: false }),
  };
}

/** Deletes `jobId`'s parts (none is fine); answers how many went. */
export async function deleteExportFile(db: Db, jobId: string): Promise<number> {
  let deleted = 0;
  for (;;) {
    const keys = Array.from({ length: KEYS_PER_QUERY }, (_, i) => exportPartKey(jobId, deleted + i));
    const rows = await db
      .delete(storedFiles)
      .where(inArray(storedFiles.key, keys))
      .returning({ key: storedFiles.key });
    deleted += rows.length;
    if (rows.length < KEYS_PER_QUERY) return deleted;
  }
}

/** Jobs created before `cutoff` whose file is still stored (its first part exists). */
export async function jobsWithFilesBefore(db: Db, cutoff: Date): Promise<string[]> {
  const result = (await db.execute(sql`
    select j.id::text as id from report_export_jobs j
     where j.created_at < ${cutoff}
       and exists (select 1 from stored_files f where f.key = 'report-exports/' || j.id::text || '/00000')`)) as unknown as {
    rows: { id: string }[];
  };
  return result.rows.map((r) => r.id);
}
