import type { FastifyReply } from 'fastify';
import { sendUpload } from '../../files/index.js';
import { HttpError } from '../../plugins/errors.js';
import { admitToConversation } from './access.js';
import type { Asker, ConversationsContext } from './context.js';
import { selectAttachment } from './queries.js';

/**
 * GET /conversations/:id/attachments/:attachmentId: a file sent in a conversation the asker takes part in (or views
 * as a team member, audited), always as a download of the type its bytes were found to be (sendUpload). An
 * attachment of a retracted message is no longer served; its bytes stay stored for the audit like the words.
 */
export async function sendAttachment(
  ctx: ConversationsContext,
  reply: FastifyReply,
  asker: Asker,
  conversationId: number,
  attachmentId: number,
) {
  await admitToConversation(ctx, asker, conversationId, 'conversation.attachment');
  const row = await selectAttachment(ctx.db, conversationId, attachmentId);
  if (!row || row.retractedAt !== null) throw new HttpError(404, 'errors.notFound');
  return sendUpload(reply, ctx.db, row.uploadId);
}
