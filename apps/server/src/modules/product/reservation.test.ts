import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  NOTIFICATION_TYPES,
  ROUTES,
  apiPath,
  messages,
  type ProductCard,
  type ProductDetail,
  type ReservationResponse,
} from '@rummage/contract';
import { jobs, products } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { bearer, deleteAccount } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { eventually, notificationApi, type Person } from '../notification/notification.fixtures.js';
import { RESERVATION_LAPSE } from './reservation.service.js';

const L = messages.listing;
const HOUR_MS = 3_600_000;

let t: TestApp;
let api: ReturnType<typeof notificationApi>;
beforeAll(async () => {
  t = await buildTestApp({ RESERVATION_HOURS: '2' });
  api = notificationApi(t.app);
});
afterAll(async () => {
  await t?.close();
});

const json = (who: Person) => ({ ...bearer(who.token), 'content-type': 'application/json' });

function post(url: string, who: Person | undefined, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: who ? json(who) : { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

const reserve = (who: Person, productId: number, buyerId: number) =>
  post(API.product.reserve, who, { productId, buyerId });
const unreserve = (who: Person, productId: number) => post(API.product.unreserve, who, { productId });

async function chat(from: Person, to: Person, productId: number) {
  const response = await post(API.message.send, from, {
    productId,
    receiverId: to.id,
    message: 'Still there?',
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
}

async function detailFor(productId: number, who?: Person): Promise<ProductDetail> {
  const response = await t.app.inject({
    method: 'GET',
    url: apiPath(API.product.item, { id: productId }),
    headers: who ? bearer(who.token) : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ProductDetail }>().data;
}

async function cardFor(productId: number, title: string, who?: Person): Promise<ProductCard | undefined> {
  const response = await t.app.inject({
    method: 'GET',
    url: `${API.marketplace.products}?search=${encodeURIComponent(title)}`,
    headers: who ? bearer(who.token) : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ProductCard[] }>().data.find((card) => card.id === productId);
}

/** A seller's listing with a buyer who chats about it, and a third person who does not. */
async function listingWithChat() {
  const [seller, buyer, other] = await Promise.all([api.person(), api.person(), api.person()]);
  const title = `Walnut desk ${Math.random().toString(36).slice(2, 8)}`;
  const productId = await createProduct(t.app, seller.id, { title });
  await chat(buyer, seller, productId);
  return { seller, buyer, other, productId, title };
}

const db = () => t.app.parts.storage.database.db;

describe('reserve for a buyer', () => {
  it('lets only the seller reserve, only for a buyer who chats about it, and 404s an unknown listing', async () => {
    const { seller, buyer, other, productId } = await listingWithChat();

    const byBuyer = await reserve(buyer, productId, buyer.id);
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json()).toMatchObject({ message: L.reserveNotSeller });
    expect((await post(API.product.reserve, undefined, { productId, buyerId: buyer.id })).statusCode).toBe(
      401,
    );

    for (const buyerId of [other.id, seller.id, 99_999_999]) {
      const refused = await reserve(seller, productId, buyerId);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: L.reserveNoChat });
    }

    const unknown = await reserve(seller, 99_999_999, buyer.id);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: L.notFound });
    expect((await unreserve(seller, 99_999_999)).statusCode).toBe(404);
    expect((await unreserve(other, productId)).statusCode).toBe(403);

    const [row] = await db().select().from(products).where(eq(products.id, productId));
    expect(row).toMatchObject({ reservedForId: null, reservedUntil: null });
  });

  it('refuses to hold a hidden listing (403 to its seller, saying why; 404 to others), lets its seller release one, and refuses a sold one (400)', async () => {
    const { seller, buyer, other, productId } = await listingWithChat();
    await db().update(products).set({ hiddenAt: new Date() }).where(eq(products.id, productId));
    const hidden = await reserve(seller, productId, buyer.id);
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json()).toMatchObject({ message: messages.chat.listingHidden });
    const stranger = await reserve(other, productId, buyer.id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ message: L.notFound });
    // Releasing only ends something: its seller still may, anyone else still meets a listing that is not there.
    expect((await unreserve(other, productId)).statusCode).toBe(404);
    expect((await unreserve(seller, productId)).statusCode).toBe(200);
    await db()
      .update(products)
      .set({ hiddenAt: null, isSold: true, soldAt: new Date() })
      .where(eq(products.id, productId));
    const sold = await reserve(seller, productId, buyer.id);
    expect(sold.statusCode).toBe(400);
    expect(sold.json()).toMatchObject({ message: L.reserveSold });
  });

  it('shows the hold on the listing and its feed card, as "for you" only to the buyer', async () => {
    const { seller, buyer, other, productId, title } = await listingWithChat();
    const before = Date.now();
    const answer = await reserve(seller, productId, buyer.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const { data } = answer.json<ReservationResponse>();
    expect(data.reservedForId).toBe(buyer.id);
    const until = Date.parse(data.reservedUntil!);
    expect(until - before).toBeGreaterThanOrEqual(2 * HOUR_MS - 1_000);
    expect(until - before).toBeLessThanOrEqual(2 * HOUR_MS + 5_000);

    for (const [who, forYou] of [
      [buyer, true],
      [other, false],
      [seller, false],
      [undefined, false],
    ] as const) {
      const detail = await detailFor(productId, who);
      expect(detail).toMatchObject({ reservedUntil: data.reservedUntil, isReservedForCurrentUser: forYou });
      const card = await cardFor(productId, title, who);
      expect(card, 'reserved listings stay in the feed').toBeDefined();
      expect(card).toMatchObject({ reservedUntil: data.reservedUntil, isReservedForCurrentUser: forYou });
      // The exact pickup spot (the factory's default point) goes to the seller and the reserved buyer only.
      const exact = detail.latitude === 41.8781 && detail.longitude === -87.6298;
      expect(exact, 'exact spot on the listing').toBe(forYou || who === seller);
    }

    // The chat header says whether the hold is this chat's: the seller's chat with the buyer, and the buyer's;
    // another buyer's chat is told the listing is held, and until when (as its card says), not for whom.
    for (const [who, otherId, here] of [
      [seller, buyer.id, true],
      [buyer, seller.id, true],
      [other, seller.id, false],
    ] as const) {
      const header = await t.app.inject({
        method: 'GET',
        url: apiPath(API.message.chatThrifter, { productId, receiverId: otherId }),
        headers: bearer(who.token),
      });
      expect(header.json()).toMatchObject({
        data: { reservedUntil: data.reservedUntil, isReservedInThisChat: here },
      });
    }

    // Unreserve by the seller ends it for everyone.
    const released = await unreserve(seller, productId);
    expect(released.statusCode).toBe(200);
    expect(released.json()).toMatchObject({ message: L.released, data: { reservedForId: null } });
    expect(await detailFor(productId, buyer)).toMatchObject({
      reservedUntil: null,
      isReservedForCurrentUser: false,
    });
    expect(await cardFor(productId, title, buyer)).toMatchObject({ reservedUntil: null });
  });

  it('ends the hold when the listing is marked sold', async () => {
    const { seller, buyer, productId } = await listingWithChat();
    expect((await reserve(seller, productId, buyer.id)).statusCode).toBe(200);
    const sold = await post(API.product.changeSoldStatus, seller, { productId, isSold: true });
    expect(sold.statusCode, sold.body).toBe(200);
    const [row] = await db().select().from(products).where(eq(products.id, productId));
    expect(row).toMatchObject({ reservedForId: null, reservedUntil: null });
    expect(await detailFor(productId, buyer)).toMatchObject({
      reservedUntil: null,
      isReservedForCurrentUser: false,
    });
  });

  it('lapses after the period: an ended hold reads as none, and its job clears it and tells both sides', async () => {
    const { seller, buyer, productId, title } = await listingWithChat();
    const { data } = (await reserve(seller, productId, buyer.id)).json<ReservationResponse>();

    // The job exists from the moment of the hold, due when it ends.
    const queued = await db().select().from(jobs).where(eq(jobs.name, RESERVATION_LAPSE));
    const mine = queued.find((job) => (job.payload as { productId: number }).productId === productId);
    expect(mine?.runAt.toISOString()).toBe(data.reservedUntil);

    // A job for an older hold of the same listing leaves the current one alone.
    const reservations = t.app.parts.listings.reservations;
    await reservations.lapse({ productId, until: new Date(Date.now() - HOUR_MS).toISOString() });
    expect(await detailFor(productId, buyer)).toMatchObject({ isReservedForCurrentUser: true });

    // The clock passes the end: the answers read it as none before the job runs.
    const ended = new Date(Date.now() - 1_000);
    await db().update(products).set({ reservedUntil: ended }).where(eq(products.id, productId));
    expect(await detailFor(productId, buyer)).toMatchObject({
      reservedUntil: null,
      isReservedForCurrentUser: false,
    });
    await reservations.lapse({ productId, until: ended.toISOString() });
    const [row] = await db().select().from(products).where(eq(products.id, productId));
    expect(row).toMatchObject({ reservedForId: null, reservedUntil: null });

    const lapsed = messages.notifications.lapsedTitle.replace('{title}', title);
    for (const who of [buyer, seller]) {
      const list = await eventually(
        () => api.listOf(who),
        (answer) => answer.data.some((entry) => entry.title === lapsed),
      );
      const entry = list.data.find((item) => item.type === NOTIFICATION_TYPES.reservation);
      expect(entry?.title).toBe(lapsed);
    }
  });

  it("tells both sides when a hold is made and when it is released, each linking to their chat; the seller's own acts are kept read", async () => {
    const { seller, buyer, productId, title } = await listingWithChat();
    expect((await reserve(seller, productId, buyer.id)).statusCode).toBe(200);
    const N = messages.notifications;
    const buyerMade = await eventually(
      () => api.listOf(buyer),
      (answer) => answer.data.some((entry) => entry.type === NOTIFICATION_TYPES.reservation),
    );
    expect(buyerMade.data.find((entry) => entry.type === NOTIFICATION_TYPES.reservation)).toMatchObject({
      title: N.reservedTitleBuyer.replace('{name}', seller.username).replace('{title}', title),
      link: ROUTES.chat(seller.id, productId),
    });
    const sellerMade = await api.listOf(seller);
    expect(sellerMade.data.find((entry) => entry.type === NOTIFICATION_TYPES.reservation)).toMatchObject({
      title: N.reservedTitleSeller.replace('{name}', buyer.username).replace('{title}', title),
      link: ROUTES.chat(buyer.id, productId),
      isRead: true,
    });

    expect((await unreserve(seller, productId)).statusCode).toBe(200);
    const buyerReleased = await api.listOf(buyer);
    expect(buyerReleased.data.find((entry) => entry.type === NOTIFICATION_TYPES.reservation)?.title).toBe(
      N.releasedTitleBuyer.replace('{name}', seller.username).replace('{title}', title),
    );
    const sellerReleased = await api.listOf(seller);
    expect(sellerReleased.data.find((entry) => entry.type === NOTIFICATION_TYPES.reservation)).toMatchObject({
      title: N.releasedTitleSeller.replace('{name}', buyer.username).replace('{title}', title),
      isRead: true,
    });
  });

  it.each([
    ['made now', false],
    ['made before such records named the buyer apart, once the migration ran', true],
  ])(
    'names a buyer who deleted their account "Deleted user" in the seller\'s record of holding for them: %s',
    async (_when, old) => {
      const { seller, buyer, productId, title } = await listingWithChat();
      expect((await reserve(seller, productId, buyer.id)).statusCode).toBe(200);
      expect((await unreserve(seller, productId)).statusCode).toBe(200);
      if (old) {
        await db().execute(sql`update notifications set data = data - 'named' where user_id = ${seller.id}`);
        const migration = readFileSync(
          new URL('../../db/migrations/0034_reservation_records_name_buyer.sql', import.meta.url),
          'utf8',
        );
        await db().execute(sql.raw(migration));
      }
      const sellerTitles = async () =>
        (await api.listOf(seller)).data
          .filter((entry) => entry.type === NOTIFICATION_TYPES.reservation)
          .map((entry) => entry.title);
      const N = messages.notifications;
      const made = (name: string) => N.reservedTitleSeller.replace('{name}', name).replace('{title}', title);
      const released = (name: string) =>
        N.releasedTitleSeller.replace('{name}', name).replace('{title}', title);
      expect(await sellerTitles()).toEqual([released(buyer.username), made(buyer.username)]);

      await deleteAccount(t.app, buyer.token, buyer.password);
      expect(await sellerTitles()).toEqual([released(N.deletedUser), made(N.deletedUser)]);
    },
  );
});
