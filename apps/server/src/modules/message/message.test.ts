import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath, CHAT_LIMITS, messages, type ChatMessage } from '@rummage/contract';
import { follows } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { banUser, bearer, createUser, signIn, type TestUser } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { ageAccount, chatApi } from './chat.fixtures.js';

const C = messages.chat;
let t: TestApp;
let chat: ReturnType<typeof chatApi>;

interface Person extends TestUser {
  token: string;
}
async function person(): Promise<Person> {
  const user = await createUser(t.app);
  return { ...user, token: await signIn(t.app, user) };
}

let seller: Person;
let buyer: Person;
let stranger: Person;

beforeAll(async () => {
  t = await buildTestApp();
  chat = chatApi(t.app);
  [seller, buyer, stranger] = await Promise.all([person(), person(), person()]);
  // These two start many chats here; the new-account limit has tests of its own (message-limits.test.ts).
  await Promise.all([ageAccount(t.app, buyer.id), ageAccount(t.app, stranger.id)]);
});
afterAll(async () => {
  await t?.close();
});

async function productThumb(productId: number): Promise<string | null> {
  const response = await t.app.inject({ method: 'GET', url: apiPath(API.product.item, { id: productId }) });
  return response.json<{ data: { thumbnails: string[] } }>().data.thumbnails[0] ?? null;
}

describe('POST /api/Message/send', () => {
  it('lets a buyer write to the seller and the seller answer; both see the chat oldest to newest', async () => {
    const productId = await createProduct(t.app, seller.id);
    const response = await chat.send(buyer.token, productId, seller.id, '  Hi, is this available?  ');
    expect(response.statusCode, response.body).toBe(200);
    const { message, data } = response.json<{ message: string; data: ChatMessage }>();
    expect(message).toBe(messages.listing.messageSent);
    expect(data).toEqual({
      id: expect.any(Number),
      productId,
      userId: buyer.id,
      senderId: buyer.id,
      receiverId: seller.id,
      userName: buyer.username,
      message: 'Hi, is this available?',
      messageContent: 'Hi, is this available?',
      text: 'Hi, is this available?',
      timestamp: data.time,
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
      safetyWarning: null,
      // A plain message, not an offer (docs/product.md §18).
      offer: null,
    });

    const reply = await chat.send(seller.token, productId, buyer.id, 'Yes it is');
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<{ data: ChatMessage }>().data).toMatchObject({
      userId: seller.id,
      receiverId: buyer.id,
      userName: seller.username,
    });

    for (const [viewer, other] of [
      [buyer, seller],
      [seller, buyer],
    ] as const) {
      const history = await chat.historyOf(viewer.token, productId, other.id);
      expect(history.hasMore).toBe(false);
      expect(history.data.map((m) => [m.userName, m.text, m.receiverId])).toEqual([
        [buyer.username, 'Hi, is this available?', seller.id],
        [seller.username, 'Yes it is', buyer.id],
      ]);
    }
  });

  it('refuses a seller writing first: sellers only answer people who asked', async () => {
    const productId = await createProduct(t.app, seller.id);
    const response = await chat.send(seller.token, productId, buyer.id, 'Want to buy this?');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(C.notParticipant);
  });

  it('refuses a buyer writing to anyone but the seller about a listing', async () => {
    const productId = await createProduct(t.app, seller.id);
    await chat.sent(buyer.token, productId, seller.id, 'Hello');
    const response = await chat.send(stranger.token, productId, buyer.id, 'Psst, I saw you asked');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(C.notParticipant);
  });

  it('refuses messaging yourself', async () => {
    const productId = await createProduct(t.app, seller.id);
    for (const [token, receiverId] of [
      [seller.token, seller.id],
      [buyer.token, buyer.id],
    ] as const) {
      const response = await chat.send(token, productId, receiverId, 'Hello me');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(C.self);
    }
  });

  it.each([
    ['an empty message', ''],
    ['a message of spaces', '   \n\t '],
    ['no message at all', undefined],
  ])('answers the contract text for %s', async (_case, text) => {
    const productId = await createProduct(t.app, seller.id);
    const response = await chat.send(buyer.token, productId, seller.id, text);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(C.empty);
  });

  it('refuses a message over the length limit, and takes one exactly at it', async () => {
    const productId = await createProduct(t.app, seller.id);
    const long = await chat.send(buyer.token, productId, seller.id, 'x'.repeat(CHAT_LIMITS.messageMax + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(C.tooLong);
    const full = await chat.send(buyer.token, productId, seller.id, 'y'.repeat(CHAT_LIMITS.messageMax));
    expect(full.statusCode).toBe(200);
  });

  it('answers 404 for a listing that does not exist or was hidden by moderation', async () => {
    const unknown = await chat.send(buyer.token, 999_999_999, seller.id, 'Hello?');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(C.productNotFound);
    const hidden = await createProduct(t.app, seller.id, { hidden: true });
    const response = await chat.send(buyer.token, hidden, seller.id, 'Hello?');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(C.productNotFound);
  });

  it('takes messages about a sold listing, a new chat included (the header says it is sold)', async () => {
    const productId = await createProduct(t.app, seller.id, { isSold: true });
    expect((await chat.send(buyer.token, productId, seller.id, 'Still have it?')).statusCode).toBe(200);
    expect((await chat.headerOf(buyer.token, productId, seller.id)).isSold).toBe(true);
  });

  it('never delivers to a banned person', async () => {
    const [shop, asker] = await Promise.all([person(), person()]);
    const productId = await createProduct(t.app, shop.id);
    await chat.sent(asker.token, productId, shop.id, 'Hello');
    await banUser(t.app, asker.id);
    const reply = await chat.send(shop.token, productId, asker.id, 'Hi there');
    expect(reply.statusCode).toBe(404);
    expect(reply.json().message).toBe(C.userNotFound);

    await banUser(t.app, shop.id);
    const other = await chat.send(buyer.token, productId, shop.id, 'Hello');
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(C.productNotFound);
  });

  it('needs a login and a well-formed body', async () => {
    const productId = await createProduct(t.app, seller.id);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: API.message.send,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ productId, receiverId: seller.id, message: 'Hi' }),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(messages.common.loginRequired);
    const badId = await chat.send(buyer.token, 'abc' as unknown as number, seller.id, 'Hi');
    expect(badId.statusCode).toBe(400);
  });
});

