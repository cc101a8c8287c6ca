import {
  CONVERSATION_PAGE_SIZE,
  type ConversationDetail,
  type ConversationListQuery,
  type ConversationListResponse,
  type ConversationUnreadCount,
  MESSAGE_RETRACT_WINDOW_MS,
  type MessageAttachmentType,
} from '@portal/contract';
import { HttpError } from '../../plugins/errors.js';
import { admitToConversation, auditViewingAs, partyOf } from './access.js';
import type { Asker, ConversationsContext } from './context.js';
import { countUnreadFor, selectConversationPage, selectThread } from './queries.js';

/** GET /conversations: the asker's conversations (or, through "viewing as", a team member's), latest first. */
export async function listConversations(
  ctx: ConversationsContext,
  asker: Asker,
  query: ConversationListQuery,
): Promise<ConversationListResponse> {
  const party = await partyOf(ctx, asker);
  const size = query.size ?? CONVERSATION_PAGE_SIZE;
  const page = query.page ?? 1;
  const { items, total } = await selectConversationPage(ctx.db, asker.siteCode, party, {
    limit: size,
    offset: (page - 1) * size,
  });
  await auditViewingAs(ctx, asker, 'conversations', { page });
  return {
    data: items.map((row) => ({ ...row, lastMessageAt: row.lastMessageAt.toISOString() })),
    totalSize: total,
  };
}

/** GET /conversations/unread_count: the header badge (one's own conversations; "viewing as" does not change it). */
export async function unreadCount(ctx: ConversationsContext, asker: Asker): Promise<ConversationUnreadCount> {
  const party =
    asker.kind === 'client'
      ? ({ kind: 'client', clientId: asker.clientId } as const)
      : ({ kind: 'producer', producerId: asker.producerId } as const);
  return { unread: await countUnreadFor(ctx.db, asker.siteCode, party) };
}

/** The type an upload's bytes were found to be (uploaded_files.kind). */
const attachmentType = (kind: string): MessageAttachmentType =>
  kind === 'jpeg' ? 'image/jpeg' : kind === 'png' ? 'image/png' : 'application/pdf';

/**
 * GET /conversations/:id: the thread as the asker sees it. A retracted message answers an empty body and no
 * attachments (the words stay in the database for the audit); read receipts come from the other participants'
 * read pointers. Opening does not mark read: the screen asks for that once the thread is on screen.
 */
export async function getConversation(
  ctx: ConversationsContext,
  asker: Asker,
  conversationId: number,
): Promise<ConversationDetail> {
  const me = await admitToConversation(ctx, asker, conversationId, 'conversation');
  const thread = await selectThread(ctx.db, conversationId);
  if (!thread) throw new HttpError(404, 'errors.notFound');
  const now = ctx.now().getTime();
  const participants = new Map(thread.participants.map((p) => [p.id, p]));
  return {
    id: thread.conversation.id,
    subject: thread.conversation.subject,
    planNo: thread.conversation.planNo,
    participants: thread.participants.map((p) => ({
      kind: p.kind,
      name: p.name,
      lastReadAt: p.lastReadAt?.toISOString() ?? null,
    })),
    messages: thread.messages.map((m) => {
      const sender = participants.get(m.senderParticipantId);
      const mine = m.senderParticipantId === me.id;
      const until = m.sentAt.getTime() + MESSAGE_RETRACT_WINDOW_MS;
      const retracted = m.retractedAt !== null;
      return {
        id: m.id,
        body: retracted ? '' : m.body,
        sentAt: m.sentAt.toISOString(),
        from: { kind: sender?.kind ?? 'producer', name: sender?.name ?? '' },
        attachments: retracted
          ? []
          : thread.attachments
              .filter((a) => a.messageId === m.id)
              .map((a) => ({
                id: a.id,
                fileName: a.fileName,
                contentType: attachmentType(a.kind),
                byteSize: a.byteSize,
              })),
        mine,
        retractedAt: m.retractedAt?.toISOString() ?? null,
        retractableUntil: mine && !retracted && until > now ? new Date(until).toISOString() : null,
        // Someone other than the sender has opened the conversation since (one producer reading answers for the
        // advisor's side; a client's reading for theirs).
        readByOthers: thread.participants.some(
          (p) => p.id !== m.senderParticipantId && (p.lastReadMessageId ?? 0) >= m.id,
        ),
      };
    }),
    canWrite: !(asker.kind === 'producer' && asker.viewingAs !== undefined),
  };
}
