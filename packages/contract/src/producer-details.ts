import { z } from 'zod';
import { idSchema } from './lists/criteria.js';
import { clientCriteriaSchema } from './producer-lists.js';
import { statementBundleQuerySchema } from './statements.js';

/*
 * Producer detail modals, client documents and producer statement bundles (docs/producer/details.md). The detail
 * routes take `idParamsSchema` (lists/criteria.ts) and answer an HTML fragment or a PDF.
 */

/** A statement account number as the Clients list shows it (letters, digits, a few separators). */
export const accountNoSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'invalid');

/** GET /b2b/clients/list_document?account_no=… */
export const listDocumentQuerySchema = z.object({ account_no: accountNoSchema });

/** GET /b2b/clients/download_document?account_no=…&file=… (`file` = a file node's filePath, i.e. its id). */
export const downloadDocumentQuerySchema = z.object({ account_no: accountNoSchema, file: idSchema });

/** One node of a client's document tree: folders have children; `filePath` is the node id. */
export interface DocumentNode {
  text: string;
  filePath: string;
  kind: 'folder' | 'file';
  children: DocumentNode[];
}
export const documentNodeSchema: z.ZodType<DocumentNode> = z.lazy(() =>
  z.object({
    text: z.string(),
    filePath: z.string(),
    kind: z.enum(['folder', 'file']),
    children: z.array(documentNodeSchema),
  }),
);
export const documentTreeSchema = z.array(documentNodeSchema);

/**
 * GET /statement/download_pdf|download_zip as a producer sends it for the selected clients: `party_ids` plus the
 * current Clients search, without page and size. Only selectedProducerId and includedTeam matter (they
 * narrow whose accounts may be read); the other fields are validated like the list's and otherwise ignored.
 */
export const producerStatementBundleQuerySchema = clientCriteriaSchema
  .omit({ page: true, sizePerPage: true })
  .extend(statementBundleQuerySchema.shape);
export type ProducerStatementBundleQuery = z.output<typeof producerStatementBundleQuerySchema>;
