import type { DocumentNode } from '@portal/contract';
import { selectServicingProducers } from '../../db/access-scopes.js';
import { auditTeamView, resolveTeamScope } from '../../db/team-scope.js';
import { createDbFileStore, type StoredFile } from '../../files/file-store.js';
import { HttpError } from '../../plugins/errors.js';
import type { DetailsContext, DetailsRequester } from './context.js';
import { selectDocumentFile, selectDocumentNodes, selectReadableAccountByNo } from './queries.js';

/**
 * The access check of the documents routes: the statement account `accountNo` must be readable by the caller with
 * their whole team (docs/producer/details.md: every plan it covers serviced inside the caller's subtree), else 404
 * like an account that does not exist. A look at a team member's client is audited with the servicing producer.
 */
async function admitAccount(ctx: DetailsContext, who: DetailsRequester, accountNo: string, what: string) {
  const scope = await resolveTeamScope(ctx.db, who.caller, {});
  const account = await selectReadableAccountByNo(ctx.db, scope, accountNo);
  if (!account) throw new HttpError(404, 'errors.notFound');
  const servicing = await selectServicingProducers(ctx.db, [account.id]);
  for (const producerId of servicing) {
    const viewingOther = producerId !== who.caller.producerId;
    await auditTeamView(ctx.db, { caller: who.caller, producerId, viewingOther }, what, { accountNo });
  }
  return account;
}

/**
 * GET /b2b/clients/list_document: the folders and files of an account as a tree, siblings in their stored order.
 * `filePath` is the node id (what download_document takes), never where the file is stored.
 */
export async function listClientDocuments(
  ctx: DetailsContext,
  who: DetailsRequester,
  accountNo: string,
): Promise<DocumentNode[]> {
  await admitAccount(ctx, who, accountNo, 'client_documents');
  const rows = await selectDocumentNodes(ctx.db, accountNo);
  const byParent = new Map<number | null, typeof rows>();
  for (const row of rows) {
    const siblings = byParent.get(row.parentId) ?? [];
    siblings.push(row);
    byParent.set(row.parentId, siblings);
  }
  // Built from the roots down, so a node whose parent is missing (a corrupt load) cannot loop or appear twice.
  const build = (parentId: number | null, depth: number): DocumentNode[] =>
    depth > 20
      ? []
      : (byParent.get(parentId) ?? []).map((row) => ({
          text: row.name,
          filePath: String(row.id),
          kind: row.kind === 'folder' ? ('folder' as const) : ('file' as const),
          children: row.kind === 'folder' ? build(row.id, depth + 1) : [],
        }));
  return build(null, 0);
}

/** GET /b2b/clients/download_document: one file of the account's tree, with its own name. */
export async function openClientDocument(
  ctx: DetailsContext,
  who: DetailsRequester,
  accountNo: string,
  nodeId: number,
): Promise<{ file: StoredFile; fileName: string }> {
  await admitAccount(ctx, who, accountNo, 'client_document_download');
  const node = await selectDocumentFile(ctx.db, accountNo, nodeId);
  if (!node?.fileKey) throw new HttpError(404, 'errors.notFound');
  const file = await createDbFileStore(ctx.db).get(node.fileKey);
  if (!file) throw new HttpError(404, 'errors.notFound');
  return { file, fileName: node.name };
}
