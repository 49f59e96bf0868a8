import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API,
  chatHistoryQuerySchema,
  chatHistoryResponseSchema,
  chatPairParamsSchema,
  chatReceiverParamsSchema,
  chatRoomsResponseSchema,
  chatThreadHeaderResponseSchema,
  messageBodySchema,
  messages,
  readMessagesSchema,
  sendMessageResponseSchema,
  sendMessageSchema,
  unreadCountsResponseSchema,
} from '@rummage/contract';
import type { AppConfig } from '../../config.js';
import { requireUser } from '../../plugins/auth.js';
import { acceptEmptyJsonBody } from '../../plugins/empty-json-body.js';
import { refusalResponses } from '../../plugins/errors.js';
import { budgetHeaders, writesRateLimit } from '../../plugins/rate-limit.js';
import { access } from '../../plugins/openapi.js';
import type { MessageService } from './message.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Chats about listings (routes.ts creates it); the hubs call the same service. */
    messageService: MessageService;
  }
}

const C = messages.chat;
const tags = ['Message'];
const bearer = access.signedIn;
const refusals = refusalResponses;

export interface MessageRoutesOptions {
  config: AppConfig;
  messages: MessageService;
}

/**
 * docs/product.md §7 Message calls. Every one needs a signed-in user; who may see which chat is the service's business
 * (participant rules), so the routes only validate, call and shape the answer.
 */
export const messageRoutes: FastifyPluginAsyncZod<MessageRoutesOptions> = async (app, options) => {
  const { config, messages: chats } = options;
  // Per-person ceiling on reads and deletes. Sending spends the person's message budget in the service instead
  // (shared with /chathub), which also answers the x-ratelimit-* headers; the global limit still counts it.
  const writes = writesRateLimit(config);

  // The SPEC's client sends DELETE with a JSON content type and no body.
  acceptEmptyJsonBody(app);

  app.post(
    API.message.send,
    {
      schema: {
        tags,
        operationId: 'Message_send',
        summary:
          'Send a message about a listing (buyers write to the seller; sellers answer buyers who wrote first)',
        body: sendMessageSchema,
        security: bearer,
        response: { 200: sendMessageResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const data = await chats.send(user, request.body, budgetHeaders(reply));
      // A held message is answered 200 too, saying it waits for a check (docs/product.md §16).
      return { message: data.held ? messages.safety.held : messages.listing.messageSent, data };
    },
  );

  app.get(
    API.message.chatRooms,
    {
      schema: {
        tags,
        operationId: 'Message_chatRooms',
        summary: "The caller's chats, newest activity first (deleted ones hidden until a new message)",
        security: bearer,
        response: { 200: chatRoomsResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await chats.chatRooms(requireUser(request)) }),
  );

  app.post(
    API.message.read,
    {
      config: { rateLimit: writes },
      schema: {
        tags,
        operationId: 'Message_read',
        summary: 'Mark what senderId wrote about productId as read',
        body: readMessagesSchema,
        security: bearer,
        response: { 200: messageBodySchema, ...refusals },
      },
    },
    async (request) => {
      await chats.read(requireUser(request), request.body.productId, request.body.senderId);
      return { message: C.markedRead };
    },
  );

  app.delete(
    API.message.deleteChat,
    {
      config: { rateLimit: writes },
      schema: {
        tags,
        operationId: 'Message_deleteChat',
        summary: 'Delete a chat for yourself (the other side keeps it; a new message brings it back)',
        params: chatPairParamsSchema,
        security: bearer,
        response: { 200: messageBodySchema, ...refusals },
      },
    },
    async (request) => {
      await chats.deleteChat(requireUser(request), request.params.productId, request.params.otherUserId);
      return { message: C.deleted };
    },
  );

  app.get(
    API.message.chatThrifter,
    {
      schema: {
        tags,
        operationId: 'Message_chatThrifter',
        summary: "A chat page's header: the other person and the listing",
        params: chatReceiverParamsSchema,
        security: bearer,
        response: { 200: chatThreadHeaderResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await chats.threadHeader(
        requireUser(request),
        request.params.productId,
        request.params.receiverId,
      ),
    }),
  );

  app.get(
    API.message.history,
    {
      schema: {
        tags,
        operationId: 'Message_history',
        summary:
          'Messages of a chat, oldest to newest; `before` (a message id) pages back, `hasMore` says more',
        params: chatReceiverParamsSchema,
        querystring: chatHistoryQuerySchema,
        security: bearer,
        response: { 200: chatHistoryResponseSchema, ...refusals },
      },
    },
    async (request) =>
      chats.history(requireUser(request), request.params.productId, request.params.receiverId, request.query),
  );

  app.get(
    API.message.unreadCount,
    {
      schema: {
        tags,
        operationId: 'Message_unreadCount',
        summary: 'Chats with unread messages and unread support answers (what /generalhub pushes)',
        security: bearer,
        response: { 200: unreadCountsResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await chats.unreadCounts(requireUser(request).id) }),
  );
};
