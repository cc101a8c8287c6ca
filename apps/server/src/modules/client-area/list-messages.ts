import type { ClientMessage, MessageListResponse } from '@portal/contract';
import type { ClientAreaContext, ClientRef } from './context.js';
import { selectClientMessages } from './queries.js';

type MessageRow = Awaited<ReturnType<typeof selectClientMessages>>[number];

export function toClientMessage(row: MessageRow): ClientMessage {
  return {
    id: row.id,
    createDate: row.createdAt.toISOString(),
    planNo: row.planNo,
    category: row.category as ClientMessage['category'],
    content: row.content,
    title: row.title,
    type: row.type,
    read: row.readAt !== null,
  };
}

export async function listMessages(ctx: ClientAreaContext, client: ClientRef): Promise<MessageListResponse> {
  const rows = await selectClientMessages(ctx.db, client.clientId);
  return { data: rows.map(toClientMessage) };
}
