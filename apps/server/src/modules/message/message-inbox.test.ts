import { createSafetyCheck } from '../../services/safety/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath, messages } from '@rummage/contract';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createUser, signIn, type TestUser } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import type { AuthUser } from '../account/session.service.js';
import { ageAccount, chatApi } from './chat.fixtures.js';
import { createEventBus } from '../../events/bus.js';
import { createMessageService } from './message.service.js';
import { createDurableEvents } from '../../events/durable.js';
import { createMemoryBudgetStore } from '../../services/rate-budget/index.js';

/** A budget these direct service calls never reach. */
/** What a message service made here needs besides its database and events: budgets and the safety check. */
const budget = {
  budgets: createMemoryBudgetStore(),
  budgetWindow: { max: 1000, windowMs: 60_000 },
  safety: createSafetyCheck({ publicUrl: 'http://rummage.test', productName: 'Rummage' }),
};

const C = messages.chat;
let t: TestApp;
let chat: ReturnType<typeof chatApi>;

interface Person extends TestUser {
  token: string;
}
async function person(): Promise<Person> {
  const user = await createUser(t.app);
  await ageAccount(t.app, user.id);
  return { ...user, token: await signIn(t.app, user) };
}

beforeAll(async () => {
  t = await buildTestApp();
  chat = chatApi(t.app);
});
afterAll(async () => {
  await t?.close();
});

async function productThumb(productId: number): Promise<string | null> {
  const response = await t.app.inject({ method: 'GET', url: apiPath(API.product.item, { id: productId }) });
  return response.json<{ data: { thumbnails: string[] } }>().data.thumbnails[0] ?? null;
}

describe('GET /api/Message/chat-rooms and unread-count', () => {
  it('lists chats newest activity first, with the other person, listing and unread numbers', async () => {
    const [seller, alice, bob] = await Promise.all([person(), person(), person()]);
    const lamp = await createProduct(t.app, seller.id, { title: 'Brass desk lamp vintage', price: 12.5 });
    const chair = await createProduct(t.app, seller.id, { title: 'Chair', price: 30, images: 0 });
    expect(await chat.rooms(seller.token)).toEqual([]);
    expect(await chat.unread(seller.token)).toEqual({ messages: 0, support: 0 });

    await chat.sent(alice.token, lamp, seller.id, 'Is the lamp available?');
    await chat.sent(alice.token, lamp, seller.id, 'I can pick it up today');
    await chat.sent(bob.token, chair, seller.id, 'Chair still there?');

    const rooms = await chat.rooms(seller.token);
    expect(rooms).toEqual([
      {
        otherUserId: bob.id,
        otherUserName: bob.username,
        otherUserImageUrl: null,
        productId: chair,
        productTitle: 'Chair',
        productImageUrl: null,
        productPrice: 30,
        hasUnread: true,
        unreadCount: 1,
        lastMessage: 'Chair still there?',
        lastMessageAt: expect.any(String),
        isSeller: true,
      },
      {
        otherUserId: alice.id,
        otherUserName: alice.username,
        otherUserImageUrl: null,
        productId: lamp,
        productTitle: 'Brass desk lamp vintage',
        productImageUrl: await productThumb(lamp),
        productPrice: 12.5,
        hasUnread: true,
        unreadCount: 2,
        lastMessage: 'I can pick it up today',
        lastMessageAt: expect.any(String),
        isSeller: true,
      },
    ]);
    expect(rooms[1]!.productImageUrl).toMatch(/thumb/);
    expect(await chat.unread(seller.token)).toEqual({ messages: 2, support: 0 });

    // The sender's own messages never count as unread for them.
    expect(await chat.rooms(alice.token)).toMatchObject([
      { otherUserId: seller.id, productId: lamp, hasUnread: false, unreadCount: 0, isSeller: false },
    ]);
    expect(await chat.unread(alice.token)).toEqual({ messages: 0, support: 0 });

    // Answering alice moves her chat to the top; her unread count follows.
    await chat.sent(seller.token, lamp, alice.id, 'Yes, come by at 5');
    expect((await chat.rooms(seller.token)).map((room) => room.productId)).toEqual([lamp, chair]);
    expect(await chat.rooms(alice.token)).toMatchObject([
      { hasUnread: true, unreadCount: 1, lastMessage: 'Yes, come by at 5' },
    ]);
    expect(await chat.unread(alice.token)).toEqual({ messages: 1, support: 0 });
  });

  it('POST /read clears the unread state of that chat only', async () => {
    const [seller, alice, bob] = await Promise.all([person(), person(), person()]);
    const productId = await createProduct(t.app, seller.id);
    await chat.sent(alice.token, productId, seller.id, 'Hello from alice');
    await chat.sent(bob.token, productId, seller.id, 'Hello from bob');
    expect(await chat.unread(seller.token)).toEqual({ messages: 2, support: 0 });

    const read = await chat.read(seller.token, productId, alice.id);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ message: C.markedRead });
    const rooms = await chat.rooms(seller.token);
    expect(rooms.find((room) => room.otherUserId === alice.id)).toMatchObject({
      hasUnread: false,
      unreadCount: 0,
    });
    expect(rooms.find((room) => room.otherUserId === bob.id)).toMatchObject({
      hasUnread: true,
      unreadCount: 1,
    });
    expect(await chat.unread(seller.token)).toEqual({ messages: 1, support: 0 });

    // A buyer marks the seller's answers read the same way (senderId = the seller).
    await chat.sent(seller.token, productId, bob.id, 'Hi bob');
    expect(await chat.unread(bob.token)).toEqual({ messages: 1, support: 0 });
    expect((await chat.read(bob.token, productId, seller.id)).statusCode).toBe(200);
    expect(await chat.unread(bob.token)).toEqual({ messages: 0, support: 0 });
  });

  it('POST /read answers 404 for a chat that does not exist or is not yours', async () => {
    const [seller, alice, carol] = await Promise.all([person(), person(), person()]);
    const productId = await createProduct(t.app, seller.id);
    const none = await chat.read(alice.token, productId, seller.id);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(C.notFound);
    await chat.sent(alice.token, productId, seller.id, 'Hello');
    expect((await chat.read(carol.token, productId, alice.id)).statusCode).toBe(404);
    expect((await chat.read(carol.token, productId, seller.id)).statusCode).toBe(404);
  });

  it('needs a login', async () => {
    for (const url of [API.message.chatRooms, API.message.unreadCount]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
    }
  });
});

