/**
 * The price two people agreed on (docs/product.md §18), as the chat header carries it (`agreedPrice`): while the
 * listing is held for or sold to the buyer, and never past the sale or the listing's return to the market.
 */
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath, type ChatThreadHeader } from '@rummage/contract';
import { deals, products } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { bearer } from '../../test/factories.js';
import type { Person } from '../notification/notification.fixtures.js';
import { offerApi } from './offer.fixtures.js';

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

describe('the agreed price in the chat header', () => {
  async function agreedPriceFor(who: Person, productId: number, other: Person) {
    const response = await api.get(
      apiPath(API.message.chatThrifter, { productId, receiverId: other.id }),
      who,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: ChatThreadHeader }>().data.agreedPrice;
  }

  it('shows both sides the accepted amount while the listing is held or sold to the buyer, not once that ends', async () => {
    const { seller, buyer, productId } = await api.listing(120);
    const opening = await api.made(await api.offer(buyer, productId, 90));
    expect(await agreedPriceFor(buyer, productId, seller)).toBeNull();
    expect((await api.act(seller, opening.data.id, 'accept')).statusCode).toBe(200);
    expect(await agreedPriceFor(buyer, productId, seller)).toBe(90);
    expect(await agreedPriceFor(seller, productId, buyer)).toBe(90);

    // Released: the listing is open to anyone at its asking price again.
    expect((await api.post(API.product.unreserve, seller, { productId })).statusCode).toBe(200);
    expect(await agreedPriceFor(buyer, productId, seller)).toBeNull();

    // Sold to the buyer after all: the deal records the agreed amount, and the header says it.
    const sold = await api.markSold(seller, productId, true, buyer.id);
    expect(sold.statusCode, sold.body).toBe(200);
    expect(await agreedPriceFor(seller, productId, buyer)).toBe(90);

    // Called off by the buyer: nothing stands any more.
    const dealId = sold.json<{ data: { dealId: number } }>().data.dealId;
    expect((await api.post(apiPath(API.deal.dispute, { id: dealId }), buyer)).statusCode).toBe(200);
    expect(await agreedPriceFor(buyer, productId, seller)).toBeNull();
  });

  /** A listing asking 120, sold to its buyer at the 90 the seller accepted; answers the deal's id too. */
  async function soldAtAgreed90() {
    const scene = await api.listing(120);
    const { seller, buyer, productId } = scene;
    const opening = await api.made(await api.offer(buyer, productId, 90));
    expect((await api.act(seller, opening.data.id, 'accept')).statusCode).toBe(200);
    const sold = await api.markSold(seller, productId, true, buyer.id);
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
    expect((await api.markSold(seller, productId, false)).statusCode).toBe(200);
    const held = await api.post(API.product.reserve, seller, { productId, buyerId: buyer.id });
    expect(held.statusCode, held.body).toBe(200);
    expect(await agreedPriceFor(buyer, productId, seller)).toBeNull();
    const sold = await api.markSold(seller, productId, true);
    expect(sold.statusCode, sold.body).toBe(200);
    const [deal] = await db()
      .select({ price: deals.price })
      .from(deals)
      .where(eq(deals.id, sold.json<{ data: { dealId: number } }>().data.dealId));
    expect(deal?.price).toBe(120);
    expect(await agreedPriceFor(seller, productId, buyer)).toBeNull();
    // A new offer accepted after that agrees again.
    expect((await api.markSold(seller, productId, false)).statusCode).toBe(200);
    const again = await api.made(await api.offer(buyer, productId, 100));
    expect((await api.act(seller, again.data.id, 'accept')).statusCode).toBe(200);
    expect(await agreedPriceFor(buyer, productId, seller)).toBe(100);
  });

  it('ends for listings made available again before it was kept: the migration dates it by their last sale', async () => {
    const { seller, buyer, productId } = await soldAtAgreed90();
    expect((await api.markSold(seller, productId, false)).statusCode).toBe(200);
    await db().update(products).set({ relistedAt: null }).where(eq(products.id, productId));
    const migration = readFileSync(
      new URL('../../db/migrations/0033_listing_relisted_at.sql', import.meta.url),
      'utf8',
    );
    await db().execute(sql.raw(migration.split('--> statement-breakpoint').at(-1)!));
    expect((await api.post(API.product.reserve, seller, { productId, buyerId: buyer.id })).statusCode).toBe(
      200,
    );
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
    const reopened = await api.markSold(seller, productId, false);
    expect(reopened.statusCode, reopened.body).toBe(200);
    const asked = await api.post(API.message.send, other, {
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
    const soldOn = await api.markSold(seller, productId, true, other.id);
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
    const soldOn = await api.post(API.product.changeSoldStatus, seller, {
      productId,
      isSold: true,
      buyerId: null,
    });
    expect(soldOn.statusCode, soldOn.body).toBe(200);
    expect(await agreedPriceFor(buyer, productId, seller)).toBeNull();
    expect(await agreedPriceFor(seller, productId, buyer)).toBeNull();
  });
});
