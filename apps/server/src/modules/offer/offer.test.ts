import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  apiPath,
  CHAT_LIMITS,
  fillText,
  type ChatThreadHeader,
  messages,
  type OfferListResponse,
  type OfferResponse,
  type ProductDetail,
} from '@rummage/contract';
import { conversations, deals, jobs, offers, products } from '../../db/schema.js';
import { withTransaction } from '../../db/client.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { bearer, createUser, signIn } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { notificationApi, type Person } from '../notification/notification.fixtures.js';
import { OFFER_LAPSE } from './offer.service.js';

const O = messages.offers;

let t: TestApp;
let api: ReturnType<typeof notificationApi>;
beforeAll(async () => {
  t = await buildTestApp({ OFFER_HOURS: '2' });
  api = notificationApi(t.app);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.parts.storage.database.db;

function post(url: string, who: Person | undefined, body?: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      ...(who ? bearer(who.token) : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

const offer = (who: Person, productId: number, amount: unknown) =>
  post(API.offer.root, who, { productId, amount });
const act = (who: Person, id: number, action: 'accept' | 'decline' | 'withdraw') =>
  post(apiPath(API.offer[action], { id }), who);
const counter = (who: Person, id: number, amount: unknown) =>
  post(apiPath(API.offer.counter, { id }), who, { amount });

async function listOf(who: Person, productId: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `${API.offer.root}?productId=${productId}`,
    headers: bearer(who.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OfferListResponse>().data;
}

async function made(response: Awaited<ReturnType<typeof post>>) {
  expect(response.statusCode, response.body).toBe(201);
  return response.json<OfferResponse>();
}

async function listing(price = 100) {
  const [seller, buyer, other] = await Promise.all([api.person(), api.person(), api.person()]);
  const productId = await createProduct(t.app, seller.id, { price });
  return { seller, buyer, other, productId };
}

async function detailFor(productId: number, who: Person): Promise<ProductDetail> {
  const response = await t.app.inject({
    method: 'GET',
    url: apiPath(API.product.item, { id: productId }),
    headers: bearer(who.token),
  });
  return response.json<{ data: ProductDetail }>().data;
}

describe('making an offer', () => {
  it('answers 201 with the offer, pending until OFFER_HOURS from now, and starts the chat', async () => {
    const { seller, buyer, productId } = await listing(80);
    const before = Date.now();
    const answer = await made(await offer(buyer, productId, '62.50'));
    expect(answer.message).toBe(O.sent);
    expect(answer.data).toMatchObject({
      productId,
      buyerId: buyer.id,
      sellerId: seller.id,
      fromUserId: buyer.id,
      amount: 62.5,
      status: 'pending',
    });
    const expires = Date.parse(answer.data.expiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(2 * 3_600_000 - 1_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(2 * 3_600_000);
    // Its lapse is queued with it.
    const [lapse] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, OFFER_LAPSE), eq(jobs.idempotencyKey, `${OFFER_LAPSE}:${answer.data.id}`)));
    expect(lapse?.runAt.toISOString()).toBe(answer.data.expiresAt);
    // The offer is made in the chat between the two, started by it when there was none.
    const [chat] = await db()
      .select({ buyerId: conversations.buyerId, sellerId: conversations.sellerId })
      .from(conversations)
      .innerJoin(offers, eq(offers.conversationId, conversations.id))
      .where(eq(offers.id, answer.data.id));
    expect(chat).toEqual({ buyerId: buyer.id, sellerId: seller.id });
  });

  it('refuses with readable texts: own listing, sold, unknown, bad amounts, over ten times the price', async () => {
    const { seller, buyer, productId } = await listing(40);
    const own = await offer(seller, productId, 10);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ message: O.ownListing });

    for (const amount of [0, -5, 12.345, 'abc', '', null, true]) {
      const refused = await offer(buyer, productId, amount);
      expect(refused.statusCode, String(amount)).toBe(400);
      expect(refused.json<{ message: string }>().message).toBe(O.amountInvalid);
    }
    const tooHigh = await offer(buyer, productId, 400.01);
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json()).toMatchObject({ message: fillText(O.amountTooHigh, { max: '$400' }) });
    expect((await offer(buyer, productId, 400)).statusCode).toBe(201);

    const unknown = await offer(buyer, 99_999_999, 10);
    expect(unknown.statusCode).toBe(404);
    await db().update(products).set({ isSold: true, soldAt: new Date() }).where(eq(products.id, productId));
    const sold = await offer(buyer, productId, 10);
    expect(sold.statusCode).toBe(400);
    expect(sold.json()).toMatchObject({ message: O.listingSold });
    expect((await post(API.offer.root, undefined, { productId, amount: 10 })).statusCode).toBe(401);
  });

  it('counts a chat an offer starts against the new chats an hour: a new account reaches no more sellers by offers', async () => {
    const user = await createUser(t.app);
    const newcomer = { ...user, token: await signIn(t.app, user) } as Person;
    const seller = await api.person();
    const listings = await Promise.all(
      Array.from({ length: CHAT_LIMITS.newChatsPerHourNewAccount + 1 }, () =>
        createProduct(t.app, seller.id),
      ),
    );
    for (const productId of listings.slice(0, -1)) await made(await offer(newcomer, productId, 50));
    const refused = await offer(newcomer, listings.at(-1)!, 50);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: messages.chat.newChatsLimited });
    // Nothing was started for the refused one.
    expect(await listOf(seller, listings.at(-1)!)).toEqual([]);
  });

  it('refuses either way once one blocked the other, with nothing more said', async () => {
    const { seller, buyer, other, productId } = await listing();
    expect((await post(apiPath(API.user.block, { userId: buyer.id }), seller)).statusCode).toBe(200);
    const blockedBuyer = await offer(buyer, productId, 50);
    expect(blockedBuyer.statusCode).toBe(403);
    expect(blockedBuyer.json()).toMatchObject({ message: messages.blocking.cannotOffer });

    expect((await post(apiPath(API.user.block, { userId: seller.id }), other)).statusCode).toBe(200);
    const blocker = await offer(other, productId, 50);
    expect(blocker.statusCode).toBe(403);
    expect(blocker.json()).toMatchObject({ message: messages.blocking.cannotOffer });
  });

  it('keeps one open offer per buyer: a new one withdraws the last, and a fourth in a day is refused', async () => {
    const { seller, buyer, productId } = await listing();
    const first = await made(await offer(buyer, productId, 50));
    const second = await made(await offer(buyer, productId, 55));
    const third = await made(await offer(buyer, productId, 60));
    const list = await listOf(buyer, productId);
    expect(list.map((row) => [row.id, row.status])).toEqual([
      [third.data.id, 'pending'],
      [second.data.id, 'withdrawn'],
      [first.data.id, 'withdrawn'],
    ]);
    const fourth = await offer(buyer, productId, 65);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ message: fillText(O.tooMany, { count: 3 }) });
    const retryAfter = Number(fourth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    // The seller's counter-offers are not the buyer's tries.
    expect((await counter(seller, third.data.id, 70)).statusCode).toBe(201);
  });

  it("declines an offer below the seller's lowest at once, tells nobody, and does not count it as a try", async () => {
    const { seller, buyer, productId } = await listing(100);
    await db().update(products).set({ minimumOffer: 70 }).where(eq(products.id, productId));
    for (const amount of [40, 50, 60, 69.99]) {
      const answer = await made(await offer(buyer, productId, amount));
      expect(answer.message).toBe(O.tooLow);
      expect(answer.data.status).toBe('declined');
    }
    expect(await listOf(seller, productId)).toEqual([]);
    expect((await listOf(buyer, productId)).map((row) => row.amount)).toEqual([69.99, 60, 50, 40]);
    // Nor is the buyer among those who chatted about it: the seller cannot hold it for them or sell it to them.
    const buyers = await t.app.inject({
      method: 'GET',
      url: `${API.deal.buyers}?productId=${productId}`,
      headers: bearer(seller.token),
    });
    expect(buyers.json<{ data: unknown[] }>().data).toEqual([]);
    const hold = await post(API.product.reserve, seller, { productId, buyerId: buyer.id });
    expect(hold.json()).toMatchObject({ message: messages.listing.reserveNoChat });
    const atMinimum = await made(await offer(buyer, productId, 70));
    expect(atMinimum.data.status).toBe('pending');
    expect((await listOf(seller, productId)).map((row) => row.id)).toEqual([atMinimum.data.id]);
    // The seller's lowest is theirs alone: no answer a buyer reads carries it.
    expect(JSON.stringify(await detailFor(productId, buyer))).not.toMatch(/minimumOffer|"70"/);
  });
});

