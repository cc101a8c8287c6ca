import type { ConversationPartyKind, SiteCode } from '@portal/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  clients,
  conversationAttachments,
  conversationMessages,
  conversationParticipants,
  conversations,
  policies,
  producers,
  sites,
  uploadedFiles,
  users,
} from '../../db/schema/index.js';
import { type ReceivedFile, storeUpload } from '../../files/index.js';

/** A side of a conversation as the database holds it: the client, or one producer. */
export type Party = { kind: 'client'; clientId: number } | { kind: 'producer'; producerId: number };

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const partyMatch = (party: Party) =>
  party.kind === 'client'
    ? sql`p.kind = 'client' and p.client_id = ${party.clientId}`
    : sql`p.kind = 'producer' and p.producer_id = ${party.producerId}`;

/** Messages from someone else after the participant's read pointer; a retracted one no longer asks to be read. */
const unreadOf = (
  participant: ReturnType<typeof sql>,
) => sql`(select count(*)::int from ${conversationMessages} m
  where m.conversation_id = ${participant}.conversation_id and m.id > coalesce(${participant}.last_read_message_id, 0)
    and m.sender_participant_id <> ${participant}.id and m.retracted_at is null)`;

export interface ParticipantRow {
  id: number;
  conversationId: number;
  clientId: number;
  siteCode: SiteCode;
}

/** The party's place in a conversation of this site; undefined when they take no part (the caller answers 404). */
export async function selectParticipant(
  db: Db,
  conversationId: number,
  siteCode: SiteCode,
  party: Party,
): Promise<ParticipantRow | undefined> {
  const [row] = await rows<{ id: string; conversation_id: string; client_id: string; site_code: SiteCode }>(
    db,
    sql`select p.id, p.conversation_id, c.client_id, c.site_code from ${conversationParticipants} p
      join ${conversations} c on c.id = p.conversation_id
      where p.conversation_id = ${conversationId} and c.site_code = ${siteCode} and ${partyMatch(party)} limit 1`,
  );
  return row
    ? {
        id: Number(row.id),
        conversationId: Number(row.conversation_id),
        clientId: Number(row.client_id),
        siteCode: row.site_code,
      }
    : undefined;
}

export interface ListRow {
  id: number;
  subject: string;
  planNo: string | null;
  unread: number;
  lastMessageAt: Date;
  withName: string;
}

/**
 * One page of the party's conversations, latest first. A client's come from conversations_client_idx; a producer's
 * from conversation_participants_producer_idx (a producer takes part in few enough that the sort is small).
 */
