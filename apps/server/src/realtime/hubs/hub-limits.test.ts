/**
 * One message budget per person, whichever way they write: REST Message/send and /chathub SendMessage
 * spend from one bucket, support messages (REST and /supporthub) from another. RATE_LIMIT_GLOBAL_MAX 300 makes
 * each bucket 30 a minute (max(30, 300 / 10)), the smallest Message/send ever allowed.
 */
import { describe, expect, it } from 'vitest';
import {
  API,
  apiPath,
  HUB_EVENTS,
  HUBS,
  messages,
  type ChatHistoryResponse,
  type SupportTicket,
} from '@rummage/contract';
import { ageAccount } from '../../modules/message/chat.fixtures.js';
import { bearer } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { useHubTestApp, type HubPerson } from '../test/hub-app.js';
import type { HubConnection } from '../test/server.js';

const BUDGET = 30;
const TOO_MANY = messages.common.tooManyRequests;
const HUB_REFUSAL = `HubException: ${TOO_MANY}`;

const hub = useHubTestApp({ RATE_LIMIT_GLOBAL_MAX: '300' });
const { person, connect } = hub;

function restSend(who: HubPerson, productId: number, receiverId: number, message: string) {
  return hub.t.app.inject({
    method: 'POST',
    url: API.message.send,
    headers: { ...bearer(who.token), 'content-type': 'application/json' },
    payload: JSON.stringify({ productId, receiverId, message }),
  });
}

async function restSent(who: HubPerson, productId: number, receiverId: number, message: string) {
  const response = await restSend(who, productId, receiverId, message);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** How many messages `from` has stored in the chat about `productId` with `other`. */
async function storedBy(from: HubPerson, productId: number, other: HubPerson): Promise<number> {
  const response = await hub.t.app.inject({
    method: 'GET',
    url: `${apiPath(API.message.history, { productId, receiverId: other.id })}?pageSize=200`,
    headers: bearer(from.token),
  });
  return response.json<ChatHistoryResponse>().data.filter((m) => m.senderId === from.id).length;
}

/** Every MessageError the connection receives, in order. */
function messageErrors(connection: HubConnection): string[] {
  const texts: string[] = [];
  connection.on(HUB_EVENTS.messageError, (text: string) => texts.push(text));
  return texts;
}

/** A buyer and a seller in a chat the seller has answered: only the budget holds the buyer back from here. */
async function answeredChat() {
  const [seller, buyer] = await Promise.all([person(), person()]);
  const productId = await createProduct(hub.t.app, seller.id);
  await restSent(buyer, productId, seller.id, 'Is this available?');
  await restSent(seller, productId, buyer.id, 'Yes');
  return { seller, buyer, productId };
}

/** Invokes one after another, so the budget (not the order of arrival) decides; answers each outcome. */
async function invokeInTurn(connection: HubConnection, count: number, args: () => unknown[]) {
  const outcomes: string[] = [];
  for (let n = 0; n < count; n++) {
    const [method, ...rest] = args() as [string, ...unknown[]];
    outcomes.push(
      await connection.invoke(method, ...rest).then(
        () => 'ok',
        (error: Error) => error.message,
      ),
    );
  }
  return outcomes;
}

describe('/chathub SendMessage and REST Message/send share one budget', () => {
  it('stores no more through the hub alone than the REST budget, and says why with the REST text', async () => {
    const { seller, buyer, productId } = await answeredChat();
    const chat = await connect(HUBS.chat, buyer);
    const errors = messageErrors(chat);
    const outcomes = await invokeInTurn(chat, BUDGET + 4, () => [
      'SendMessage',
      seller.id,
      'again',
      productId,
      '',
    ]);
    // The first REST message already spent one.
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(BUDGET - 1);
    const refused = outcomes.filter((o) => o !== 'ok');
    expect(refused).toHaveLength(5);
    for (const text of refused) expect(text).toContain(HUB_REFUSAL);
    await expect.poll(() => errors).toEqual(Array<string>(5).fill(TOO_MANY));
    expect(await storedBy(buyer, productId, seller)).toBe(BUDGET);
  });

  it('spends nothing on a blank message, on the hub as on REST, and refuses it with the same text', async () => {
    const [seller, buyer] = await Promise.all([person(), person()]);
    const productId = await createProduct(hub.t.app, seller.id);
    const chat = await connect(HUBS.chat, buyer);
    const errors = messageErrors(chat);
    const outcomes = await invokeInTurn(chat, 3, () => ['SendMessage', seller.id, '   ', productId, '']);
    const blank = await restSend(buyer, productId, seller.id, '   ');
    expect(blank.statusCode).toBe(400);
    const refusal = blank.json<{ message: string }>().message;
    for (const outcome of outcomes) expect(outcome).toContain(`HubException: ${refusal}`);
    await expect.poll(() => errors).toEqual(Array<string>(3).fill(refusal));
    const first = await restSent(buyer, productId, seller.id, 'Hello');
    expect(first.headers['x-ratelimit-remaining']).toBe(String(BUDGET - 1));
  });

  it('holds when a burst arrives at once on several connections', async () => {
    const { seller, buyer, productId } = await answeredChat();
    const tabs = await Promise.all([1, 2, 3, 4].map(() => connect(HUBS.chat, buyer)));
    await Promise.allSettled(
      tabs.flatMap((tab) =>
        Array.from({ length: 12 }, (_, n) =>
          tab.invoke('SendMessage', seller.id, `burst ${n}`, productId, ''),
        ),
      ),
    );
    const stored = await storedBy(buyer, productId, seller);
    expect(stored).toBeGreaterThan(1);
    expect(stored).toBeLessThanOrEqual(BUDGET);
  });

  it('counts REST and hub messages in one bucket, with the x-ratelimit-* headers on REST answers', async () => {
    const [seller, buyer] = await Promise.all([person(), person()]);
    const productId = await createProduct(hub.t.app, seller.id);
    const first = await restSent(buyer, productId, seller.id, 'Hello');
    expect(first.headers['x-ratelimit-limit']).toBe(String(BUDGET));
    expect(first.headers['x-ratelimit-remaining']).toBe(String(BUDGET - 1));
    expect(Number(first.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    await restSent(seller, productId, buyer.id, 'Hi!');
    for (let n = 2; n <= 20; n++) await restSent(buyer, productId, seller.id, `rest ${n}`);

    const chat = await connect(HUBS.chat, buyer);
    const outcomes = await invokeInTurn(chat, 11, () => ['SendMessage', seller.id, 'hub', productId, '']);
    expect(outcomes.slice(0, 10)).toEqual(Array<string>(10).fill('ok'));
    expect(outcomes[10]).toContain(HUB_REFUSAL);

    const refused = await restSend(buyer, productId, seller.id, 'one more');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: TOO_MANY });
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedBy(buyer, productId, seller)).toBe(BUDGET);
    // The seller's budget is their own.
    await restSent(seller, productId, buyer.id, 'Slow down');
  });
});

