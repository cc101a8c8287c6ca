import { selectServicingProducers } from '../../db/access-scopes.js';
import { auditTeamView, type TeamScope } from '../../db/team-scope.js';
import type { StatementRequester, StatementsContext } from './context.js';
import { type AccountRow, selectClientAccountsByIds, selectProducerAccountsByIds } from './queries.js';

/**
 * The accounts among `ids` the requester may read: a client's own, or for a producer those whose plans are all
 * serviced inside their scope. Others are absent; callers answer 404 unless every id was found. When a producer is
 * granted every id, the view is audited once per servicing producer other than the caller (who, whose, what).
 */
export async function readableAccountsByIds(
  ctx: StatementsContext,
  who: StatementRequester,
  ids: number[],
  what: string,
): Promise<AccountRow[]> {
  if (who.producerScope === undefined) return selectClientAccountsByIds(ctx.db, who.clientId, ids);
  const scope = who.producerScope;
  const accounts = await selectProducerAccountsByIds(ctx.db, scope, ids);
  if (accounts.length === new Set(ids).size && accounts.length > 0)
    await auditProducerRead(
      ctx,
      scope,
      accounts.map((a) => a.id),
      what,
    );
  return accounts;
}

/** Audits a producer's read of accounts, once per servicing producer other than the caller (who, whose, what). */
export async function auditProducerRead(
  ctx: StatementsContext,
  scope: TeamScope,
  partyIds: number[],
  what: string,
): Promise<void> {
  const servicing = await selectServicingProducers(ctx.db, partyIds);
  for (const producerId of servicing) {
    if (producerId === scope.caller.producerId) continue;
    await auditTeamView(ctx.db, { caller: scope.caller, producerId, viewingOther: true }, what, { partyIds });
  }
}
