import { API, apiPath } from '@rummage/contract';
import { chatApi } from '../src/modules/message/chat.fixtures.js';
import { createProduct } from '../src/test/products.js';
import { EMPTY_JSON, fixed, get, type RouteCase } from './route-kinds.js';
import { rows, type World } from './world.js';

/** A new listing of the owner's that the buyer asked about with the secret: each chat route gets its own chat. */
async function chatAbout(w: World): Promise<number> {
  const productId = await createProduct(w.app, w.owner.user.id);
  await chatApi(w.app).sent(w.buyer.token, productId, w.owner.user.id, `Still there? ${w.secrets.chat}`);
  return productId;
}

/** Chats about listings: a message names the owner's listing; the chat routes name the owner's chat with the buyer. */
export const MESSAGE_CASES: Record<string, RouteCase> = {
  'POST /api/Message/send': {
    access: 'signed-in',
    prepare: (w) => ({
      // Anyone may ask the seller about a listing; the seller answers the buyer who wrote first.
      call: (caller) => ({
        method: 'POST',
        url: API.message.send,
        payload: {
          productId: w.productId,
          receiverId: caller === 'owner' ? w.buyer.user.id : w.owner.user.id,
          message: 'Hello there',
        },
      }),
    }),
  },
  'GET /api/Message/chat-rooms': get('signed-in', () => API.message.chatRooms),
  'POST /api/Message/read': {
    access: 'participant',
    async prepare(w) {
      const productId = await chatAbout(w);
      return fixed(
        { method: 'POST', url: API.message.read, payload: { productId, senderId: w.buyer.user.id } },
        { state: () => rows.chatMembers(w.app, w.owner.user.id) },
      );
    },
  },
  'DELETE /api/Message/delete-chat/{productId}/with/{otherUserId}': {
    access: 'participant',
    async prepare(w) {
      const productId = await chatAbout(w);
      return fixed(
        {
          method: 'DELETE',
          url: apiPath(API.message.deleteChat, { productId, otherUserId: w.buyer.user.id }),
          headers: EMPTY_JSON,
        },
        { state: () => rows.chatMembers(w.app, w.owner.user.id) },
      );
    },
  },
  'GET /api/Message/chat-thrifter/{productId}/with/{receiverId}': {
    access: 'participant',
    async prepare(w) {
      const productId = await chatAbout(w);
      return fixed({
        method: 'GET',
        url: apiPath(API.message.chatThrifter, { productId, receiverId: w.buyer.user.id }),
      });
    },
  },
  'GET /api/Message/history/{productId}/with/{receiverId}': {
    access: 'participant',
    async prepare(w) {
      const productId = await chatAbout(w);
      return fixed(
        { method: 'GET', url: apiPath(API.message.history, { productId, receiverId: w.buyer.user.id }) },
        { reveals: ['chat'] },
      );
    },
  },
  'GET /api/Message/unread-count': get('signed-in', () => API.message.unreadCount),
};
