import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  API,
  apiPath,
  fillText,
  formatPrice,
  HUB_EVENTS,
  HUBS,
  messages,
  type ChatHistoryResponse,
  type AgreementChanged,
  type ChatRoom,
  type Offer,
  type OfferResponse,
} from '@rummage/contract';
import { deals, products } from '../../db/schema.js';
import { bearer, deleteAccount } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { useHubTestApp, type HubPerson } from '../test/hub-app.js';
import type { HubConnection } from '../test/server.js';

const O = messages.offers;
const hub = useHubTestApp();
const { person, connect } = hub;

async function call(who: HubPerson, method: 'GET' | 'POST', url: string, body?: object) {
  const response = await hub.t.app.inject({
    method,
    url,
    headers: bearer(who.token),
    ...(body && { payload: body }),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

const offer = async (who: HubPerson, productId: number, amount: number) =>
  ((await call(who, 'POST', API.offer.root, { productId, amount })) as OfferResponse).data;

const history = async (who: HubPerson, productId: number, otherId: number) =>
  (
    (await call(
      who,
      'GET',
      apiPath(API.message.history, { productId, receiverId: otherId }),
    )) as ChatHistoryResponse
  ).data.map((row) => ({ text: row.text, senderId: row.senderId, offer: row.offer }));

const rooms = async (who: HubPerson) =>
  ((await call(who, 'GET', API.message.chatRooms)) as { data: ChatRoom[] }).data;

/**
 * A buyer's chat about a seller's listing, open on both sides, each page keeping what `event` brings it; `open`
 * opens another page of the same listing (a third person's, say).
 */
async function chatOpenOnBothSides<T>(event: string) {
  const [seller, buyer, third] = await Promise.all([person(), person(), person()]);
  const productId = await createProduct(hub.t.app, seller.id, { price: 100 });
  await call(buyer, 'POST', API.message.send, { productId, receiverId: seller.id, message: 'Hi' });
  const open = async (who: HubPerson, otherId: number) => {
    const connection = await connect(HUBS.chat, who);
    const got: T[] = [];
    connection.on(event, (payload: T) => got.push(payload));
    await connection.invoke('JoinChat', otherId, productId);
    return { connection, got };
  };
  const [sellerTab, buyerTab] = [await open(seller, buyer.id), await open(buyer, seller.id)];
  return { seller, buyer, third, productId, open, sellerTab, buyerTab };
}

/** Every earlier push on these connections has arrived (an invocation's answer follows them on the socket). */
async function settled(connections: HubConnection[]) {
  await Promise.all(connections.map((connection) => connection.invoke('LeaveChat', 1, 1)));
}

describe('offers in the chat between the two', () => {
  it('start the chat, stand among the messages in time order, and carry their status as it is now', async () => {
    const [seller, buyer] = await Promise.all([person(), person()]);
    const productId = await createProduct(hub.t.app, seller.id, { price: 100 });

    const first = await offer(buyer, productId, 50);
    // A chat that so far holds only an offer is in both inboxes, unread for the seller.
    const sellerRoom = (await rooms(seller)).find((room) => room.productId === productId);
    expect(sellerRoom).toMatchObject({
      otherUserId: buyer.id,
      lastMessage: fillText(O.inChat, { amount: formatPrice(50) }),
      unreadCount: 1,
    });
    expect((await rooms(buyer)).some((room) => room.productId === productId)).toBe(true);

    await call(buyer, 'POST', API.message.send, {
      productId,
      receiverId: seller.id,
      message: 'Can you do 50?',
    });
    const counter = (
      (await call(seller, 'POST', apiPath(API.offer.counter, { id: first.id }), {
        amount: 70,
      })) as OfferResponse
    ).data;

    const expected = [
      {
        text: fillText(O.inChat, { amount: formatPrice(50) }),
        senderId: buyer.id,
        offer: { id: first.id, amount: 50, status: 'countered' },
      },
      { text: 'Can you do 50?', senderId: buyer.id, offer: null },
      {
        text: fillText(O.counterInChat, { amount: formatPrice(70) }),
        senderId: seller.id,
        offer: { id: counter.id, amount: 70, status: 'pending' },
      },
    ];
    expect(await history(buyer, productId, seller.id)).toEqual(expected);
    expect(await history(seller, productId, buyer.id)).toEqual(expected);

    await call(buyer, 'POST', apiPath(API.offer.accept, { id: counter.id }));
    expect((await history(seller, productId, buyer.id))[2]!.offer).toEqual({
      id: counter.id,
      amount: 70,
      status: 'accepted',
    });
  });

  it('never shows the seller an offer below their lowest: not in the chat, the inbox or the unread count', async () => {
    const [seller, buyer] = await Promise.all([person(), person()]);
    const productId = await createProduct(hub.t.app, seller.id, { price: 100 });
    await hub.t.app.parts.storage.database.db
      .update(products)
      .set({ minimumOffer: 60 })
      .where(eq(products.id, productId));

    expect((await offer(buyer, productId, 30)).status).toBe('declined');
    expect((await rooms(seller)).some((room) => room.productId === productId)).toBe(false);
    expect(await history(seller, productId, buyer.id)).toEqual([]);
    expect(
      ((await call(seller, 'GET', API.message.unreadCount)) as { data: { messages: number } }).data,
    ).toEqual(expect.objectContaining({ messages: 0 }));
  });

  it('sends receiveoffer to both open pages of the chat on every change, and to nobody else', async () => {
    const {
      seller,
      buyer,
      third: stranger,
      productId,
      ...scene
    } = await chatOpenOnBothSides<Offer>(HUB_EVENTS.receiveOffer);
    const { sellerTab, buyerTab } = scene;
    const strangerTab = await scene.open(stranger, seller.id);

    const made = await offer(buyer, productId, 40);
    await call(seller, 'POST', apiPath(API.offer.decline, { id: made.id }));
    await settled([sellerTab.connection, buyerTab.connection, strangerTab.connection]);

    for (const tab of [sellerTab, buyerTab]) {
      expect(tab.got.map((pushed) => [pushed.id, pushed.amount, pushed.status])).toEqual([
        [made.id, 40, 'pending'],
        [made.id, 40, 'declined'],
      ]);
    }
    expect(strangerTab.got).toEqual([]);
  });

  it('tells the open chat of an offer an account deletion ended', async () => {
    const { seller, buyer, productId, sellerTab } = await chatOpenOnBothSides<Offer>(HUB_EVENTS.receiveOffer);
    const made = await offer(buyer, productId, 40);
    const countered = (
      (await call(seller, 'POST', apiPath(API.offer.counter, { id: made.id }), {
        amount: 70,
      })) as OfferResponse
    ).data;
    await settled([sellerTab.connection]);
    sellerTab.got.length = 0;

    await deleteAccount(hub.t.app, buyer.token, buyer.password);
    await settled([sellerTab.connection]);
    // The seller's counter-offer was made to the buyer, who is gone: it expired, and its Accept goes from the page.
    expect(sellerTab.got.map((pushed) => [pushed.id, pushed.status])).toEqual([[countered.id, 'expired']]);
  });

  it('sends AgreementChanged to the chat when the listing is held for its buyer, let go, sold to them, and called off', async () => {
    const {
      seller,
      buyer,
      third: other,
      productId,
      ...scene
    } = await chatOpenOnBothSides<AgreementChanged>(HUB_EVENTS.agreementChanged);
    const { sellerTab, buyerTab } = scene;
    // The same listing, another buyer's chat: none of this is about them.
    await call(other, 'POST', API.message.send, { productId, receiverId: seller.id, message: 'Hello' });
    const otherTab = await scene.open(other, seller.id);

    await call(seller, 'POST', API.product.reserve, { productId, buyerId: buyer.id });
    await call(seller, 'POST', API.product.unreserve, { productId });
    const sold = (await call(seller, 'POST', API.product.changeSoldStatus, {
      productId,
      isSold: true,
      buyerId: buyer.id,
    })) as { data: { dealId: number } };
    await call(buyer, 'POST', apiPath(API.deal.dispute, { id: sold.data.dealId }));
    await settled([sellerTab.connection, buyerTab.connection, otherTab.connection]);

    for (const tab of [sellerTab, buyerTab]) {
      // Held, let go, sold, called off.
      expect(tab.got).toEqual(Array.from({ length: 4 }, () => ({ productId, buyerId: buyer.id })));
    }
    expect(otherTab.got).toEqual([]);
  });

  it('sends AgreementChanged once when a held listing is sold: to its holder, or to someone else', async () => {
    const {
      seller,
      buyer,
      third: other,
      productId,
      ...scene
    } = await chatOpenOnBothSides<AgreementChanged>(HUB_EVENTS.agreementChanged);
    const { sellerTab, buyerTab } = scene;
    await call(other, 'POST', API.message.send, { productId, receiverId: seller.id, message: 'Hello' });
    const otherTab = await scene.open(other, seller.id);
    const sell = (buyerId: number | null) =>
      call(seller, 'POST', API.product.changeSoldStatus, { productId, isSold: true, buyerId });
    const relist = () => call(seller, 'POST', API.product.changeSoldStatus, { productId, isSold: false });
    const hold = () => call(seller, 'POST', API.product.reserve, { productId, buyerId: buyer.id });

    await hold();
    await sell(buyer.id); // the hold ends in the sale to its holder: one change, not two
    await relist();
    await hold();
    await sell(other.id); // the holder's hold ends; the other buyer's chat gets its sale
    await settled([sellerTab.connection, buyerTab.connection, otherTab.connection]);

    const toBuyer = { productId, buyerId: buyer.id };
    for (const tab of [sellerTab, buyerTab]) {
      // Held, sold to them, available again, held, sold to another.
      expect(tab.got).toEqual([toBuyer, toBuyer, toBuyer, toBuyer, toBuyer]);
    }
    expect(otherTab.got).toEqual([{ productId, buyerId: other.id }]);
  });

  it('sends AgreementChanged once when a sale to the buyer ends: called off in the window, or relisted after it', async () => {
    const { seller, buyer, productId, ...scene } = await chatOpenOnBothSides<AgreementChanged>(
      HUB_EVENTS.agreementChanged,
    );
    const { sellerTab, buyerTab } = scene;
    const sell = async () =>
      (
        (await call(seller, 'POST', API.product.changeSoldStatus, {
          productId,
          isSold: true,
          buyerId: buyer.id,
        })) as { data: { dealId: number } }
      ).data.dealId;
    const relist = () => call(seller, 'POST', API.product.changeSoldStatus, { productId, isSold: false });

    await sell();
    await relist(); // within the window: the deal is called off
    const dealId = await sell();
    await hub.t.app.parts.storage.database.db
      .update(deals)
      .set({ rateUntil: new Date(Date.now() - 1000) })
      .where(eq(deals.id, dealId));
    await relist(); // past it: the deal stands, the agreement does not
    await settled([sellerTab.connection, buyerTab.connection]);

    for (const tab of [sellerTab, buyerTab]) {
      // Sold, available again, sold, available again: one each.
      expect(tab.got).toEqual(Array.from({ length: 4 }, () => ({ productId, buyerId: buyer.id })));
    }
  });
});
