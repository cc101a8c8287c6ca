import { UPLOAD_KINDS } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, inList, refId } from './columns.js';
import { users } from './identity.js';

/** node-postgres hands back a Buffer, PGlite a Uint8Array; both become a Buffer here. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Downloadable files (statements, documents, forms, commission statements). They live in PostgreSQL so server
 * processes stay stateless; other tables point at them by `key`, a path-like name such as
 * `statements/provider/P10000001-2025-05.pdf`.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: idColumn(),
    key: text('key').notNull().unique('stored_files_key_uq'),
    contentType: text('content_type').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    /** Hex SHA-256 of the bytes: an ETag, and a check that what comes out is what went in. */
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('stored_files_size_ck', sql`${t.byteSize} = octet_length(${t.data})`),
    check('stored_files_sha256_ck', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * Files people uploaded (docs/uploads.md): who sent them, under what name, and what the bytes turned out to be. The
 * bytes live in stored_files; the feature that accepted the upload links to its row (a message's attachment, a
 * requirement's document), so one upload mechanism serves them all and every upload can be traced to its sender.
 */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: idColumn(),
    fileKey: text('file_key')
      .notNull()
      .references(() => storedFiles.key, { onDelete: 'restrict' }),
    uploadedByUserId: refId('uploaded_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The name the sender's device gave the file, cleaned for display and downloads. */
    fileName: text('file_name').notNull(),
    /** What the bytes are (pdf, jpeg, png, csv, xlsx), found from the bytes themselves. */
    kind: text('kind').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('uploaded_files_file_key_uq').on(t.fileKey),
    index('uploaded_files_uploader_idx').on(t.uploadedByUserId, t.createdAt),
    check('uploaded_files_kind_ck', inList(t.kind, UPLOAD_KINDS)),
  ],
);
