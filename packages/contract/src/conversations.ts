import { z } from 'zod';
import { idSchema, strictInt } from './lists/criteria.js';
import { safeText } from './text.js';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_FILES } from './uploads.js';

/*
 * Conversations between a client and the producers who serve their plans (docs/conversations.md, decision 052).
 * One set of routes for both areas: the server answers from the signed-in person's side (a client sees their own
 * conversations, a producer those they take part in, or a team member's through "viewing as").
 */

/** Longest subject and message body, in characters (the form counts down; the server refuses more). */
export const CONVERSATION_SUBJECT_MAX = 150;
export const CONVERSATION_BODY_MAX = 5000;
/** A sender may take a message back this long after sending it; a "retracted" line stays in its place. */
export const MESSAGE_RETRACT_WINDOW_MS = 5 * 60_000;
/**
 * Attachments: at most this many per message, each at most this many bytes, of these types — the shared upload
 * mechanism's limits and document kinds (checked from the bytes by the server).
 */
export const MESSAGE_ATTACHMENTS_MAX = MAX_UPLOAD_FILES;
export const MESSAGE_ATTACHMENT_MAX_BYTES = MAX_UPLOAD_BYTES;
export const MESSAGE_ATTACHMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type MessageAttachmentType = (typeof MESSAGE_ATTACHMENT_TYPES)[number];
export const CONVERSATION_PAGE_SIZE = 20;
export const CONVERSATION_PAGE_SIZE_MAX = 50;

/** Who wrote a message: the client, or one of the producers; `name` as the other side sees it. */
export const CONVERSATION_PARTY_KINDS = ['client', 'producer'] as const;
export type ConversationPartyKind = (typeof CONVERSATION_PARTY_KINDS)[number];

/** Text a person typed: trimmed, not blank, within its limit, without characters the database cannot hold. */
const typedText = (max: number) =>
  safeText()
    .transform((value) => value.trim())
    .pipe(z.string().min(1, { message: 'required' }).max(max, { message: 'tooLong' }));

const planNoSchema = safeText().trim().max(40);

// GET /conversations?page=&size=&producerId= ------------------------------------------------------------------------

export const conversationListQuerySchema = z.object({
  page: strictInt(1, 100_000).optional(),
  size: strictInt(1, CONVERSATION_PAGE_SIZE_MAX).optional(),
  /** Producers only: a team member chosen in "viewing as" (audited); their conversations, read-only. */
  producerId: idSchema.optional(),
});
export type ConversationListQuery = z.infer<typeof conversationListQuerySchema>;

export const conversationListItemSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  planNo: z.string().nullable(),
  /** Messages from the other side not yet read by the asker (or by the producer viewed as). */
  unread: z.number().int().nonnegative(),
  lastMessageAt: z.string(),
  /** The other side: the client's name for producers, the advisor's for the client. */
  withName: z.string(),
});
export type ConversationListItem = z.infer<typeof conversationListItemSchema>;

export const conversationListResponseSchema = z.object({
  data: z.array(conversationListItemSchema),
  totalSize: z.number().int().nonnegative(),
});
export type ConversationListResponse = z.infer<typeof conversationListResponseSchema>;

// GET /conversations/unread_count → the header badge ---------------------------------------------------------------

export const conversationUnreadCountSchema = z.object({ unread: z.number().int().nonnegative() });
export type ConversationUnreadCount = z.infer<typeof conversationUnreadCountSchema>;

// POST /conversations ---------------------------------------------------------------------------------------------

export const startConversationRequestSchema = z.object({
  subject: typedText(CONVERSATION_SUBJECT_MAX),
  body: typedText(CONVERSATION_BODY_MAX),
  /** About one plan of the client's (optional). */
  planNo: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    planNoSchema.optional(),
  ),
  /** Producers: whom to write to (a client of theirs or of their team). Clients leave it out. */
  clientId: idSchema.optional(),
});
export type StartConversationRequest = z.infer<typeof startConversationRequestSchema>;

export const conversationCreatedSchema = z.object({ id: z.number().int() });
export type ConversationCreated = z.infer<typeof conversationCreatedSchema>;

// GET /conversations/:id?producerId= ------------------------------------------------------------------------------

export const conversationIdParamsSchema = z.object({ id: idSchema });
export const conversationMessageParamsSchema = z.object({ id: idSchema, messageId: idSchema });
export const conversationAttachmentParamsSchema = z.object({ id: idSchema, attachmentId: idSchema });
export const conversationViewQuerySchema = z.object({ producerId: idSchema.optional() });

export const messageAttachmentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  contentType: z.enum(MESSAGE_ATTACHMENT_TYPES),
  byteSize: z.number().int().nonnegative(),
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

export const conversationMessageSchema = z.object({
  id: z.number().int(),
  /** Plain text; "" once retracted. Never HTML: screens and e-mails show it as text. */
  body: z.string(),
  sentAt: z.string(),
  from: z.object({ kind: z.enum(CONVERSATION_PARTY_KINDS), name: z.string() }),
  attachments: z.array(messageAttachmentSchema),
  /** Written by the asker (or by the producer viewed as). */
  mine: z.boolean(),
  retractedAt: z.string().nullable(),
  /** Until when the sender may still retract it (null: not theirs, or no longer). */
  retractableUntil: z.string().nullable(),
  /** Read receipt: every other participant has opened the conversation since it was sent. */
  readByOthers: z.boolean(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

export const conversationParticipantSchema = z.object({
  kind: z.enum(CONVERSATION_PARTY_KINDS),
  name: z.string(),
  /** When they last opened the conversation (read receipt); null: never. */
  lastReadAt: z.string().nullable(),
});

export const conversationDetailSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  planNo: z.string().nullable(),
  participants: z.array(conversationParticipantSchema),
  messages: z.array(conversationMessageSchema),
  /** False while a producer looks through "viewing as": reading only. */
  canWrite: z.boolean(),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

// POST /conversations/:id/messages (JSON { body }, or multipart: a `body` field and up to five `files`) -------------

export const sendMessageRequestSchema = z.object({ body: typedText(CONVERSATION_BODY_MAX) });
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

export const messageSentSchema = z.object({ id: z.number().int() });
export type MessageSent = z.infer<typeof messageSentSchema>;

// POST /conversations/:id/read → the asker's unread count across conversations ----------------------------------

export const conversationReadResponseSchema = conversationUnreadCountSchema;

// POST /conversations/:id/messages/:messageId/retract ---------------------------------------------------------------

export const messageRetractedSchema = z.object({ id: z.number().int(), retractedAt: z.string() });
export type MessageRetracted = z.infer<typeof messageRetractedSchema>;
