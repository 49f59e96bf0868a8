/** Offers and counter-offers over the API (docs/product.md §18): making, answering, lapsing and who sees which. */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath, CHAT_LIMITS, fillText, messages, type OfferResponse } from '@rummage/contract';
import { conversations, jobs, offers, products } from '../../db/schema.js';
import { withTransaction } from '../../db/client.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createUser, signIn } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import type { Person } from '../notification/notification.fixtures.js';
import { offerApi } from './offer.fixtures.js';
import { OFFER_LAPSE } from './offer.service.js';

const O = messages.offers;

let t: TestApp;
let api: ReturnType<typeof offerApi>;
beforeAll(async () => {
  t = await buildTestApp({ OFFER_HOURS: '2' });
  api = offerApi(t.app);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.parts.storage.database.db;

describe('making an offer', () => {
  it('answers 201 with the offer, pending until OFFER_HOURS from now, and starts the chat', async () => {
    const { seller, buyer, productId } = await api.listing(80);
    const before = Date.now();
    const answer = await api.made(await api.offer(buyer, productId, '62.50'));
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
    const { seller, buyer, productId } = await api.listing(40);
    const own = await api.offer(seller, productId, 10);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ message: O.ownListing });

    for (const amount of [0, -5, 12.345, 'abc', '', null, true]) {
      const refused = await api.offer(buyer, productId, amount);
      expect(refused.statusCode, String(amount)).toBe(400);
      expect(refused.json<{ message: string }>().message).toBe(O.amountInvalid);
    }
    const tooHigh = await api.offer(buyer, productId, 400.01);
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json()).toMatchObject({ message: fillText(O.amountTooHigh, { max: '$400' }) });
    expect((await api.offer(buyer, productId, 400)).statusCode).toBe(201);

    const unknown = await api.offer(buyer, 99_999_999, 10);
    expect(unknown.statusCode).toBe(404);
    await db().update(products).set({ isSold: true, soldAt: new Date() }).where(eq(products.id, productId));
    const sold = await api.offer(buyer, productId, 10);
    expect(sold.statusCode).toBe(400);
    expect(sold.json()).toMatchObject({ message: O.listingSold });
    expect((await api.post(API.offer.root, undefined, { productId, amount: 10 })).statusCode).toBe(401);
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
    for (const productId of listings.slice(0, -1)) await api.made(await api.offer(newcomer, productId, 50));
    const refused = await api.offer(newcomer, listings.at(-1)!, 50);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: messages.chat.newChatsLimited });
    // Nothing was started for the refused one.
    expect(await api.offersOn(seller, listings.at(-1)!)).toEqual([]);
  });

  it('refuses either way once one blocked the other, with nothing more said', async () => {
    const { seller, buyer, other, productId } = await api.listing();
    expect((await api.post(apiPath(API.user.block, { userId: buyer.id }), seller)).statusCode).toBe(200);
    const blockedBuyer = await api.offer(buyer, productId, 50);
    expect(blockedBuyer.statusCode).toBe(403);
    expect(blockedBuyer.json()).toMatchObject({ message: messages.blocking.cannotOffer });

    expect((await api.post(apiPath(API.user.block, { userId: seller.id }), other)).statusCode).toBe(200);
    const blocker = await api.offer(other, productId, 50);
    expect(blocker.statusCode).toBe(403);
    expect(blocker.json()).toMatchObject({ message: messages.blocking.cannotOffer });
  });

  it('keeps one open offer per buyer: a new one withdraws the last, and a fourth in a day is refused', async () => {
    const { seller, buyer, productId } = await api.listing();
    const first = await api.made(await api.offer(buyer, productId, 50));
    const second = await api.made(await api.offer(buyer, productId, 55));
    const third = await api.made(await api.offer(buyer, productId, 60));
    const list = await api.offersOn(buyer, productId);
    expect(list.map((row) => [row.id, row.status])).toEqual([
      [third.data.id, 'pending'],
      [second.data.id, 'withdrawn'],
      [first.data.id, 'withdrawn'],
    ]);
    const fourth = await api.offer(buyer, productId, 65);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ message: fillText(O.tooMany, { count: 3 }) });
    const retryAfter = Number(fourth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    // The seller's counter-offers are not the buyer's tries.
    expect((await api.counter(seller, third.data.id, 70)).statusCode).toBe(201);
  });

  it("declines an offer below the seller's lowest at once, tells nobody, and does not count it as a try", async () => {
    const { seller, buyer, productId } = await api.listing(100);
    await db().update(products).set({ minimumOffer: 70 }).where(eq(products.id, productId));
    for (const amount of [40, 50, 60, 69.99]) {
      const answer = await api.made(await api.offer(buyer, productId, amount));
      expect(answer.message).toBe(O.tooLow);
      expect(answer.data.status).toBe('declined');
    }
    expect(await api.offersOn(seller, productId)).toEqual([]);
    expect((await api.offersOn(buyer, productId)).map((row) => row.amount)).toEqual([69.99, 60, 50, 40]);
    // Nor is the buyer among those who chatted about it: the seller cannot hold it for them or sell it to them.
    const buyers = await api.get(`${API.deal.buyers}?productId=${productId}`, seller);
    expect(buyers.json<{ data: unknown[] }>().data).toEqual([]);
    const hold = await api.post(API.product.reserve, seller, { productId, buyerId: buyer.id });
    expect(hold.json()).toMatchObject({ message: messages.listing.reserveNoChat });
    const atMinimum = await api.made(await api.offer(buyer, productId, 70));
    expect(atMinimum.data.status).toBe('pending');
    expect((await api.offersOn(seller, productId)).map((row) => row.id)).toEqual([atMinimum.data.id]);
    // The seller's lowest is theirs alone: no answer a buyer reads carries it.
    expect(JSON.stringify(await api.detailFor(productId, buyer))).not.toMatch(/minimumOffer|"70"/);
  });
});

