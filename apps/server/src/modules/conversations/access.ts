import { auditTeamView, isInTeam } from '../../db/team-scope.js';
import { HttpError } from '../../plugins/errors.js';
import type { Asker, ConversationsContext } from './context.js';
import { type ParticipantRow, type Party, selectParticipant } from './queries.js';

/**
 * Whose side a request reads from: the client, the producer, or (through "viewing as") the team member the producer
 * chose. A "viewing as" producer outside the caller's subtree answers 404, like a missing id.
 */
export async function partyOf(ctx: ConversationsContext, asker: Asker): Promise<Party> {
  if (asker.kind === 'client') return { kind: 'client', clientId: asker.clientId };
  if (asker.viewingAs === undefined) return { kind: 'producer', producerId: asker.producerId };
  const caller = { userId: asker.userId, producerId: asker.producerId, siteCode: asker.siteCode };
  if (!(await isInTeam(ctx.db, caller, asker.viewingAs))) throw new HttpError(404, 'errors.notFound');
  return { kind: 'producer', producerId: asker.viewingAs };
}

/** Writes the audit row of a look at a team member's conversations (nothing for one's own). */
export async function auditViewingAs(
  ctx: ConversationsContext,
  asker: Asker,
  what: string,
  details: Record<string, unknown>,
) {
  if (asker.kind !== 'producer' || asker.viewingAs === undefined) return;
  await auditTeamView(
    ctx.db,
    {
      caller: { userId: asker.userId, producerId: asker.producerId, siteCode: asker.siteCode },
      producerId: asker.viewingAs,
      viewingOther: true,
    },
    what,
    details,
  );
}

/**
 * The access check of every route on one conversation, before anything of it is read: the asker (or the team member
 * viewed as) must take part in it on this site, else 404 exactly like an id that does not exist — a conversation of
 * another client, or of a producer outside one's team, does not show that it exists. A look through "viewing as" is
 * audited.
 */
export async function admitToConversation(
  ctx: ConversationsContext,
  asker: Asker,
  conversationId: number,
  what: string,
): Promise<ParticipantRow> {
  const party = await partyOf(ctx, asker);
  const participant = await selectParticipant(ctx.db, conversationId, asker.siteCode, party);
  if (!participant) throw new HttpError(404, 'errors.notFound');
  await auditViewingAs(ctx, asker, what, { conversationId });
  return participant;
}

/** Writing (sending, retracting, marking read) is the participant's own: "viewing as" reads only. */
export function refuseWhileViewingAs(asker: Asker) {
  if (asker.kind === 'producer' && asker.viewingAs !== undefined)
    throw new HttpError(403, 'conversations.readOnlyViewingAs');
}
