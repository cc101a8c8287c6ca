import type { Language, MarkMessageReadResponse } from '@portal/contract';
import { HttpError } from '../../plugins/errors.js';
import type { ClientAreaContext, ClientRef } from './context.js';
import { toClientMessage } from './list-messages.js';
import { countUnreadMessages, updateMessageRead } from './queries.js';

/**
 * Opening a message marks it read (idempotent: the first read time stays). Another client's message id answers 404
 * like an id that does not exist. The answer carries the new unread count so the member menu updates at once.
 */
export async function markMessageRead(
  ctx: ClientAreaContext,
  client: ClientRef,
  messageId: number,
  language: Language,
): Promise<MarkMessageReadResponse> {
  const row = await updateMessageRead(ctx.db, client.clientId, messageId, ctx.now());
  if (!row) throw new HttpError(404, 'errors.notFound');
  return {
    message: toClientMessage(row, language),
    messageCount: await countUnreadMessages(ctx.db, client.clientId),
  };
}
