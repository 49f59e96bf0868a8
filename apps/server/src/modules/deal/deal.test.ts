import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath, fillText, messages, NOTIFICATION_TYPES } from '@rummage/contract';
import { jobs, products } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createProduct } from '../../test/products.js';
import { dealApi } from './deal.fixtures.js';
import { REVIEW_WINDOW_END } from './deal.service.js';

const D = messages.deals;

let t: TestApp;
let api: ReturnType<typeof dealApi>;
beforeAll(async () => {
  t = await buildTestApp({ REVIEW_DAYS: '14' });
  api = dealApi(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('marking an item sold to someone', () => {
  it('records a deal at the listing price, seen by both sides, and asks both to rate', async () => {
    const { seller, buyer, other, productId, dealId } = await api.deal(80);
    const [forSeller] = await api.dealsOf(seller);
    expect(forSeller).toMatchObject({
      id: dealId,
      productId,
      sellerId: seller.id,
      buyerId: buyer.id,
      price: 80,
      status: 'completed',
    });
    const window = Date.parse(forSeller!.rateUntil) - Date.parse(forSeller!.soldAt);
    expect(window).toBe(14 * 86_400_000);
    expect(forSeller!.other).toEqual({ id: buyer.id, userName: buyer.username });
    expect(forSeller!.myReview).toBeNull();
    const [forBuyer] = await api.dealsOf(buyer);
    expect(forBuyer).toEqual({ ...forSeller, other: { id: seller.id, userName: seller.username } });
    expect(await api.dealsOf(other)).toEqual([]);
    // The window's end is queued with the deal.
    const [end] = await t.app.parts.storage.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.idempotencyKey, `${REVIEW_WINDOW_END}:${dealId}`));
    expect(end?.runAt.toISOString()).toBe(forSeller!.rateUntil);
    for (const who of [seller, buyer]) {
      const { data } = await api.listOf(who);
      expect(data.find((entry) => entry.type === NOTIFICATION_TYPES.review)?.title).toMatch(
        /How did the handover/,
      );
    }
    expect((await api.get(API.deal.root)).statusCode).toBe(401);
  });

  it('prices the deal at the accepted offer and sells to the reserved buyer by default', async () => {
    const [seller, buyer] = await Promise.all([api.person(), api.person()]);
    const productId = await createProduct(t.app, seller.id, { price: 120 });
    const offer = await api.post(API.offer.root, buyer, { productId, amount: 95 });
    expect(offer.statusCode, offer.body).toBe(201);
    const accepted = await api.post(apiPath(API.offer.accept, { id: offer.json().data.id }), seller);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await api.markSold(seller, productId, true)).statusCode).toBe(200);
    const [deal] = await api.dealsOf(seller);
    expect(deal).toMatchObject({ productId, buyerId: buyer.id, price: 95, status: 'completed' });
  });

  it('sells a reserved listing to nobody when the seller says "someone else" (buyerId null)', async () => {
    const { seller, buyer, productId } = await api.heldListing();
    const sold = await api.post(API.product.changeSoldStatus, seller, {
      productId,
      isSold: true,
      buyerId: null,
    });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json().data.dealId).toBeUndefined();
    expect(await api.dealsOf(buyer)).toEqual([]);
  });

  it('refuses a buyer who never chatted about the listing, and the seller themselves', async () => {
    const [seller, stranger] = await Promise.all([api.person(), api.person()]);
    const productId = await createProduct(t.app, seller.id);
    for (const buyerId of [stranger.id, seller.id, 99_999_999]) {
      const refused = await api.markSold(seller, productId, true, buyerId);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: D.buyerNoChat });
    }
    // Sold to nobody in particular: no deal.
    expect((await api.markSold(seller, productId, true)).statusCode).toBe(200);
    expect(await api.dealsOf(seller)).toEqual([]);
  });

  it('never makes a deal with a buyer who blocked the seller: named, it is refused; holding it, no deal', async () => {
    const { seller, buyer, productId } = await api.heldListing();
    const blocked = await api.post(apiPath(API.user.block, { userId: seller.id }), buyer);
    expect(blocked.statusCode, blocked.body).toBe(200);

    const refused = await api.markSold(seller, productId, true, buyer.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: messages.blocking.cannotSellTo });
    // The SPEC's call without a buyer sells it, to nobody named: the hold's buyer is not asked to rate.
    const sold = await api.markSold(seller, productId, true);
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json().data.dealId).toBeUndefined();
    expect(await api.dealsOf(buyer)).toEqual([]);
  });

  it('asks nobody to rate someone they blocked: a seller who blocked the buyer and sold to them anyway', async () => {
    const [seller, buyer] = await Promise.all([api.person(), api.person()]);
    const productId = await createProduct(t.app, seller.id);
    await api.chat(buyer, seller, productId);
    const blocked = await api.post(apiPath(API.user.block, { userId: buyer.id }), seller);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect((await api.markSold(seller, productId, true, buyer.id)).statusCode).toBe(200);
    const asked = async (who: typeof seller) =>
      (await api.listOf(who)).data.some((entry) => entry.type === NOTIFICATION_TYPES.review);
    expect(await asked(buyer)).toBe(true);
    expect(await asked(seller)).toBe(false);
  });

  it('makes no deal while staff hide the listing: a named buyer is refused with why, a hold’s buyer is not sold to', async () => {
    const { seller, buyer, productId } = await api.heldListing();
    const hide = (hiddenAt: Date | null) =>
      t.app.parts.storage.database.db.update(products).set({ hiddenAt }).where(eq(products.id, productId));
    await hide(new Date());

    const named = await api.markSold(seller, productId, true, buyer.id);
    expect(named.statusCode).toBe(403);
    expect(named.json()).toMatchObject({ message: messages.chat.listingHidden });
    const buyers = await api.get(`${API.deal.buyers}?productId=${productId}`, seller);
    expect(buyers.statusCode).toBe(403);
    expect(buyers.json()).toMatchObject({ message: messages.chat.listingHidden });
    // The SPEC's call without a buyer still marks it sold (and ends the hold), to nobody: nobody is asked to rate.
    const sold = await api.markSold(seller, productId, true);
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json().data.dealId).toBeUndefined();
    expect(await api.dealsOf(buyer)).toEqual([]);
    expect((await api.listOf(buyer)).data.some((entry) => entry.type === NOTIFICATION_TYPES.review)).toBe(
      false,
    );

    // Shown again, the same sale makes its deal.
    await hide(null);
    expect((await api.markSold(seller, productId, false)).statusCode).toBe(200);
    const again = await api.markSold(seller, productId, true, buyer.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(await api.dealsOf(buyer)).toMatchObject([{ productId, sellerId: seller.id, status: 'completed' }]);
  });

  it('calls the deal off when the item is marked available again within the window', async () => {
    const { seller, buyer, productId, dealId } = await api.deal();
    expect((await api.markSold(seller, productId, false)).statusCode).toBe(200);
    expect((await api.dealsOf(buyer))[0]).toMatchObject({ id: dealId, status: 'void' });
    const late = await api.rate(buyer, dealId, 5);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ message: messages.reviews.dealVoid });
  });
});