describe('answering an offer', () => {
  it('lets only the party it was made to accept, decline or counter, and only its maker withdraw', async () => {
    const { seller, buyer, other, productId } = await api.listing();
    const { data } = await api.made(await api.offer(buyer, productId, 50));

    for (const action of ['accept', 'decline'] as const) {
      const own = await api.act(buyer, data.id, action);
      expect(own.statusCode).toBe(403);
      expect(own.json()).toMatchObject({ message: O.notYourTurn });
      const stranger = await api.act(other, data.id, action);
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json()).toMatchObject({ message: O.notFound });
    }
    expect((await api.counter(buyer, data.id, 60)).statusCode).toBe(403);
    expect((await api.counter(other, data.id, 60)).statusCode).toBe(404);
    const bySeller = await api.act(seller, data.id, 'withdraw');
    expect(bySeller.statusCode).toBe(403);
    expect(bySeller.json()).toMatchObject({ message: O.onlyMaker });
    expect((await api.act(other, 99_999_999, 'accept')).statusCode).toBe(404);

    const withdrawn = await api.act(buyer, data.id, 'withdraw');
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json<OfferResponse>()).toMatchObject({
      message: O.withdrawn,
      data: { status: 'withdrawn' },
    });
    const late = await api.act(seller, data.id, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: O.notPending });
  });

  it('counters back and forth, then accepting reserves the listing for the buyer at the agreed amount', async () => {
    const { seller, buyer, productId } = await api.listing(120);
    const opening = await api.made(await api.offer(buyer, productId, 80));
    const sellerCounter = await api.made(await api.counter(seller, opening.data.id, 110));
    expect(sellerCounter.message).toBe(O.countered);
    expect(sellerCounter.data).toMatchObject({ fromUserId: seller.id, buyerId: buyer.id, status: 'pending' });
    const buyerCounter = await api.made(await api.counter(buyer, sellerCounter.data.id, 95));
    expect(buyerCounter.data.fromUserId).toBe(buyer.id);

    const accepted = await api.act(seller, buyerCounter.data.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<OfferResponse>()).toMatchObject({
      message: O.accepted,
      data: { id: buyerCounter.data.id, status: 'accepted', amount: 95 },
    });
    expect((await api.offersOn(seller, productId)).map((row) => [row.amount, row.status])).toEqual([
      [95, 'accepted'],
      [110, 'countered'],
      [80, 'countered'],
    ]);
    // The listing is reserved for the buyer by the reservation rules.
    const detail = await api.detailFor(productId, buyer);
    expect(detail.isReservedForCurrentUser).toBe(true);
    expect(detail.reservedUntil).not.toBeNull();
    const [stored] = await db()
      .select({ counters: offers.countersId })
      .from(offers)
      .where(eq(offers.id, buyerCounter.data.id));
    expect(stored?.counters).toBe(sellerCounter.data.id);
  });

  it('a buyer making a new offer while the seller’s counter is open counters it', async () => {
    const { seller, buyer, productId } = await api.listing();
    const opening = await api.made(await api.offer(buyer, productId, 40));
    const sellerCounter = await api.made(await api.counter(seller, opening.data.id, 70));
    const fresh = await api.made(await api.offer(buyer, productId, 55));
    expect(fresh.message).toBe(O.countered);
    const list = await api.offersOn(buyer, productId);
    expect(list.find((row) => row.id === sellerCounter.data.id)?.status).toBe('countered');
    expect(list.filter((row) => row.status === 'pending').map((row) => row.id)).toEqual([fresh.data.id]);
  });

  it('keeps a listing held for another buyer: a counter-offer taken up meanwhile stays open until the hold ends', async () => {
    const { seller, buyer, other, productId } = await api.listing();
    const first = await api.made(await api.offer(buyer, productId, 80));
    const countered = await api.made(await api.counter(seller, first.data.id, 90));
    // Meanwhile the seller holds the listing for another buyer, who came with cash.
    await api.made(await api.offer(other, productId, 85));
    const held = await api.post(API.product.reserve, seller, { productId, buyerId: other.id });
    expect(held.statusCode, held.body).toBe(200);

    const refused = await api.act(buyer, countered.data.id, 'accept');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: O.heldForAnother });
    expect((await api.offersOn(buyer, productId))[0]).toMatchObject({
      id: countered.data.id,
      status: 'pending',
    });
    expect((await api.detailFor(productId, other)).isReservedForCurrentUser).toBe(true);
    // Once the hold is let go, the counter-offer can be taken up.
    expect((await api.post(API.product.unreserve, seller, { productId })).statusCode).toBe(200);
    expect((await api.act(buyer, countered.data.id, 'accept')).statusCode).toBe(200);
    expect((await api.detailFor(productId, buyer)).isReservedForCurrentUser).toBe(true);
  });

  it('undoes the acceptance when the listing can no longer be reserved (sold meanwhile)', async () => {
    const { seller, buyer, productId } = await api.listing();
    const { data } = await api.made(await api.offer(buyer, productId, 50));
    await db().update(products).set({ isSold: true, soldAt: new Date() }).where(eq(products.id, productId));
    const refused = await api.act(seller, data.id, 'accept');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: O.listingSold });
    expect((await api.offersOn(buyer, productId))[0]?.status).toBe('pending');
  });

  it('waits while staff hide the listing: its seller is told why, the buyer learns nothing, and either may still end it', async () => {
    const { seller, buyer, productId } = await api.listing();
    const hide = (hidden: boolean) =>
      db()
        .update(products)
        .set({ hiddenAt: hidden ? new Date() : null })
        .where(eq(products.id, productId));
    const opening = await api.made(await api.offer(buyer, productId, 50));
    const sellerCounter = await api.made(await api.counter(seller, opening.data.id, 70));
    await hide(true);
    // The buyer meets a listing that is not there, whatever they try.
    for (const refused of [
      await api.act(buyer, sellerCounter.data.id, 'accept'),
      await api.counter(buyer, sellerCounter.data.id, 60),
      await api.offer(buyer, productId, 55),
    ]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ message: messages.listing.notFound });
    }

    await hide(false);
    const buyerCounter = await api.made(await api.counter(buyer, sellerCounter.data.id, 60));
    await hide(true);
    // The seller is told why.
    for (const refused of [
      await api.counter(seller, buyerCounter.data.id, 65),
      await api.act(seller, buyerCounter.data.id, 'accept'),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: messages.chat.listingHidden });
    }
    expect((await api.offersOn(seller, productId))[0]).toMatchObject({
      id: buyerCounter.data.id,
      status: 'pending',
    });
    // Shown again, it is taken up as before.
    await hide(false);
    expect((await api.act(seller, buyerCounter.data.id, 'accept')).statusCode).toBe(200);

    // Ending an offer stays open to both while hidden: its maker withdraws, the other side declines.
    const next = await api.listing();
    const hideNext = () =>
      db().update(products).set({ hiddenAt: new Date() }).where(eq(products.id, next.productId));
    const first = await api.made(await api.offer(next.buyer, next.productId, 50));
    await hideNext();
    expect((await api.act(next.buyer, first.data.id, 'withdraw')).statusCode).toBe(200);
    await db().update(products).set({ hiddenAt: null }).where(eq(products.id, next.productId));
    const second = await api.made(await api.offer(next.buyer, next.productId, 55));
    await hideNext();
    expect((await api.act(next.seller, second.data.id, 'decline')).statusCode).toBe(200);
  });

  it('lapses through its job: expired in every answer, and no longer open to an answer', async () => {
    const { seller, buyer, productId } = await api.listing();
    const { data } = await api.made(await api.offer(buyer, productId, 50));
    await t.app.parts.listings.offers.lapse({ offerId: data.id });
    expect((await api.offersOn(seller, productId))[0]).toMatchObject({ id: data.id, status: 'expired' });
    expect((await api.act(seller, data.id, 'accept')).statusCode).toBe(409);
    // A job that runs after an answer leaves the answer alone.
    const next = await api.made(await api.offer(buyer, productId, 52));
    expect((await api.act(seller, next.data.id, 'decline')).statusCode).toBe(200);
    await t.app.parts.listings.offers.lapse({ offerId: next.data.id });
    expect((await api.offersOn(buyer, productId))[0]).toMatchObject({ id: next.data.id, status: 'declined' });
  });

  // Two open transactions need two connections: PGlite has one.
  it.skipIf(!process.env.DATABASE_URL)(
    'lapses after a new offer between the two that locked the listing first, leaving its ending alone',
    async () => {
      const { buyer, productId } = await api.listing();
      const { data } = await api.made(await api.offer(buyer, productId, 50));
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
    const { seller, buyer, other, productId } = await api.listing();
    const third = await api.person();
    const mine = await api.made(await api.offer(buyer, productId, 50));
    const theirs = await api.made(await api.offer(third, productId, 60));
    expect((await api.offersOn(seller, productId)).map((row) => row.id)).toEqual([
      theirs.data.id,
      mine.data.id,
    ]);
    expect((await api.offersOn(buyer, productId)).map((row) => row.id)).toEqual([mine.data.id]);
    expect(await api.offersOn(other, productId)).toEqual([]);
  });
});

describe('an offer that waits past OFFER_HOURS', () => {
  it('reads as expired in answers before its job has run', async () => {
    const quick = await buildTestApp({ OFFER_HOURS: '0.0003' });
    try {
      const fast = offerApi(quick.app);
      const { seller, buyer, productId } = await fast.listing();
      const { data } = await fast.made(await fast.offer(buyer, productId, 5));
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect((await fast.offersOn(seller, productId))[0]).toMatchObject({ id: data.id, status: 'expired' });
    } finally {
      await quick.close();
    }
  });
});