describe('DELETE /api/Message/delete-chat/{productId}/with/{otherUserId}', () => {
  it('hides the chat for the caller only; a new message brings it back with only what is new', async () => {
    const [seller, buyer] = await Promise.all([person(), person()]);
    const productId = await createProduct(t.app, seller.id);
    await chat.sent(buyer.token, productId, seller.id, 'Old question');
    await chat.sent(seller.token, productId, buyer.id, 'Old answer');

    const response = await chat.deleteChat(buyer.token, productId, seller.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: C.deleted });
    expect(await chat.rooms(buyer.token)).toEqual([]);
    expect(await chat.unread(buyer.token)).toEqual({ messages: 0, support: 0 });
    expect((await chat.historyOf(buyer.token, productId, seller.id)).data).toEqual([]);
    // The seller keeps everything.
    expect(await chat.rooms(seller.token)).toHaveLength(1);
    expect((await chat.historyOf(seller.token, productId, buyer.id)).data).toHaveLength(2);

    await chat.sent(seller.token, productId, buyer.id, 'Still interested?');
    expect(await chat.rooms(buyer.token)).toMatchObject([
      {
        otherUserId: seller.id,
        productId,
        lastMessage: 'Still interested?',
        unreadCount: 1,
        hasUnread: true,
      },
    ]);
    const history = await chat.historyOf(buyer.token, productId, seller.id);
    expect(history.data.map((message) => message.text)).toEqual(['Still interested?']);
    expect(history.hasMore).toBe(false);
    expect((await chat.historyOf(seller.token, productId, buyer.id)).data).toHaveLength(3);
  });

  it('clears unread messages with the chat', async () => {
    const [seller, buyer] = await Promise.all([person(), person()]);
    const productId = await createProduct(t.app, seller.id);
    await chat.sent(buyer.token, productId, seller.id, 'Spam?');
    expect(await chat.unread(seller.token)).toEqual({ messages: 1, support: 0 });
    expect((await chat.deleteChat(seller.token, productId, buyer.id)).statusCode).toBe(200);
    expect(await chat.unread(seller.token)).toEqual({ messages: 0, support: 0 });
    expect(await chat.rooms(seller.token)).toEqual([]);
    // The buyer's next message brings the chat back for the seller.
    await chat.sent(buyer.token, productId, seller.id, 'Hello again');
    expect(await chat.unread(seller.token)).toEqual({ messages: 1, support: 0 });
  });

  it('answers 404 for a chat that does not exist or is not yours', async () => {
    const [seller, buyer, carol] = await Promise.all([person(), person(), person()]);
    const productId = await createProduct(t.app, seller.id);
    const none = await chat.deleteChat(buyer.token, productId, seller.id);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(C.notFound);
    await chat.sent(buyer.token, productId, seller.id, 'Hello');
    expect((await chat.deleteChat(carol.token, productId, buyer.id)).statusCode).toBe(404);
    expect(await chat.rooms(seller.token)).toHaveLength(1);
    expect(await chat.rooms(buyer.token)).toHaveLength(1);
  });
});