describe('a buyer saying the handover did not happen', () => {
  it('calls the deal off and tells the seller; only the buyer may, once', async () => {
    const { seller, buyer, other, dealId } = await api.deal();
    const { title } = (await api.dealsOf(seller))[0]!;
    const bySeller = await api.dispute(seller, dealId);
    expect(bySeller.statusCode).toBe(403);
    expect(bySeller.json()).toMatchObject({ message: D.onlyBuyerDisputes });
    const byOther = await api.dispute(other, dealId);
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json()).toMatchObject({ message: D.notFound });

    const disputed = await api.dispute(buyer, dealId);
    expect(disputed.statusCode, disputed.body).toBe(200);
    expect(disputed.json()).toMatchObject({ message: D.disputed, data: { id: dealId, status: 'void' } });
    expect((await api.dispute(buyer, dealId)).statusCode).toBe(409);

    const { data } = await api.listOf(seller);
    const told = data.find((entry) => entry.type === NOTIFICATION_TYPES.deal);
    expect(told?.title).toBe(fillText(D.disputedTitle, { name: buyer.username, title }));
    // Nobody is asked to rate it any more.
    expect(data.find((entry) => entry.type === NOTIFICATION_TYPES.review)?.isRead).toBe(true);
  });

  it('is refused once the window is over', async () => {
    const quick = await buildTestApp({ REVIEW_DAYS: '0.00001' });
    try {
      const fast = dealApi(quick.app);
      const { buyer, dealId } = await fast.deal();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const late = await fast.dispute(buyer, dealId);
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ message: D.disputeWindowOver });
      const rating = await fast.rate(buyer, dealId, 4);
      expect(rating.statusCode).toBe(400);
      expect(rating.json()).toMatchObject({ message: messages.reviews.windowOver });
    } finally {
      await quick.close();
    }
  });
});