describe('answering an offer', () => {
  it('lets only the party it was made to accept, decline or counter, and only its maker withdraw', async () => {
    const { seller, buyer, other, productId } = await listing();
    const { data } = await made(await offer(buyer, productId, 50));

    for (const action of ['accept', 'decline'] as const) {
      const own = await act(buyer, data.id, action);
      expect(own.statusCode).toBe(403);
      expect(own.json()).toMatchObject({ message: O.notYourTurn });
      const stranger = await act(other, data.id, action);
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json()).toMatchObject({ message: O.notFound });
    }
    expect((await counter(buyer, data.id, 60)).statusCode).toBe(403);
    expect((await counter(other, data.id, 60)).statusCode).toBe(404);
    const bySeller = await act(seller, data.id, 'withdraw');
    expect(bySeller.statusCode).toBe(403);
    expect(bySeller.json()).toMatchObject({ message: O.onlyMaker });
    expect((await act(other, 99_999_999, 'accept')).statusCode).toBe(404);

    const withdrawn = await act(buyer, data.id, 'withdraw');
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json<OfferResponse>()).toMatchObject({
      message: O.withdrawn,
      data: { status: 'withdrawn' },
    });
    const late = await act(seller, data.id, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: O.notPending });
  });

  it('counters back and forth, then accepting reserves the listing for the buyer at the agreed amount', async () => {
    const { seller, buyer, productId } = await listing(120);
    const opening = await made(await offer(buyer, productId, 80));
    const sellerCounter = await made(await counter(seller, opening.data.id, 110));
    expect(sellerCounter.message).toBe(O.countered);
    expect(sellerCounter.data).toMatchObject({ fromUserId: seller.id, buyerId: buyer.id, status: 'pending' });
    const buyerCounter = await made(await counter(buyer, sellerCounter.data.id, 95));
    expect(buyerCounter.data.fromUserId).toBe(buyer.id);

    const accepted = await act(seller, buyerCounter.data.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<OfferResponse>()).toMatchObject({
      message: O.accepted,
      data: { id: buyerCounter.data.id, status: 'accepted', amount: 95 },
    });
    expect((await listOf(seller, productId)).map((row) => [row.amount, row.status])).toEqual([
      [95, 'accepted'],
      [110, 'countered'],
      [80, 'countered'],
    ]);
    // The listing is reserved for the buyer by the reservation rules.
    const detail = await detailFor(productId, buyer);
    expect(detail.isReservedForCurrentUser).toBe(true);
    expect(detail.reservedUntil).not.toBeNull();
    const [stored] = await db()
      .select({ counters: offers.countersId })
      .from(offers)
      .where(eq(offers.id, buyerCounter.data.id));
    expect(stored?.counters).toBe(sellerCounter.data.id);
  });

  it('a buyer making a new offer while the seller’s counter is open counters it', async () => {
    const { seller, buyer, productId } = await listing();
    const opening = await made(await offer(buyer, productId, 40));
    const sellerCounter = await made(await counter(seller, opening.data.id, 70));
    const fresh = await made(await offer(buyer, productId, 55));
    expect(fresh.message).toBe(O.countered);
    const list = await listOf(buyer, productId);
    expect(list.find((row) => row.id === sellerCounter.data.id)?.status).toBe('countered');
    expect(list.filter((row) => row.status === 'pending').map((row) => row.id)).toEqual([fresh.data.id]);
  });

  it('keeps a listing held for another buyer: a counter-offer taken up meanwhile stays open until the hold ends', async () => {
    const { seller, buyer, other, productId } = await listing();
    const first = await made(await offer(buyer, productId, 80));
    const countered = await made(await counter(seller, first.data.id, 90));
    // Meanwhile the seller holds the listing for another buyer, who came with cash.
    await made(await offer(other, productId, 85));
    const held = await post(API.product.reserve, seller, { productId, buyerId: other.id });
    expect(held.statusCode, held.body).toBe(200);

    const refused = await act(buyer, countered.data.id, 'accept');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: O.heldForAnother });
    expect((await listOf(buyer, productId))[0]).toMatchObject({ id: countered.data.id, status: 'pending' });
    expect((await detailFor(productId, other)).isReservedForCurrentUser).toBe(true);
    // Once the hold is let go, the counter-offer can be taken up.
    expect((await post(API.product.unreserve, seller, { productId })).statusCode).toBe(200);
    expect((await act(buyer, countered.data.id, 'accept')).statusCode).toBe(200);
    expect((await detailFor(productId, buyer)).isReservedForCurrentUser).toBe(true);
  });

  it('undoes the acceptance when the listing can no longer be reserved (sold meanwhile)', async () => {
    const { seller, buyer, productId } = await listing();
    const { data } = await made(await offer(buyer, productId, 50));
    await db().update(products).set({ isSold: true, soldAt: new Date() }).where(eq(products.id, productId));
    const refused = await act(seller, data.id, 'accept');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: O.listingSold });
    expect((await listOf(buyer, productId))[0]?.status).toBe('pending');
  });

  it('waits while staff hide the listing: its seller is told why, the buyer learns nothing, and either may still end it', async () => {
    const { seller, buyer, productId } = await listing();
    const opening = await made(await offer(buyer, productId, 50));
    const sellerCounter = await made(await counter(seller, opening.data.id, 70));
    const buyerCounter = await made(await counter(buyer, sellerCounter.data.id, 60));
    await db().update(products).set({ hiddenAt: new Date() }).where(eq(products.id, productId));

    for (const refused of [
      await counter(seller, buyerCounter.data.id, 65),
      await act(seller, buyerCounter.data.id, 'accept'),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: messages.chat.listingHidden });
    }
    const fresh = await offer(buyer, productId, 55);
    expect(fresh.statusCode).toBe(404);
    expect(fresh.json()).toMatchObject({ message: messages.listing.notFound });
    expect((await listOf(seller, productId))[0]).toMatchObject({
      id: buyerCounter.data.id,
      status: 'pending',
    });

    await db().update(products).set({ hiddenAt: null }).where(eq(products.id, productId));
    expect((await act(seller, buyerCounter.data.id, 'accept')).statusCode).toBe(200);
    const next = await listing();
    const open = await made(await offer(next.buyer, next.productId, 50));
    await db().update(products).set({ hiddenAt: new Date() }).where(eq(products.id, next.productId));
    expect((await act(next.seller, open.data.id, 'decline')).statusCode).toBe(200);
  });

  it('lapses through its job: expired in every answer, and no longer open to an answer', async () => {
    const { seller, buyer, productId } = await listing();
    const { data } = await made(await offer(buyer, productId, 50));
    await t.app.parts.listings.offers.lapse({ offerId: data.id });
    expect((await listOf(seller, productId))[0]).toMatchObject({ id: data.id, status: 'expired' });
    expect((await act(seller, data.id, 'accept')).statusCode).toBe(409);
    // A job that runs after an answer leaves the answer alone.
    const next = await made(await offer(buyer, productId, 52));
    expect((await act(seller, next.data.id, 'decline')).statusCode).toBe(200);
    await t.app.parts.listings.offers.lapse({ offerId: next.data.id });
    expect((await listOf(buyer, productId))[0]).toMatchObject({ id: next.data.id, status: 'declined' });
  });

  // Two open transactions need two connections: PGlite has one.
  it.skipIf(!process.env.DATABASE_URL)(
    'lapses after a new offer between the two that locked the listing first, leaving its ending alone',
    async () => {
      const { buyer, productId } = await listing();
      const { data } = await made(await offer(buyer, productId, 50));
      let locked!: () => void;
      const listingLocked = new Promise<void>((resolve) => (locked = resolve));
      let goOn!: () => void;
      const lapseWaits = new Promise<void>((resolve) => (goOn = resolve));
      // What the buyer's next offer does (offer.service.ts `make`): the listing, then the open offer ended.
      const nextOffer = withTransaction(db(), async (tx) => {
        await tx.execute(sql`select 1 from products where id = ${productId} for update`);
        locked();
        await lapseWaits;
        await tx
          .update(offers)
          .set({ status: 'withdrawn', answeredAt: new Date() })
          .where(eq(offers.id, data.id));
      });
      await listingLocked;
      const lapsing = t.app.parts.listings.offers.lapse({ offerId: data.id });
      let tries = 0;
      while (tries < 200 && (await waitingForLocks()) === 0) {
        tries += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      goOn();
      await Promise.all([nextOffer, lapsing]);
      expect(tries, 'the lapse never waited for the listing').toBeLessThan(200);
      // Ended once, by the new offer: the lapse found it no longer open.
      const [row] = await db().select({ status: offers.status }).from(offers).where(eq(offers.id, data.id));
      expect(row?.status).toBe('withdrawn');
    },
  );
});

