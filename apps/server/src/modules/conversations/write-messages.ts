import {
  type ConversationUnreadCount,
  MESSAGE_RETRACT_WINDOW_MS,
  type MessageRetracted,
  type MessageSent,
} from '@portal/contract';
import type { ReceivedFile } from '../../files/index.js';
import { HttpError } from '../../plugins/errors.js';
import { admitToConversation, refuseWhileViewingAs } from './access.js';
import type { Asker, ConversationsContext } from './context.js';
import { countAgainstLimits } from './limits.js';
import { tellOthersOfMessage } from './notify-message.js';
import { insertMessage, markConversationRead, retractMessage, selectOwnMessage } from './queries.js';
import { unreadCount } from './read-conversations.js';

/**
 * POST /conversations/:id/messages: a participant's message, with its files already checked by their bytes
 * (message-form.ts) and stored here in the message's transaction. Limits are counted after the access check, so
 * probing other people's ids costs nothing and learns nothing.
 */
export async function sendMessage(
  ctx: ConversationsContext,
  asker: Asker,
  conversationId: number,
  body: string,
  files: ReceivedFile[] = [],
): Promise<MessageSent> {
  refuseWhileViewingAs(asker);
  const me = await admitToConversation(ctx, asker, conversationId, 'conversation.send');
  await countAgainstLimits(ctx, asker, false);
  const id = await insertMessage(ctx.db, {
    conversationId,
    senderParticipantId: me.id,
    userId: asker.userId,
    body,
    at: ctx.now(),
    files,
  });
  await tellOthersOfMessage(ctx, conversationId, me.id);
  return { id };
}

/**
 * POST /conversations/:id/messages/:messageId/retract: the sender takes a message back within five minutes. The
 * row keeps its words (the trigger allows only the mark); everyone then sees a "retracted" line in its place.
 * Someone else's message, or an id not in this conversation, answers 404; a message too old or already retracted, 409.
 */
export async function retractOwnMessage(
  ctx: ConversationsContext,
  asker: Asker,
  conversationId: number,
  messageId: number,
): Promise<MessageRetracted> {
  refuseWhileViewingAs(asker);
  const me = await admitToConversation(ctx, asker, conversationId, 'conversation.retract');
  const message = await selectOwnMessage(ctx.db, conversationId, messageId, me.id);
  if (!message) throw new HttpError(404, 'errors.notFound');
  const now = ctx.now();
  const done = await retractMessage(
    ctx.db,
    conversationId,
    messageId,
    me.id,
    now,
    new Date(now.getTime() - MESSAGE_RETRACT_WINDOW_MS),
  );
  if (!done?.retractedAt) throw new HttpError(409, 'conversations.retractWindowOver');
  return { id: done.id, retractedAt: done.retractedAt.toISOString() };
}

/** POST /conversations/:id/read: everything in the conversation is read; answers the new header count. */
export async function markRead(
  ctx: ConversationsContext,
  asker: Asker,
  conversationId: number,
): Promise<ConversationUnreadCount> {
  refuseWhileViewingAs(asker);
  const me = await admitToConversation(ctx, asker, conversationId, 'conversation.read');
  await markConversationRead(ctx.db, me.id, conversationId, ctx.now());
  return unreadCount(ctx, asker);
}
