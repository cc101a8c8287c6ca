import type { FileStore, StoredFile } from '../../files/index.js';
import { HttpError } from '../../plugins/errors.js';
import { readableAccountsByIds } from './account-access.js';
import type { StatementRequester, StatementsContext } from './context.js';

const safeName = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '-');

/**
 * `GET /statement/provider_statement/:partyId`: the provider's own statement of a POLICY account, for whoever may
 * read the account's monthly statements (a client their own; a producer the accounts of their team scope, audited
 * like every other statement read). Anything else — another team's account, a consolidated account, an account
 * without a provider statement — answers 404 alike.
 */
export async function providerStatementOf(
  ctx: StatementsContext,
  files: FileStore,
  who: StatementRequester,
  partyId: number,
): Promise<{ file: StoredFile; fileName: string }> {
  const [account] = await readableAccountsByIds(ctx, who, [partyId], 'statement_provider_statement');
  const key = account?.accountType === 'CONSOLIDATE' ? null : account?.providerStatementFileKey;
  const file = key ? await files.get(key) : null;
  if (!account || !file) throw new HttpError(404, 'errors.notFound');
  return { file, fileName: `provider-statement-${safeName(account.planNo ?? account.accountNo)}.pdf` };
}
