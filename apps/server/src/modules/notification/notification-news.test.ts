import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, ROUTES, apiPath, fillText, messages } from '@rummage/contract';
import type { FastifyInstance } from 'fastify';
import { localToInstant } from '../../lib/local-time.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { bearer } from '../../test/factories.js';
import { createGarageSale, dayFromToday, PLACES } from '../../test/garages.js';
import { createProduct, image, listingFields, multipart, png } from '../../test/products.js';
import { eventually, notificationApi, type Person } from './notification.fixtures.js';
import { processorJob } from '../../events/durable.js';
import { GARAGE_SALE_REMINDERS, sendGarageSaleReminders } from './garage-sale-reminders.js';
import { tellFollowers } from './notification.processors.js';

// News about listings in the centre: followed sellers' new listings, likes, garage sales starting tomorrow.
const N = messages.notifications;

let t: TestApp;
let app: FastifyInstance;
let api: ReturnType<typeof notificationApi>;
beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  api = notificationApi(app);
});
afterAll(async () => {
  await t?.close();
});

const person = () => api.person();
const listOf = (who: Person) => api.listOf(who);
const read = (who: Person, payload: unknown) => api.read(who, payload);
const follow = (who: Person, userId: number) => api.follow(who, userId);
async function blockPerson(who: Person, userId: number) {
  const response = await app.inject({
    method: 'POST',
    url: apiPath(API.user.block, { userId }),
    headers: bearer(who.token),
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('listings', () => {
  async function listWithPhoto(seller: Person, title: string): Promise<number> {
    const body = multipart([...listingFields({ Title: title }), image(await png())]);
    const response = await app.inject({
      method: 'POST',
      url: API.product.add,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(seller.token) },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: { id: number } }>().data.id;
  }

  async function like(who: Person, productId: number, wanted?: boolean) {
    const response = await app.inject({
      method: 'POST',
      url: apiPath(API.product.likeUnlike, { id: productId }),
      headers: { ...bearer(who.token), 'content-type': 'application/json' },
      payload: JSON.stringify(wanted === undefined ? {} : { like: wanted }),
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  it('followers hear of a new listing, once each; others do not', async () => {
    const seller = await person();
    const fan = await person();
    const stranger = await person();
    await follow(fan, seller.id);
    expect(app.parts.queue.kinds).toContain(processorJob('savedSearches.listed'));
    const productId = await listWithPhoto(seller, 'Vintage lamp');
    // Followers are told by a job on the queue, which runs within a second or two of the listing.
    const list = await eventually(
      () => listOf(fan),
      (answer) => answer.data.length > 0,
    );
    expect(list.data).toEqual([
      expect.objectContaining({
        type: 'follow',
        title: fillText(N.followTitle, { name: seller.username }),
        body: 'Vintage lamp',
        link: ROUTES.productDetail(productId),
      }),
    ]);
    expect((await listOf(stranger)).data).toHaveLength(0);
    expect((await listOf(seller)).data).toHaveLength(0);
    // Run again (a retried job): nobody hears of the same listing twice.
    const listing = { productId, sellerId: seller.id, title: 'Vintage lamp' };
    const told = await app.parts.durable.transaction((tx, record) =>
      tellFollowers({ tx, record }, app.parts.notifications.centre, listing),
    );
    expect(told).toBe(0);
    expect((await listOf(fan)).data).toHaveLength(1);
  });

  it('likes within the hour gather into one entry that counts distinct people', async () => {
    const seller = await person();
    const [a, b, c] = [await person(), await person(), await person()];
    const productId = await createProduct(app, seller.id, { title: 'Red bike' });
    await like(a, productId, true);
    let list = await listOf(seller);
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      type: 'like',
      title: fillText(N.likeTitleOne, { name: a.username, title: 'Red bike' }),
      body: N.likeBody,
      link: ROUTES.productDetail(productId),
    });
    // Unliking and liking again is the same person: no new count, and a repeated like is not news.
    await like(a, productId, false);
    await like(a, productId, true);
    await like(a, productId, true);
    await like(b, productId, true);
    await like(c, productId, true);
    list = await listOf(seller);
    expect(list.data).toHaveLength(1);
    expect(list.data[0]!.title).toBe(fillText(N.likeTitleMany, { count: 3, title: 'Red bike' }));
    expect(list.unread).toBe(1);
    await like(seller, productId, true);
    expect((await listOf(seller)).data).toHaveLength(1);
  });

  it('likes arriving at once are all counted in one entry', async () => {
    const seller = await person();
    const likers = await Promise.all([1, 2, 3, 4].map(() => person()));
    const productId = await createProduct(app, seller.id, { title: 'Blue chair' });
    await Promise.all(likers.map((liker) => like(liker, productId, true)));
    const list = await listOf(seller);
    expect(list.data.map((n) => n.title)).toEqual([
      fillText(N.likeTitleMany, { count: 4, title: 'Blue chair' }),
    ]);
  });
});

describe('garage-sale reminders', () => {
  const chicagoAt = (days: number, time: string) =>
    localToInstant(dayFromToday(days, 'America/Chicago'), time, 'America/Chicago').at;

  it('tell the host and the host’s followers once about a sale that starts tomorrow', async () => {
    expect(app.parts.queue.kinds).toContain(GARAGE_SALE_REMINDERS);
    const host = await person();
    const fan = await person();
    const stranger = await person();
    const estranged = await person();
    await follow(fan, host.id);
    // A follower who then blocked the host hears nothing of their sales (modules/user/reach.ts).
    await follow(estranged, host.id);
    await blockPerson(estranged, host.id);
    const tomorrow = await createGarageSale(app, host.id, {
      ...PLACES.chicago,
      title: 'Maple Street sale',
      startsAt: chicagoAt(1, '09:30:00'),
    });
    // Neither of these starts tomorrow: no reminder for them.
    await createGarageSale(app, host.id, { startsAt: chicagoAt(3, '09:30:00') });
    await createGarageSale(app, host.id, { startsAt: new Date(Date.now() + 60_000) });

    const db = app.parts.storage.database.db;
    const centre = app.parts.notifications.centre;
    await sendGarageSaleReminders(db, app.parts.durable, centre);
    const expected = {
      type: 'garageSale',
      title: N.garageSaleTitle,
      body: fillText(N.garageSaleBody, {
        title: 'Maple Street sale',
        when: fillText(N.garageSaleWhen, { time: '09:30' }),
      }),
      link: ROUTES.garage(tomorrow),
      isRead: false,
    };
    for (const who of [host, fan]) {
      expect((await listOf(who)).data).toEqual([expect.objectContaining(expected)]);
    }
    expect((await listOf(stranger)).data).toHaveLength(0);
    expect((await listOf(estranged)).data).toHaveLength(0);

    // The job runs every hour: read or not, nobody hears of the same sale twice.
    await read(fan, { all: true });
    expect(await sendGarageSaleReminders(db, app.parts.durable, centre)).toBe(0);
    expect((await listOf(host)).data).toHaveLength(1);
    expect((await listOf(fan)).data).toHaveLength(1);
  });
});
