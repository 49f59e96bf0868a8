import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIMITS, messages } from '@rummage/contract';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createUser, signIn, type TestUser } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { offerApi } from '../offer/offer.fixtures.js';
import { ageAccount, chatApi } from './chat.fixtures.js';

const C = messages.chat;
let t: TestApp;
let chat: ReturnType<typeof chatApi>;

interface Person extends TestUser {
  token: string;
}
async function person(options: { old?: boolean } = {}): Promise<Person> {
  const user = await createUser(t.app);
  if (options.old) await ageAccount(t.app, user.id);
  return { ...user, token: await signIn(t.app, user) };
}

/** One listing each from `count` different sellers (not signed in: a password check costs real time). */
async function listings(count: number): Promise<Array<{ seller: TestUser; productId: number }>> {
  const sellers = await Promise.all(Array.from({ length: count }, () => createUser(t.app)));
  return Promise.all(
    sellers.map(async (seller) => ({ seller, productId: await createProduct(t.app, seller.id) })),
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  chat = chatApi(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('new chats per hour', () => {
  const limit = CHAT_LIMITS.newChatsPerHourNewAccount;

  it(`lets a new account start ${limit} chats an hour; replies in answered chats still go through`, async () => {
    const buyer = await person();
    const targets = await listings(limit + 1);
    for (const { seller, productId } of targets.slice(0, limit)) {
      expect((await chat.send(buyer.token, productId, seller.id, 'Hi, is this available?')).statusCode).toBe(
        200,
      );
    }
    const over = targets[limit]!;
    const refused = await chat.send(buyer.token, over.productId, over.seller.id, 'Hi, is this available?');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(C.newChatsLimited);
    expect((await chat.historyOf(buyer.token, over.productId, over.seller.id)).data).toEqual([]);

    // Chats already started keep working, and a seller's answer is never limited.
    const first = targets[0]!;
    const sellerToken = await signIn(t.app, first.seller);
    expect((await chat.send(sellerToken, first.productId, buyer.id, 'Yes!')).statusCode).toBe(200);
    expect(
      (await chat.send(buyer.token, first.productId, first.seller.id, 'Great, see you at 5')).statusCode,
    ).toBe(200);
  });

  it('gives an older account more new chats an hour', async () => {
    const buyer = await person({ old: true });
    const targets = await listings(limit + 1);
    for (const { seller, productId } of targets) {
      expect((await chat.send(buyer.token, productId, seller.id, 'Hi')).statusCode).toBe(200);
    }
  });

  it('holds when several new chats are started at the same moment', async () => {
    const buyer = await person();
    const targets = await listings(limit + 2);
    const answers = await Promise.all(
      targets.map(({ seller, productId }) => chat.send(buyer.token, productId, seller.id, 'Hi')),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([...Array<number>(limit).fill(200), 429, 429]);
  });
});

describe('messages nobody has answered', () => {
  const limit = CHAT_LIMITS.unansweredMessagesPerMinute;

  it(`allows ${limit} a minute into unanswered chats; an answer lifts the limit`, async () => {
    const buyer = await person();
    const { seller, productId } = (await listings(1))[0]!;
    const sellerToken = await signIn(t.app, seller);
    for (let n = 1; n <= limit; n++) {
      expect((await chat.send(buyer.token, productId, seller.id, `ping ${n}`)).statusCode).toBe(200);
    }
    const refused = await chat.send(buyer.token, productId, seller.id, 'ping again');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(C.unansweredLimited);
    expect((await chat.historyOf(sellerToken, productId, buyer.id)).data).toHaveLength(limit);

    expect((await chat.send(sellerToken, productId, buyer.id, 'Slow down, yes it is here')).statusCode).toBe(
      200,
    );
    for (let n = 1; n <= limit + 2; n++) {
      expect((await chat.send(buyer.token, productId, seller.id, `reply ${n}`)).statusCode).toBe(200);
    }
  });

  it('counts unanswered messages across chats, so new chats cannot get around it', async () => {
    const buyer = await person({ old: true });
    const targets = await listings(limit + 1);
    for (const { seller, productId } of targets.slice(0, limit)) {
      expect((await chat.send(buyer.token, productId, seller.id, 'Hi')).statusCode).toBe(200);
    }
    const over = targets[limit]!;
    const refused = await chat.send(buyer.token, over.productId, over.seller.id, 'Hi');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(C.unansweredLimited);
  });

  it('counts offers as it counts messages: a stranger cannot go on offering where writing is refused', async () => {
    const buyer = await person({ old: true });
    const targets = await listings(limit + 2);
    const offer = (productId: number) => offerApi(t.app).offer(buyer, productId, 5);
    for (const { productId } of targets.slice(0, limit))
      expect((await offer(productId)).statusCode).toBe(201);
    const over = targets[limit]!;
    const refused = await offer(over.productId);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(C.unansweredLimited);
    const written = await chat.send(
      buyer.token,
      targets[limit + 1]!.productId,
      targets[limit + 1]!.seller.id,
      'Hi',
    );
    expect(written.statusCode).toBe(429);
    expect(written.json().message).toBe(C.unansweredLimited);
    // Nothing of the refused offer reached its seller.
    expect((await chat.historyOf(buyer.token, over.productId, over.seller.id)).data).toEqual([]);
  });

  it('holds when several offers are made at the same moment', async () => {
    const buyer = await person({ old: true });
    const targets = await listings(limit + 2);
    const offers = offerApi(t.app);
    const answers = await Promise.all(targets.map(({ productId }) => offers.offer(buyer, productId, 5)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([...Array<number>(limit).fill(201), 429, 429]);
  });

  it('never limits a conversation once the other side has written', async () => {
    const buyer = await person();
    const { seller, productId } = (await listings(1))[0]!;
    const sellerToken = await signIn(t.app, seller);
    await chat.sent(buyer.token, productId, seller.id, 'Hi');
    for (let n = 1; n <= limit + 2; n++) {
      expect((await chat.send(sellerToken, productId, buyer.id, `answer ${n}`)).statusCode).toBe(200);
    }
  });
});
