import { type ClientMessage, type Language, type MessageListResponse, textIn } from '@portal/contract';
import type { ClientAreaContext, ClientRef } from './context.js';
import { selectClientMessages } from './queries.js';

type MessageRow = Awaited<ReturnType<typeof selectClientMessages>>[number];

/** A message in the reader's language, English where the sender wrote none in it. */
export function toClientMessage(row: MessageRow, language: Language): ClientMessage {
  return {
    id: row.id,
    createDate: row.createdAt.toISOString(),
    planNo: row.planNo,
    category: row.category as ClientMessage['category'],
    content: textIn(row.content, language),
    title: textIn(row.title, language),
    type: row.type,
    read: row.readAt !== null,
  };
}

export async function listMessages(
  ctx: ClientAreaContext,
  client: ClientRef,
  language: Language,
): Promise<MessageListResponse> {
  const rows = await selectClientMessages(ctx.db, client.clientId);
  return { data: rows.map((row) => toClientMessage(row, language)) };
}
