import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { storedFiles } from '../db/schema/index.js';

export interface StoredFile {
  contentType: string;
  size: number;
  /** Hex SHA-256 of the content, usable as a strong ETag. */
  sha256: string;
  body: Readable;
}

/**
 * Where downloadable files live. Keys are path-like ("forms/afs/en/claim.pdf"); tables reference them by key.
 * The default implementation keeps them in PostgreSQL so any server process can serve any file.
 */
export interface FileStore {
  /** Creates or replaces the file under `key`. */
  put(key: string, contentType: string, data: Buffer | Readable): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  exists(key: string): Promise<boolean>;
}

/** Files larger than this are refused: a bytea row is read whole, and statements and forms are far smaller. */
export const MAX_STORED_FILE_BYTES = 64 * 1024 * 1024;

async function toBuffer(data: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(data)) return data;
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of data) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    total += buf.length;
    if (total > MAX_STORED_FILE_BYTES) throw new Error(`file exceeds ${MAX_STORED_FILE_BYTES} bytes`);
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/** One row of stored_files, ready to insert; shared with the seeders' bulk inserts. */
export function storedFileRow(key: string, contentType: string, data: Buffer) {
  if (!key || key.length > 512 || key.startsWith('/') || key.includes('..')) {
    throw new Error(`invalid file key "${key}"`);
  }
  return {
    key,
    contentType,
    byteSize: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
    data,
  };
}

export function createDbFileStore(db: Db): FileStore {
  return {
    async put(key, contentType, data) {
      const row = storedFileRow(key, contentType, await toBuffer(data));
      await db
        .insert(storedFiles)
        .values(row)
        .onConflictDoUpdate({
          target: storedFiles.key,
          set: {
            contentType: row.contentType,
            byteSize: row.byteSize,
            sha256: row.sha256,
            data: row.data,
            createdAt: sql`now()`,
          },
        });
    },

    async get(key) {
      const [row] = await db
        .select({
          contentType: storedFiles.contentType,
          size: storedFiles.byteSize,
          sha256: storedFiles.sha256,
          data: storedFiles.data,
        })
        .from(storedFiles)
        .where(eq(storedFiles.key, key))
        .limit(1);
      if (!row) return null;
      return {
        contentType: row.contentType,
        size: row.size,
        sha256: row.sha256,
        body: Readable.from([row.data]),
      };
    },

    async exists(key) {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(storedFiles)
        .where(eq(storedFiles.key, key))
        .limit(1);
      return !!row;
    },
  };
}
