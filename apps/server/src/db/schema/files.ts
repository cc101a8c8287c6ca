import { sql } from 'drizzle-orm';
import { bigint, check, customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn } from './columns.js';

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