export async function selectConversationPage(
  db: Db,
  siteCode: SiteCode,
  party: Party,
  page: { limit: number; offset: number },
): Promise<{ items: ListRow[]; total: number }> {
  // The other side's name: the advisors' for a client, the client's for a producer.
  const withName =
    party.kind === 'client'
      ? sql`(select coalesce(string_agg(pr.full_name, ', ' order by op.id), '') from ${conversationParticipants} op
          join ${producers} pr on pr.id = op.producer_id where op.conversation_id = c.id and op.kind = 'producer')`
      : sql`(select cl.full_name from ${clients} cl where cl.id = c.client_id)`;
  const items = await rows<{
    id: string;
    subject: string;
    plan_no: string | null;
    unread: number;
    last_message_at: string | Date;
    with_name: string | null;
  }>(
    db,
    sql`select c.id, c.subject, c.plan_no, ${unreadOf(sql`p`)} as unread, c.last_message_at, ${withName} as with_name
      from ${conversationParticipants} p join ${conversations} c on c.id = p.conversation_id
      where ${partyMatch(party)} and c.site_code = ${siteCode}
      order by c.last_message_at desc, c.id desc limit ${page.limit} offset ${page.offset}`,
  );
  const [count] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${conversationParticipants} p join ${conversations} c on c.id = p.conversation_id
      where ${partyMatch(party)} and c.site_code = ${siteCode}`,
  );
  return {
    items: items.map((r) => ({
      id: Number(r.id),
      subject: r.subject,
      planNo: r.plan_no,
      unread: Number(r.unread),
      lastMessageAt: new Date(r.last_message_at),
      withName: r.with_name ?? '',
    })),
    total: Number(count?.n ?? 0),
  };
}

/** Messages waiting for the party across all their conversations on this site: the header badge. */
export async function countUnreadFor(db: Db, siteCode: SiteCode, party: Party): Promise<number> {
  const [row] = await rows<{ n: number | null }>(
    db,
    sql`select coalesce(sum(${unreadOf(sql`p`)}), 0)::int as n from ${conversationParticipants} p
      join ${conversations} c on c.id = p.conversation_id where ${partyMatch(party)} and c.site_code = ${siteCode}`,
  );
  return Number(row?.n ?? 0);
}

/** A plan of the client's (owner or joint owner) on the site, by number, with its servicing producer. */
export async function selectClientPlan(db: Db, clientId: number, siteCode: SiteCode, planNo: string) {
  const [row] = await db
    .select({ id: policies.id, planNo: policies.planNo, producerId: policies.servicingProducerId })
    .from(policies)
    .where(
      and(
        eq(policies.siteCode, siteCode),
        eq(policies.planNo, planNo),
        sql`(${policies.ownerClientId} = ${clientId} or ${policies.jointOwnerClientId} = ${clientId})`,
      ),
    )
    .limit(1);
  return row;
}

/**
 * The producers who service the client's plans on the site (the client's own servicing consultant first), at most
 * a handful: who a client writes to, and whose team may write to the client.
 */
export async function selectServicingProducers(
  db: Db,
  clientId: number,
  siteCode: SiteCode,
): Promise<number[]> {
  const found = await rows<{ producer_id: string }>(
    db,
    sql`select producer_id from (
        select cl.servicing_producer_id as producer_id, 0 as rank from ${clients} cl
          where cl.id = ${clientId} and cl.site_code = ${siteCode} and cl.servicing_producer_id is not null
        union all
        select pol.servicing_producer_id, 1 from ${policies} pol
          where pol.site_code = ${siteCode} and (pol.owner_client_id = ${clientId} or pol.joint_owner_client_id = ${clientId})
      ) s join ${producers} pr on pr.id = s.producer_id and pr.is_active
      group by producer_id order by min(rank), producer_id limit 20`,
  );
  return found.map((r) => Number(r.producer_id));
}

export async function clientOnSite(db: Db, clientId: number, siteCode: SiteCode): Promise<boolean> {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.siteCode, siteCode)))
    .limit(1);
  return row !== undefined;
}

export interface NewConversation {
  siteCode: SiteCode;
  clientId: number;
  subject: string;
  policyId: number | null;
  planNo: string | null;
  userId: number;
  /** The producers taking part; the sender is the client or the first of them. */
  producerIds: number[];
  sender: Party;
  body: string;
  at: Date;
  /** Checked by their bytes already (readUploads); stored here, in the same transaction. */
  files: ReceivedFile[];
}

/** Writes a conversation, its participants and its first message in one transaction; answers both ids. */
export async function insertConversation(db: Db, c: NewConversation) {
  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .insert(conversations)
      .values({
        siteCode: c.siteCode,
        clientId: c.clientId,
        subject: c.subject,
        policyId: c.policyId,
        planNo: c.planNo,
        createdByUserId: c.userId,
        createdAt: c.at,
        lastMessageAt: c.at,
      })
      .returning({ id: conversations.id });
    if (!conversation) throw new Error('conversation not written');
    const participants = await tx
      .insert(conversationParticipants)
      .values([
        { conversationId: conversation.id, kind: 'client' as const, clientId: c.clientId, joinedAt: c.at },
        ...c.producerIds.map((producerId) => ({
          conversationId: conversation.id,
          kind: 'producer' as const,
          producerId,
          joinedAt: c.at,
        })),
      ])
      .returning({
        id: conversationParticipants.id,
        clientId: conversationParticipants.clientId,
        producerId: conversationParticipants.producerId,
      });
    const sender = participants.find((p) =>
      c.sender.kind === 'client' ? p.clientId === c.sender.clientId : p.producerId === c.sender.producerId,
    );
    if (!sender) throw new Error('sender is not a participant');
    const messageId = await insertMessageRows(tx as unknown as Db, {
      conversationId: conversation.id,
      senderParticipantId: sender.id,
      userId: c.userId,
      body: c.body,
      at: c.at,
      files: c.files,
    });
    return { conversationId: conversation.id, messageId, senderParticipantId: sender.id };
  });
}

export interface NewMessage {
  conversationId: number;
  senderParticipantId: number;
  userId: number;
  body: string;
  at: Date;
  /** Checked by their bytes already (readUploads); stored here, in the same transaction as the message. */
  files: ReceivedFile[];
}

async function insertMessageRows(db: Db, m: NewMessage): Promise<number> {
  const [message] = await db
    .insert(conversationMessages)
    .values({
      conversationId: m.conversationId,
      senderParticipantId: m.senderParticipantId,
      senderUserId: m.userId,
      body: m.body,
      sentAt: m.at,
    })
    .returning({ id: conversationMessages.id });
  if (!message) throw new Error('message not written');
  for (const file of m.files) {
    const upload = await storeUpload(db, file, m.userId);
    await db
      .insert(conversationAttachments)
      .values({ conversationId: m.conversationId, messageId: message.id, uploadId: upload.id });
  }
  await db.update(conversations).set({ lastMessageAt: m.at }).where(eq(conversations.id, m.conversationId));
  // Senders have read what they wrote (and everything before it).
  await db
    .update(conversationParticipants)
    .set({ lastReadMessageId: message.id, lastReadAt: m.at })
    .where(eq(conversationParticipants.id, m.senderParticipantId));
  return message.id;
}

/** Adds a message (and its attachments) to a conversation in one transaction. */
export async function insertMessage(db: Db, m: NewMessage): Promise<number> {
  return db.transaction((tx) => insertMessageRows(tx as unknown as Db, m));
}

/**
 * Marks the participant's own message retracted when it is still within the window; answers undefined when it is
 * not theirs, already retracted, or too old.
 */
export async function retractMessage(
  db: Db,
  conversationId: number,
  messageId: number,
  participantId: number,
  at: Date,
  sentAfter: Date,
) {
  const [row] = await db
    .update(conversationMessages)
    .set({ retractedAt: at })
    .where(
      and(
        eq(conversationMessages.id, messageId),
        eq(conversationMessages.conversationId, conversationId),
        eq(conversationMessages.senderParticipantId, participantId),
        isNull(conversationMessages.retractedAt),
        gt(conversationMessages.sentAt, sentAfter),
      ),
    )
    .returning({ id: conversationMessages.id, retractedAt: conversationMessages.retractedAt });
  return row;
}

export async function selectOwnMessage(
  db: Db,
  conversationId: number,
  messageId: number,
  participantId: number,
) {
  const [row] = await db
    .select({
      id: conversationMessages.id,
      sentAt: conversationMessages.sentAt,
      retractedAt: conversationMessages.retractedAt,
    })
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.id, messageId),
        eq(conversationMessages.conversationId, conversationId),
        eq(conversationMessages.senderParticipantId, participantId),
      ),
    )
    .limit(1);
  return row;
}

/** Moves the participant's read pointer to the conversation's latest message. */
export async function markConversationRead(db: Db, participantId: number, conversationId: number, at: Date) {
  await db.execute(sql`update ${conversationParticipants} set
      last_read_message_id = greatest(coalesce(last_read_message_id, 0),
        coalesce((select max(id) from ${conversationMessages} where conversation_id = ${conversationId}), 0)),
      last_read_at = ${at.toISOString()}
    where id = ${participantId}`);
}

/** A thread holds at most this many messages in one answer (the latest ones). */
export const MAX_THREAD_MESSAGES = 500;

export interface ThreadRow {
  conversation: { id: number; subject: string; planNo: string | null };
  participants: {
    id: number;
    kind: ConversationPartyKind;
    name: string;
    lastReadMessageId: number | null;
    lastReadAt: Date | null;
  }[];
  messages: {
    id: number;
    body: string;
    sentAt: Date;
    retractedAt: Date | null;
    senderParticipantId: number;
  }[];
  attachments: {
    id: number;
    messageId: number;
    fileName: string;
    kind: string;
    byteSize: number;
  }[];
}

export async function selectThread(db: Db, conversationId: number): Promise<ThreadRow | undefined> {
  const [conversation] = await db
    .select({ id: conversations.id, subject: conversations.subject, planNo: conversations.planNo })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .limit(1);
  if (!conversation) return undefined;
  const participants = await rows<{
    id: string;
    kind: ConversationPartyKind;
    name: string | null;
    last_read_message_id: string | null;
    last_read_at: string | Date | null;
  }>(
    db,
    sql`select p.id, p.kind, coalesce(cl.full_name, pr.full_name) as name, p.last_read_message_id, p.last_read_at
      from ${conversationParticipants} p
      left join ${clients} cl on cl.id = p.client_id
      left join ${producers} pr on pr.id = p.producer_id
      where p.conversation_id = ${conversationId} order by p.id`,
  );
  const messages = await rows<{
    id: string;
    body: string;
    sent_at: string | Date;
    retracted_at: string | Date | null;
    sender_participant_id: string;
  }>(
    db,
    sql`select * from (select id, body, sent_at, retracted_at, sender_participant_id from ${conversationMessages}
      where conversation_id = ${conversationId} order by id desc limit ${MAX_THREAD_MESSAGES}) latest order by id`,
  );
  const firstId = messages[0]?.id;
  const attachments =
    firstId === undefined
      ? []
      : await db
          .select({
            id: conversationAttachments.id,
            messageId: conversationAttachments.messageId,
            fileName: uploadedFiles.fileName,
            kind: uploadedFiles.kind,
            byteSize: uploadedFiles.byteSize,
          })
          .from(conversationAttachments)
          .innerJoin(uploadedFiles, eq(uploadedFiles.id, conversationAttachments.uploadId))
          .where(
            and(
              eq(conversationAttachments.conversationId, conversationId),
              sql`${conversationAttachments.messageId} >= ${Number(firstId)}`,
            ),
          )
          .orderBy(conversationAttachments.id);
  const date = (value: string | Date | null) => (value === null ? null : new Date(value));
  return {
    conversation,
    participants: participants.map((p) => ({
      id: Number(p.id),
      kind: p.kind,
      name: p.name ?? '',
      lastReadMessageId: p.last_read_message_id === null ? null : Number(p.last_read_message_id),
      lastReadAt: date(p.last_read_at),
    })),
    messages: messages.map((m) => ({
      id: Number(m.id),
      body: m.body,
      sentAt: new Date(m.sent_at),
      retractedAt: date(m.retracted_at),
      senderParticipantId: Number(m.sender_participant_id),
    })),
    attachments,
  };
}

/** An attachment of the conversation, and whether its message was retracted (then it is no longer served). */
export async function selectAttachment(db: Db, conversationId: number, attachmentId: number) {
  const [row] = await db
    .select({ uploadId: conversationAttachments.uploadId, retractedAt: conversationMessages.retractedAt })
    .from(conversationAttachments)
    .innerJoin(conversationMessages, eq(conversationMessages.id, conversationAttachments.messageId))
    .where(
      and(
        eq(conversationAttachments.id, attachmentId),
        eq(conversationAttachments.conversationId, conversationId),
      ),
    )
    .limit(1);
  return row;
}

/** The accounts to tell about a new message: every other participant's active account, with how to reach them. */
export async function selectRecipients(db: Db, conversationId: number, exceptParticipantId: number) {
  const found = await rows<{
    kind: ConversationPartyKind;
    user_id: string;
    email: string | null;
    language: string;
    login: string;
    site_name: string;
  }>(
    db,
    sql`select p.kind, u.id as user_id, u.email, u.preferred_language as language, u.login, s.name as site_name
      from ${conversationParticipants} p
      join ${conversations} c on c.id = p.conversation_id
      join ${sites} s on s.code = c.site_code
      join ${users} u on u.site_code = c.site_code and u.status = 'active'
        and ((p.kind = 'client' and u.client_id = p.client_id) or (p.kind = 'producer' and u.producer_id = p.producer_id))
      where p.conversation_id = ${conversationId} and p.id <> ${exceptParticipantId}
      limit 20`,
  );
  return found.map((r) => ({
    kind: r.kind,
    userId: Number(r.user_id),
    email: r.email,
    language: r.language,
    login: r.login,
    siteName: r.site_name,
  }));
}