describe('a new account’s share', () => {
  it('holds back new chats once half the budget is spent, while replies keep the whole budget', async () => {
    const { seller, buyer, productId } = await answeredChat();
    const [otherSeller] = await Promise.all([person()]);
    const otherProduct = await createProduct(hub.t.app, otherSeller.id);
    for (let n = 2; n <= BUDGET / 2; n++) await restSent(buyer, productId, seller.id, `reply ${n}`);

    const newChat = await restSend(buyer, otherProduct, otherSeller.id, 'Is yours available?');
    expect(newChat.statusCode).toBe(429);
    expect(newChat.json()).toEqual({ message: TOO_MANY });
    expect(Number(newChat.headers['retry-after'])).toBeGreaterThan(0);

    // The refused attempt spent one; the answered chat goes on to the end of the shared budget, no sooner.
    const chat = await connect(HUBS.chat, buyer);
    const outcomes = await invokeInTurn(chat, BUDGET / 2, () => [
      'SendMessage',
      seller.id,
      'more',
      productId,
      '',
    ]);
    expect(outcomes.slice(0, BUDGET / 2 - 1)).toEqual(Array<string>(BUDGET / 2 - 1).fill('ok'));
    expect(outcomes.at(-1)).toContain(HUB_REFUSAL);
  });

  it('lets an account past the new-account window start chats with its whole budget', async () => {
    const { seller, buyer, productId } = await answeredChat();
    await ageAccount(hub.t.app, buyer.id);
    const otherSeller = await person();
    const otherProduct = await createProduct(hub.t.app, otherSeller.id);
    for (let n = 2; n <= BUDGET / 2 + 1; n++) await restSent(buyer, productId, seller.id, `reply ${n}`);
    await restSent(buyer, otherProduct, otherSeller.id, 'Is yours available?');
  });
});

describe('/supporthub SendMessage and the REST staff reply share one budget', () => {
  it('refuses past the budget with the REST text, as MessageError and as the invocation’s error', async () => {
    const [user, staff] = await Promise.all([person(), person('staff')]);
    const opened = await hub.t.app.inject({
      method: 'POST',
      url: API.support.createTicket,
      headers: { ...bearer(user.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ subject: 'a-product', message: 'Help', username: user.username }),
    });
    expect(opened.statusCode).toBe(201);
    expect(opened.headers['x-ratelimit-remaining']).toBe(String(BUDGET - 1));
    const ticket = opened.json<{ data: SupportTicket }>().data;

    const reply = (text: string) =>
      hub.t.app.inject({
        method: 'POST',
        url: apiPath(API.staff.ticketReply, { ticketId: ticket.id }),
        headers: { ...bearer(staff.token), 'content-type': 'application/json' },
        payload: JSON.stringify({ message: text }),
      });
    for (let n = 1; n <= 10; n++) expect((await reply(`rest ${n}`)).statusCode).toBe(200);

    const staffHub = await connect(HUBS.support, staff);
    const errors = messageErrors(staffHub);
    const outcomes = await invokeInTurn(staffHub, BUDGET - 10 + 2, () => [
      'SendMessage',
      { TicketId: ticket.id, isUser: false, Message: 'hub answer' },
    ]);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(BUDGET - 10);
    expect(outcomes.slice(-2).every((o) => o.includes(HUB_REFUSAL))).toBe(true);
    await expect.poll(() => errors).toEqual([TOO_MANY, TOO_MANY]);

    const restRefused = await reply('one more');
    expect(restRefused.statusCode).toBe(429);
    expect(restRefused.json()).toEqual({ message: TOO_MANY });
    const history = await hub.t.app.inject({
      method: 'GET',
      url: apiPath(API.support.ticketHistory, { ticketId: ticket.id }),
      headers: bearer(user.token),
    });
    const staffMessages = history
      .json<{ data: Array<{ sentByUser: boolean }> }>()
      .data.filter((m) => !m.sentByUser);
    expect(staffMessages).toHaveLength(BUDGET);
  });
});
