/** Test helpers for the Message API: each call as the SPEC's client makes it (JSON, bearer token). */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  API,
  apiPath,
  type ChatHistoryResponse,
  type ChatRoom,
  type ChatThreadHeader,
  type UnreadCounts,
} from '@rummage/contract';
import { users } from '../../db/schema.js';
import { bearer } from '../../test/factories.js';

/** Makes an account look `days` old (new accounts may start fewer chats an hour). */
export async function ageAccount(app: FastifyInstance, userId: number, days = 30): Promise<void> {
  const createdAt = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  await app.parts.storage.database.db.update(users).set({ createdAt }).where(eq(users.id, userId));
}

export function chatApi(app: FastifyInstance) {
  const json = (token: string) => ({ ...bearer(token), 'content-type': 'application/json' });

  const api = {
    send(token: string, productId: number, receiverId: number, message: unknown) {
      return app.inject({
        method: 'POST',
        url: API.message.send,
        headers: json(token),
        payload: JSON.stringify({ productId, receiverId, message }),
      });
    },

    /** Sends and expects success; answers the stored message's id. */
    async sent(token: string, productId: number, receiverId: number, message: string): Promise<number> {
      const response = await api.send(token, productId, receiverId, message);
      if (response.statusCode !== 200)
        throw new Error(`send answered ${response.statusCode}: ${response.body}`);
      return response.json<{ data: { id: number } }>().data.id;
    },

    history(token: string, productId: number, receiverId: number, query = '') {
      return app.inject({
        method: 'GET',
        url: `${apiPath(API.message.history, { productId, receiverId })}${query}`,
        headers: bearer(token),
      });
    },

    async historyOf(token: string, productId: number, receiverId: number, query = '') {
      const response = await api.history(token, productId, receiverId, query);
      if (response.statusCode !== 200)
        throw new Error(`history answered ${response.statusCode}: ${response.body}`);
      return response.json<ChatHistoryResponse>();
    },

    header(token: string, productId: number, receiverId: number) {
      return app.inject({
        method: 'GET',
        url: apiPath(API.message.chatThrifter, { productId, receiverId }),
        headers: bearer(token),
      });
    },

    async headerOf(token: string, productId: number, receiverId: number): Promise<ChatThreadHeader> {
      const response = await api.header(token, productId, receiverId);
      if (response.statusCode !== 200)
        throw new Error(`header answered ${response.statusCode}: ${response.body}`);
      return response.json<{ data: ChatThreadHeader }>().data;
    },

    async rooms(token: string): Promise<ChatRoom[]> {
      const response = await app.inject({
        method: 'GET',
        url: API.message.chatRooms,
        headers: bearer(token),
      });
      if (response.statusCode !== 200) throw new Error(`chat-rooms answered ${response.statusCode}`);
      return response.json<{ data: ChatRoom[] }>().data;
    },

    async unread(token: string): Promise<UnreadCounts> {
      const response = await app.inject({
        method: 'GET',
        url: API.message.unreadCount,
        headers: bearer(token),
      });
      if (response.statusCode !== 200) throw new Error(`unread-count answered ${response.statusCode}`);
      return response.json<{ data: UnreadCounts }>().data;
    },

    read(token: string, productId: number, senderId: number) {
      return app.inject({
        method: 'POST',
        url: API.message.read,
        headers: json(token),
        payload: JSON.stringify({ productId, senderId }),
      });
    },

    /** The SPEC's client sends DELETE with a JSON content type and no body. */
    deleteChat(token: string, productId: number, otherUserId: number) {
      return app.inject({
        method: 'DELETE',
        url: apiPath(API.message.deleteChat, { productId, otherUserId }),
        headers: json(token),
      });
    },
  };
  return api;
}