describe('GET /api/Message/chat-thrifter/{productId}/with/{receiverId}', () => {
  it('shows a would-be buyer the seller and the listing before any message', async () => {
    const productId = await createProduct(t.app, seller.id, { title: 'Oak bookshelf', price: 45.5 });
    expect(await chat.headerOf(buyer.token, productId, seller.id)).toEqual({
      userId: seller.id,
      userName: seller.username,
      userImageUrl: null,
      isFollowedByCurrentUser: false,
      isBlockedByCurrentUser: false,
      productId,
      productName: 'Oak bookshelf',
      productPrice: 45.5,
      productImageUrl: await productThumb(productId),
      sellerId: seller.id,
      isSold: false,
      isHidden: false,
      reservedUntil: null,
      isReservedInThisChat: false,
      agreedPrice: null,
    });
    await t.app.parts.storage.database.db
      .insert(follows)
      .values({ followerId: buyer.id, followeeId: seller.id });
    expect((await chat.headerOf(buyer.token, productId, seller.id)).isFollowedByCurrentUser).toBe(true);
  });

  it('shows the seller the buyer once the buyer wrote, and nobody else', async () => {
    const productId = await createProduct(t.app, seller.id);
    const before = await chat.header(seller.token, productId, buyer.id);
    expect(before.statusCode).toBe(403);
    expect(before.json().message).toBe(C.notParticipant);

    await chat.sent(buyer.token, productId, seller.id, 'Hello');
    expect(await chat.headerOf(seller.token, productId, buyer.id)).toMatchObject({
      userId: buyer.id,
      userName: buyer.username,
      sellerId: seller.id,
    });

    const third = await chat.header(stranger.token, productId, buyer.id);
    expect(third.statusCode).toBe(403);
    expect(third.json().message).toBe(C.notParticipant);
    const unknown = await chat.header(buyer.token, 999_999_999, seller.id);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /api/Message/history/{productId}/with/{receiverId}', () => {
  it('is empty before the first message of a valid buyer-seller pair', async () => {
    const productId = await createProduct(t.app, seller.id);
    expect(await chat.historyOf(buyer.token, productId, seller.id)).toEqual({ data: [], hasMore: false });
  });

  it('is refused to anyone outside the chat', async () => {
    const productId = await createProduct(t.app, seller.id);
    await chat.sent(buyer.token, productId, seller.id, 'Private question');
    const response = await chat.history(stranger.token, productId, buyer.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(C.notParticipant);
    // Asking the seller directly shows the stranger's own (empty) chat, never the buyer's.
    expect(await chat.historyOf(stranger.token, productId, seller.id)).toEqual({ data: [], hasMore: false });
  });

  it('pages back with before and hasMore, each page oldest to newest', async () => {
    const productId = await createProduct(t.app, seller.id);
    const ids: number[] = [];
    for (let n = 1; n <= 5; n++) {
      const [from, to] = n % 2 === 1 ? [buyer, seller] : [seller, buyer];
      ids.push(await chat.sent(from.token, productId, to.id, `message ${n}`));
    }
    const newest = await chat.historyOf(buyer.token, productId, seller.id, '?pageSize=2');
    expect(newest.data.map((m) => m.text)).toEqual(['message 4', 'message 5']);
    expect(newest.hasMore).toBe(true);
    const middle = await chat.historyOf(buyer.token, productId, seller.id, `?pageSize=2&before=${ids[3]}`);
    expect(middle.data.map((m) => m.text)).toEqual(['message 2', 'message 3']);
    expect(middle.hasMore).toBe(true);
    const oldest = await chat.historyOf(buyer.token, productId, seller.id, `?pageSize=2&before=${ids[1]}`);
    expect(oldest.data.map((m) => m.text)).toEqual(['message 1']);
    expect(oldest.hasMore).toBe(false);
    const all = await chat.historyOf(seller.token, productId, buyer.id);
    expect(all.data.map((m) => m.id)).toEqual(ids);
    expect(all.hasMore).toBe(false);

    const bad = await chat.history(buyer.token, productId, seller.id, '?pageSize=0');
    expect(bad.statusCode).toBe(400);
  });

  it('needs a login', async () => {
    const productId = await createProduct(t.app, seller.id);
    const response = await t.app.inject({
      method: 'GET',
      url: apiPath(API.message.history, { productId, receiverId: seller.id }),
    });
    expect(response.statusCode).toBe(401);
    const withToken = await t.app.inject({
      method: 'GET',
      url: apiPath(API.message.history, { productId, receiverId: seller.id }),
      headers: bearer(buyer.token),
    });
    expect(withToken.statusCode).toBe(200);
  });
});
