import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refId } from './columns.js';
import { storedFiles } from './files.js';
import { clients } from './parties.js';

/**
 * Client documents as a tree of folders and files per account number (the producer's "documents" modal).
 * Files point at stored_files; the tree node's filePath is the node id, never a storage path.
 */
export const clientDocuments = pgTable(
  'client_documents',
  {
    id: idColumn(),
    clientId: refId('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    accountNo: text('account_no').notNull(),
    parentId: refId('parent_id').references((): AnyPgColumn => clientDocuments.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    fileKey: text('file_key').references(() => storedFiles.key, { onUpdate: 'cascade' }),
    sortOrder: smallint('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('client_documents_account_idx').on(t.accountNo, t.parentId),
    index('client_documents_client_idx').on(t.clientId),
    uniqueIndex('client_documents_sibling_name_uq').on(t.accountNo, sql`coalesce(${t.parentId}, 0)`, t.name),
    check('client_documents_kind_ck', sql`${t.kind} in ('folder', 'file')`),
    check('client_documents_file_ck', sql`(${t.kind} = 'file') = (${t.fileKey} is not null)`),
  ],
);