describe('who the seller may mark the listing sold to', () => {
  const buyersOf = (who: Parameters<typeof api.get>[1], productId: number) =>
    api.get(`${API.deal.buyers}?productId=${productId}`, who);

  it('lists the people who chatted about it, the reserved buyer first, then the latest chat first', async () => {
    const [seller, first, second, held, outsider] = await Promise.all([
      api.person(),
      api.person(),
      api.person(),
      api.person(),
      api.person(),
    ]);
    const productId = await createProduct(t.app, seller.id);
    const elsewhere = await createProduct(t.app, seller.id);
    await api.chat(held, seller, productId);
    await api.chat(first, seller, productId);
    await api.chat(second, seller, productId);
    await api.chat(outsider, seller, elsewhere);
    const reserved = await api.post(API.product.reserve, seller, { productId, buyerId: held.id });
    expect(reserved.statusCode, reserved.body).toBe(200);

    const listed = await buyersOf(seller, productId);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toEqual([
      { id: held.id, userName: held.username },
      { id: second.id, userName: second.username },
      { id: first.id, userName: first.username },
    ]);
    // Without a hold the latest chat leads.
    await api.post(API.product.unreserve, seller, { productId });
    expect((await buyersOf(seller, productId)).json().data.map((p: { id: number }) => p.id)).toEqual([
      second.id,
      first.id,
      held.id,
    ]);
  });

  it('is for the seller only: others get 403, a missing listing 404, a visitor 401', async () => {
    const [seller, buyer] = await Promise.all([api.person(), api.person()]);
    const productId = await createProduct(t.app, seller.id);
    await api.chat(buyer, seller, productId);
    const byBuyer = await buyersOf(buyer, productId);
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json()).toMatchObject({ message: messages.listing.notOwner });
    expect(byBuyer.body).not.toContain(buyer.username);
    const missing = await buyersOf(seller, 99_999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: messages.listing.notFound });
    expect((await buyersOf(undefined, productId)).statusCode).toBe(401);
    expect((await buyersOf(seller, 0)).statusCode).toBe(400);
  });
});

describe('your deals with your own rating', () => {
  it("carries the caller's own rating and never the other side's pending one", async () => {
    const { seller, buyer, dealId } = await api.deal();
    await api.rated(buyer, dealId, 2, 'Secret words of the buyer');
    const [forSeller] = await api.dealsOf(seller);
    expect(forSeller!.myReview).toBeNull();
    const raw = await api.get(API.deal.root, seller);
    expect(raw.body).not.toContain('Secret words of the buyer');
    const [forBuyer] = await api.dealsOf(buyer);
    expect(forBuyer!.myReview).toMatchObject({
      dealId,
      stars: 2,
      text: 'Secret words of the buyer',
      role: 'seller',
      status: 'pending',
    });

    await api.rated(seller, dealId, 5, 'Paid in cash');
    const [after] = await api.dealsOf(seller);
    expect(after!.myReview).toMatchObject({ stars: 5, text: 'Paid in cash', status: 'published' });
    expect(JSON.stringify(after)).not.toContain('Secret words of the buyer');
    expect((await api.dealsOf(buyer))[0]!.myReview).toMatchObject({ status: 'published' });
  });
});