describe('domain events', () => {
  /**
   * A real bus with a subscriber on every chat event, recording what the service said, in order; its durable
   * events have no processors, so each is only told on this bus after its commit.
   */
  function recorder() {
    const said: Array<[string, unknown]> = [];
    const events = createEventBus();
    for (const name of ['chat.messageSent', 'chat.read', 'chat.deleted'] as const) {
      events.on(name, (event) => void said.push([name, event]));
    }
    const durable = createDurableEvents({
      db: t.app.parts.storage.database.db,
      queue: t.app.parts.queue,
      bus: events,
    });
    return { said, durable };
  }

  it('says a message was stored, and who read or deleted a chat', async () => {
    const [seller, buyer] = await Promise.all([person(), person()]);
    const productId = await createProduct(t.app, seller.id);
    const { said, durable } = recorder();
    const service = createMessageService({
      db: t.app.parts.storage.database.db,
      store: t.app.parts.storage.imageStore,
      durable,
      ...budget,
    });
    const asBuyer: AuthUser = { id: buyer.id, username: buyer.username, role: 'user' };
    const asSeller: AuthUser = { id: seller.id, username: seller.username, role: 'user' };

    const sent = await service.send(asBuyer, { productId, receiverId: seller.id, message: 'Hi' });
    const pair = { productId, buyerId: buyer.id, sellerId: seller.id };
    expect(said).toEqual([
      ['chat.messageSent', { message: sent, ...pair, senderId: buyer.id, receiverId: seller.id }],
    ]);
    expect(sent.text).toBe('Hi');

    said.length = 0;
    const answer = await service.send(asSeller, {
      productId,
      receiverId: buyer.id,
      message: 'Yes',
      clientMessageId: 'tab-1-7',
    });
    expect(said).toEqual([
      [
        'chat.messageSent',
        { message: answer, ...pair, senderId: seller.id, receiverId: buyer.id, clientMessageId: 'tab-1-7' },
      ],
    ]);

    said.length = 0;
    await service.read(asSeller, productId, buyer.id);
    await service.deleteChat(asSeller, productId, buyer.id);
    const mine = { userId: seller.id, productId, otherUserId: buyer.id };
    expect(said).toEqual([
      ['chat.read', mine],
      ['chat.deleted', mine],
    ]);

    said.length = 0;
    await expect(service.send(asBuyer, { productId, receiverId: seller.id, message: ' ' })).rejects.toThrow(
      C.empty,
    );
    expect(said).toEqual([]);
  });

  it('keeps a stored message when a subscriber fails', async () => {
    const [seller, buyer] = await Promise.all([person(), person()]);
    const productId = await createProduct(t.app, seller.id);
    const warnings: string[] = [];
    const events = createEventBus({ warn: (_object, message) => void warnings.push(message) });
    events.on('chat.messageSent', () => Promise.reject(new Error('hub down')));
    events.on('chat.messageSent', () => {
      throw new Error('hub down');
    });
    const db = t.app.parts.storage.database.db;
    const service = createMessageService({
      db,
      store: t.app.parts.storage.imageStore,
      durable: createDurableEvents({ db, queue: t.app.parts.queue, bus: events }),
      ...budget,
    });
    const asBuyer: AuthUser = { id: buyer.id, username: buyer.username, role: 'user' };
    const sent = await service.send(asBuyer, { productId, receiverId: seller.id, message: 'Hi' });
    expect((await chat.historyOf(seller.token, productId, buyer.id)).data.map((m) => m.id)).toEqual([
      sent.id,
    ]);
    expect(warnings).toHaveLength(2);
  });
});
