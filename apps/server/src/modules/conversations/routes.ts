import {
  API_ROUTES,
  conversationAttachmentParamsSchema,
  conversationCreatedSchema,
  conversationDetailSchema,
  conversationIdParamsSchema,
  conversationListQuerySchema,
  conversationListResponseSchema,
  conversationMessageParamsSchema,
  conversationReadResponseSchema,
  conversationUnreadCountSchema,
  conversationViewQuerySchema,
  messageRetractedSchema,
  messageSentSchema,
  sendMessageRequestSchema,
  startConversationRequestSchema,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerUploads } from '../../files/index.js';
import { requireClient, requireProducer } from '../../plugins/auth-guards.js';
import type { ModuleOptions } from '../module-options.js';
import { sendAttachment } from './attachments.js';
import { askerOf, type ConversationsContext } from './context.js';
import { filesOf, readMessageForm } from './message-form.js';
import { getConversation, listConversations, unreadCount } from './read-conversations.js';
import { startConversation } from './start-conversation.js';
import { markRead, retractOwnMessage, sendMessage } from './write-messages.js';

const routes = API_ROUTES.conversations;

/**
 * Clients and producers only, each on a host that serves their area; everyone else gets the client area's answers:
 * 404 where the area is off, 401 anonymous, 403 staff (decision 052: the back office takes no part). Runs before
 * validation, so nobody else learns which input would have been accepted.
 */
const requireClientOrProducer = (request: FastifyRequest, reply: FastifyReply) =>
  request.principal?.kind === 'producer' ? requireProducer(request, reply) : requireClient(request, reply);

/**
 * Conversations between a client and the producers who serve their plans (docs/conversations.md): the list, the
 * thread, starting one, sending, retracting, marking read and the attachments. Every route on one conversation
 * checks that the asker takes part in it (else 404) before anything of it is read.
 */
export const conversationRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { config, db, now, limiter, notifier },
) => {
  await registerUploads(app);
  const ctx: ConversationsContext = {
    db,
    config,
    limiter,
    notifier,
    now: now ?? (() => new Date()),
    log: app.log,
  };
  const tags = ['conversations'];
  app.addHook('onRequest', requireClientOrProducer);

  app.get(
    routes.list.path,
    {
      schema: {
        tags,
        querystring: conversationListQuerySchema,
        response: { 200: conversationListResponseSchema },
      },
    },
    (request) => listConversations(ctx, askerOf(request, request.query.producerId), request.query),
  );
  app.post(
    routes.start.path,
    {
      preValidation: readMessageForm,
      schema: { tags, body: startConversationRequestSchema, response: { 200: conversationCreatedSchema } },
    },
    (request) => startConversation(ctx, askerOf(request), request.body, filesOf(request)),
  );
  app.get(
    routes.unreadCount.path,
    { schema: { tags, response: { 200: conversationUnreadCountSchema } } },
    (request) => unreadCount(ctx, askerOf(request)),
  );
  app.get(
    routes.detail.path,
    {
      schema: {
        tags,
        params: conversationIdParamsSchema,
        querystring: conversationViewQuerySchema,
        response: { 200: conversationDetailSchema },
      },
    },
    (request) => getConversation(ctx, askerOf(request, request.query.producerId), request.params.id),
  );
  app.post(
    routes.send.path,
    {
      preValidation: readMessageForm,
      schema: {
        tags,
        params: conversationIdParamsSchema,
        body: sendMessageRequestSchema,
        response: { 200: messageSentSchema },
      },
    },
    (request) => sendMessage(ctx, askerOf(request), request.params.id, request.body.body, filesOf(request)),
  );
  app.post(
    routes.retract.path,
    { schema: { tags, params: conversationMessageParamsSchema, response: { 200: messageRetractedSchema } } },
    (request) => retractOwnMessage(ctx, askerOf(request), request.params.id, request.params.messageId),
  );
  app.post(
    routes.markRead.path,
    {
      schema: { tags, params: conversationIdParamsSchema, response: { 200: conversationReadResponseSchema } },
    },
    (request) => markRead(ctx, askerOf(request), request.params.id),
  );
  app.get(
    routes.attachment.path,
    {
      schema: { tags, params: conversationAttachmentParamsSchema, querystring: conversationViewQuerySchema },
    },
    (request, reply) =>
      sendAttachment(
        ctx,
        reply,
        askerOf(request, request.query.producerId),
        request.params.id,
        request.params.attachmentId,
      ),
  );
};
