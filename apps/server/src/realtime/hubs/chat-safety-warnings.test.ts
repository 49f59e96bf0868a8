/**
 * Scam warnings in chat (docs/product.md §16), by REST and by /chathub: the recipient reads the warning in history
 * and in the live push, the sender never does, and a phone number shared once both have written is not warned
 * about.
 */
import { describe, expect, it } from 'vitest';
import {
  API,
  HUB_EVENTS,
  HUBS,
  apiPath,
  messages,
  type ChatHistoryResponse,
  type ReceivedChatMessage,
  type SendMessageResponse,
} from '@rummage/contract';
import { ageAccount, chatApi } from '../../modules/message/chat.fixtures.js';
import { bearer } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { useHubTestApp, type HubPerson } from '../test/hub-app.js';

const S = messages.safety;
const hub = useHubTestApp();

async function chatAbout() {
  const [seller, buyer] = await Promise.all([hub.person(), hub.person()]);
  await Promise.all([ageAccount(hub.t.app, seller.id), ageAccount(hub.t.app, buyer.id)]);
  const productId = await createProduct(hub.t.app, seller.id);
  return { seller, buyer, productId };
}

async function send(who: HubPerson, productId: number, receiverId: number, message: string) {
  const response = await chatApi(hub.t.app).send(who.token, productId, receiverId, message);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SendMessageResponse>().data;
}

async function historyOf(who: HubPerson, productId: number, otherId: number) {
  const response = await hub.t.app.inject({
    method: 'GET',
    url: apiPath(API.message.history, { productId, receiverId: otherId }),
    headers: bearer(who.token),
  });
  return response.json<ChatHistoryResponse>().data;
}

/** A /chathub tab showing the chat, recording what it receives. */
async function tab(who: HubPerson, otherId: number, productId: number) {
  const connection = await hub.connect(HUBS.chat, who);
  const received: ReceivedChatMessage[] = [];
  connection.on(HUB_EVENTS.receiveMessage, (message: ReceivedChatMessage) => received.push(message));
  await connection.invoke('JoinChat', otherId, productId);
  return { connection, received };
}

describe('safety warnings', () => {
  it('REST: the recipient reads the warning in history; the sender never does', async () => {
    const { seller, buyer, productId } = await chatAbout();
    const sent = await send(
      buyer,
      productId,
      seller.id,
      'Still available? text me on WhatsApp +1 318 555 0199',
    );
    expect(sent.safetyWarning).toBeNull();
    const [forSeller] = await historyOf(seller, productId, buyer.id);
    expect(forSeller?.safetyWarning).toEqual({ kind: 'offPlatform', text: S.offPlatform });
    const [forBuyer] = await historyOf(buyer, productId, seller.id);
    expect(forBuyer?.safetyWarning).toBeNull();
  });

  it('/chathub: the recipient’s push carries the warning, the sender’s echo does not', async () => {
    const { seller, buyer, productId } = await chatAbout();
    await send(buyer, productId, seller.id, 'Hi, is the lamp still there?');
    const sellerTab = await tab(seller, buyer.id, productId);
    const buyerTab = await tab(buyer, seller.id, productId);
    await buyerTab.connection.invoke(
      'SendMessage',
      seller.id,
      "I'll send you a 6-digit code, tell me it so I know you're real",
      productId,
      '',
      'pending-1',
    );
    await expect.poll(() => sellerTab.received.length).toBe(1);
    await expect.poll(() => buyerTab.received.length).toBe(1);
    expect(sellerTab.received[0]?.safetyWarning).toEqual({
      kind: 'verificationCode',
      text: S.verificationCode,
    });
    expect(buyerTab.received[0]).toMatchObject({ safetyWarning: null, clientMessageId: 'pending-1' });
    expect(JSON.stringify(buyerTab.received)).not.toContain(S.verificationCode);
  });

  it('warns about nothing honest, nor about a number shared once both have written', async () => {
    const { seller, buyer, productId } = await chatAbout();
    await send(buyer, productId, seller.id, 'Hi! Would you take $40? I can pay cash or Venmo at pickup.');
    // The seller's page joins once the buyer has written (a seller talks with buyers who already wrote).
    const sellerTab = await tab(seller, buyer.id, productId);
    await send(seller, productId, buyer.id, 'Sure, come by after 6, the gate code is 4471.');
    await send(buyer, productId, seller.id, 'Great, my cell is (312) 555-0142 in case I get lost');
    const history = await historyOf(seller, productId, buyer.id);
    expect(history.map((message) => message.safetyWarning)).toEqual([null, null, null]);
    await expect.poll(() => sellerTab.received.length).toBe(2);
    expect(sellerTab.received.every((message) => message.safetyWarning === null)).toBe(true);
  });

  it('still warns about moving off the site after only an offer and a counter-offer: neither wrote yet', async () => {
    const { seller, buyer, productId } = await chatAbout();
    const post = (who: HubPerson, url: string, body: object) =>
      hub.t.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(who.token), 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const offer = await post(buyer, API.offer.root, { productId, amount: 40 });
    expect(offer.statusCode, offer.body).toBe(201);
    const offerId = offer.json<{ data: { id: number } }>().data.id;
    const counter = await post(seller, apiPath(API.offer.counter, { id: offerId }), { amount: 70 });
    expect(counter.statusCode, counter.body).toBe(201);
    await send(
      buyer,
      productId,
      seller.id,
      'Text me on telegram at +1 (318) 555-0199, we can sort out the rest there',
    );
    const [, , message] = await historyOf(seller, productId, buyer.id);
    expect(message?.safetyWarning).toEqual({ kind: 'offPlatform', text: S.offPlatform });
  });
});
