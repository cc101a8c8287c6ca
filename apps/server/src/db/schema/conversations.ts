import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, refId } from './columns.js';
import { siteCodeEnum } from './enums.js';
import { uploadedFiles } from './files.js';
import { users } from './identity.js';
import { clients } from './parties.js';
import { policies } from './policies.js';
import { producers } from './producers.js';
import { sites } from './sites.js';

/**
 * Conversations between a client and the producers who serve their plans (docs/conversations.md, decision 052).
 * Messages never change once sent and are kept seven years: a trigger (migration 0047) refuses any change but
 * the one retraction mark, and any delete of a younger message.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: idColumn(),
    siteCode: siteCodeEnum('site_code')
      .notNull()
      .references(() => sites.code),
    clientId: refId('client_id')
      .notNull()
      .references(() => clients.id),
    subject: text('subject').notNull(),
    policyId: refId('policy_id').references(() => policies.id),
    planNo: text('plan_no'),
    createdByUserId: refId('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversations_client_idx').on(t.clientId, t.lastMessageAt.desc(), t.id.desc()),
    check('conversations_subject_ck', sql`char_length(${t.subject}) between 1 and 150`),
  ],
);

/** Who takes part: the client (one per conversation) and the producers; each with their read receipt. */
export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    id: idColumn(),
    conversationId: refId('conversation_id')
      .notNull()
      .references(() => conversations.id),
    kind: text('kind').$type<'client' | 'producer'>().notNull(),
    clientId: refId('client_id').references(() => clients.id),
    producerId: refId('producer_id').references(() => producers.id),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** Everything up to this message has been seen: unread = later messages from someone else. */
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('conversation_participants_client_uq').on(t.conversationId).where(sql`${t.kind} = 'client'`),
    uniqueIndex('conversation_participants_producer_uq')
      .on(t.conversationId, t.producerId)
      .where(sql`${t.kind} = 'producer'`),
    index('conversation_participants_producer_idx')
      .on(t.producerId, t.conversationId)
      .where(sql`${t.kind} = 'producer'`),
    check(
      'conversation_participants_kind_ck',
      sql`(${t.kind} = 'client' and ${t.clientId} is not null and ${t.producerId} is null) or (${t.kind} = 'producer' and ${t.producerId} is not null and ${t.clientId} is null)`,
    ),
  ],
);

export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: idColumn(),
    conversationId: refId('conversation_id')
      .notNull()
      .references(() => conversations.id),
    senderParticipantId: refId('sender_participant_id')
      .notNull()
      .references(() => conversationParticipants.id),
    /** The account that pressed Send (the audit's "who"); the participant is the side it spoke for. */
    senderUserId: refId('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Plain text as typed; never rendered as HTML. */
    body: text('body').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    retractedAt: timestamp('retracted_at', { withTimezone: true }),
  },
  (t) => [
    index('conversation_messages_conversation_idx').on(t.conversationId, t.id),
    index('conversation_messages_sender_idx').on(t.senderParticipantId),
    check('conversation_messages_body_ck', sql`char_length(${t.body}) between 1 and 5000`),
  ],
);

/** Files sent with a message: each an upload of the shared mechanism (uploaded_files, src/files/uploads.ts). */
export const conversationAttachments = pgTable(
  'conversation_attachments',
  {
    id: idColumn(),
    conversationId: refId('conversation_id')
      .notNull()
      .references(() => conversations.id),
    messageId: refId('message_id')
      .notNull()
      .references(() => conversationMessages.id),
    uploadId: refId('upload_id')
      .notNull()
      .references(() => uploadedFiles.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index('conversation_attachments_message_idx').on(t.messageId),
    index('conversation_attachments_conversation_idx').on(t.conversationId),
    uniqueIndex('conversation_attachments_upload_uq').on(t.uploadId),
  ],
);