async function waitingForLocks(): Promise<number> {
  const result = await db().execute(
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

describe('who sees which offers', () => {
  it('shows the seller every offer, a buyer their own, and anyone else none', async () => {
    const { seller, buyer, other, productId } = await listing();
    const third = await api.person();
    const mine = await made(await offer(buyer, productId, 50));
    const theirs = await made(await offer(third, productId, 60));
    expect((await listOf(seller, productId)).map((row) => row.id)).toEqual([theirs.data.id, mine.data.id]);
    expect((await listOf(buyer, productId)).map((row) => row.id)).toEqual([mine.data.id]);
    expect(await listOf(other, productId)).toEqual([]);
  });
});

describe('an offer that waits past OFFER_HOURS', () => {
  it('reads as expired in answers before its job has run', async () => {
    const quick = await buildTestApp({ OFFER_HOURS: '0.0003' });
    try {
      const people = notificationApi(quick.app);
      const [seller, buyer] = await Promise.all([people.person(), people.person()]);
      const productId = await createProduct(quick.app, seller.id);
      const response = await quick.app.inject({
        method: 'POST',
        url: API.offer.root,
        headers: { ...bearer(buyer.token), 'content-type': 'application/json' },
        payload: JSON.stringify({ productId, amount: 5 }),
      });
      const { data } = await made(response);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      const list = await quick.app.inject({
        method: 'GET',
        url: `${API.offer.root}?productId=${productId}`,
        headers: bearer(seller.token),
      });
      expect(list.json<OfferListResponse>().data[0]).toMatchObject({ id: data.id, status: 'expired' });
    } finally {
      await quick.close();
    }
  });
});

describe('the agreed price in the chat header', () => {
  async function agreedPriceFor(who: Person, productId: number, other: Person) {
    const response = await t.app.inject({
      method: 'GET',
      url: apiPath(API.message.chatThrifter, { productId, receiverId: other.id }),
      headers: bearer(who.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: ChatThreadHeader }>().data.agreedPrice;
  }

  it('shows both sides the accepted amount while the listing is held or sold to the buyer, not once that ends', async () => {
    const { seller, buyer, productId } = await listing(120);
    const opening = await made(await offer(buyer, productId, 90));
    expect(await agreedPriceFor(buyer, productId, seller)).toBeNull();
    expect((await act(seller, opening.data.id, 'accept')).statusCode).toBe(200);
    expect(await agreedPriceFor(buyer, productId, seller)).toBe(90);
    expect(await agreedPriceFor(seller, productId, buyer)).toBe(90);

    // Released: the listing is open to anyone at its asking price again.
    expect((await post(API.product.unreserve, seller, { productId })).statusCode).toBe(200);
    expect(await agreedPriceFor(buyer, productId, seller)).toBeNull();

    // Sold to the buyer after all: the deal records the agreed amount, and the header says it.
    const sold = await post(API.product.changeSoldStatus, seller, {
      productId,
      isSold: true,
      buyerId: buyer.id,
    });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(await agreedPriceFor(seller, productId, buyer)).toBe(90);

    // Called off by the buyer: nothing stands any more.
    const dealId = sold.json<{ data: { dealId: number } }>().data.dealId;
    expect((await post(apiPath(API.deal.dispute, { id: dealId }), buyer)).statusCode).toBe(200);
    expect(await agreedPriceFor(buyer, productId, seller)).toBeNull();
  });

  /** A listing asking 120, sold to its buyer at the 90 the seller accepted; answers the deal's id too. */
  async function soldAtAgreed90() {
    const scene = await listing(120);
    const { seller, buyer, productId } = scene;
    const opening = await made(await offer(buyer, productId, 90));
    expect((await act(seller, opening.data.id, 'accept')).statusCode).toBe(200);
    const sold = await post(API.product.changeSoldStatus, seller, {
      productId,
      isSold: true,
      buyerId: buyer.id,
    });
    expect(sold.statusCode, sold.body).toBe(200);
    return { ...scene, dealId: sold.json<{ data: { dealId: number } }>().data.dealId };
  }

  /** The seller deletes the listing; its chats stay. */
  async function deleted(seller: Person, productId: number) {
    const removed = await t.app.inject({
      method: 'DELETE',
      url: apiPath(API.product.item, { id: productId }),
      headers: bearer(seller.token),
    });
    expect(removed.statusCode, removed.body).toBe(200);
  }

  it('ends when the listing is available again: held for or sold to the same buyer later, it is the asking price', async () => {
    const { seller, buyer, productId } = await soldAtAgreed90();
    // Within the window: the deal is called off, and what the two agreed with it.
    expect((await post(API.product.changeSoldStatus, seller, { productId, isSold: false })).statusCode).toBe(
      200,
    );
    const held = await post(API.product.reserve, seller, { productId, buyerId: buyer.id });
    expect(held.statusCode, held.body).toBe(200);
    expect(await agreedPriceFor(buyer, productId, seller)).toBeNull();
    const sold = await post(API.product.changeSoldStatus, seller, { productId, isSold: true });
    expect(sold.statusCode, sold.body).toBe(200);
    const [deal] = await db()
      .select({ price: deals.price })
      .from(deals)
      .where(eq(deals.id, sold.json<{ data: { dealId: number } }>().data.dealId));
    expect(deal?.price).toBe(120);
    expect(await agreedPriceFor(seller, productId, buyer)).toBeNull();
    // A new offer accepted after that agrees again.
    expect((await post(API.product.changeSoldStatus, seller, { productId, isSold: false })).statusCode).toBe(
      200,
    );
    const again = await made(await offer(buyer, productId, 100));
    expect((await act(seller, again.data.id, 'accept')).statusCode).toBe(200);
    expect(await agreedPriceFor(buyer, productId, seller)).toBe(100);
  });

  it('ends for listings made available again before it was kept: the migration dates it by their last sale', async () => {
    const { seller, buyer, productId } = await soldAtAgreed90();
    expect((await post(API.product.changeSoldStatus, seller, { productId, isSold: false })).statusCode).toBe(
      200,
    );
    await db().update(products).set({ relistedAt: null }).where(eq(products.id, productId));
    const migration = readFileSync(
      new URL('../../db/migrations/0033_listing_relisted_at.sql', import.meta.url),
      'utf8',
    );
    await db().execute(sql.raw(migration.split('--> statement-breakpoint').at(-1)!));
    expect((await post(API.product.reserve, seller, { productId, buyerId: buyer.id })).statusCode).toBe(200);
    expect(await agreedPriceFor(buyer, productId, seller)).toBeNull();
  });

  it('stays in the chat of a sold listing its seller then deleted', async () => {
    const { seller, buyer, productId } = await soldAtAgreed90();
    await deleted(seller, productId);
    expect(await agreedPriceFor(buyer, productId, seller)).toBe(90);
    expect(await agreedPriceFor(seller, productId, buyer)).toBe(90);
  });

  /**
   * A listing sold to its buyer at an agreed 90, made available again once the deal's rating window is over (which
   * leaves that deal standing, with its ratings); `other` has a chat about it too.
   */
  async function relistedAfterTheWindow() {
    const scene = await soldAtAgreed90();
    const { seller, other, productId, dealId } = scene;
    await db()
      .update(deals)
      .set({ rateUntil: new Date(Date.now() - 1000) })
      .where(eq(deals.id, dealId));
    const reopened = await post(API.product.changeSoldStatus, seller, { productId, isSold: false });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const asked = await post(API.message.send, other, {
      productId,
      receiverId: seller.id,
      message: 'Is it still for sale?',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    return { ...scene, dealId };
  }

  it('ends with the sale: sold on to someone else after the rating window, the first buyer sees no agreement', async () => {
    const { seller, buyer, other, productId, dealId } = await relistedAfterTheWindow();
    expect(await agreedPriceFor(buyer, productId, seller)).toBeNull();
    const soldOn = await post(API.product.changeSoldStatus, seller, {
      productId,
      isSold: true,
      buyerId: other.id,
    });
    expect(soldOn.statusCode, soldOn.body).toBe(200);

    expect(await agreedPriceFor(buyer, productId, seller)).toBeNull();
    // Sold at the asking price, with no offer: nothing was agreed on.
    expect(await agreedPriceFor(other, productId, seller)).toBeNull();
    // The first deal stood all along: its window had ended, so relisting did not call it off.
    const [first] = await db().select({ status: deals.status }).from(deals).where(eq(deals.id, dealId));
    expect(first!.status).toBe('completed');
  });

  it('ends with the sale: relisted after the window and then deleted, the first buyer sees no agreement', async () => {
    const { seller, buyer, productId } = await relistedAfterTheWindow();
    await deleted(seller, productId);
    expect(await agreedPriceFor(buyer, productId, seller)).toBeNull();
  });

  it('ends with the sale: sold on to "someone else" (no deal), the first buyer sees no agreement', async () => {
    const { seller, buyer, productId } = await relistedAfterTheWindow();
    // The newest deal is still the first buyer's, but it is not this sale's.
    const soldOn = await post(API.product.changeSoldStatus, seller, {
      productId,
      isSold: true,
      buyerId: null,
    });
    expect(soldOn.statusCode, soldOn.body).toBe(200);
    expect(await agreedPriceFor(buyer, productId, seller)).toBeNull();
    expect(await agreedPriceFor(seller, productId, buyer)).toBeNull();
  });
});
