import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath } from '@rummage/contract';
import {
  chatMessages,
  follows,
  garageSales,
  productLikes,
  productReports,
  products,
  supportTickets,
  users,
} from '../src/db/schema.js';
import { bearer, registration, solveCaptcha } from '../src/test/factories.js';
import { garagePayload } from '../src/test/garages.js';
import { createProduct, image, listingFields, multipart, png, type Part } from '../src/test/products.js';
import { buildWorld, type World } from './world.js';

/**
 * Mass assignment (ASVS 15.3.3): fields a client must never set (owner, role, counters, ids, timestamps,
 * moderation state), sent to every create/update endpoint, change nothing. Each write is read back from the
 * database. `userId`/`isSold` are left out where they are the endpoint's own fields.
 */

let w: World;
let db: World['app']['parts']['storage']['database']['db'];
const LONG_AGO = '2001-01-01T00:00:00.000Z';

beforeAll(async () => {
  w = await buildWorld();
  db = w.app.parts.storage.database.db;
});
afterAll(async () => {
  await w?.t.close();
});

/** Someone else's ids and privileged values under every name a column or a presenter uses. */
function hostile(): Record<string, unknown> {
  const victim = w.other.user.id;
  return {
    id: 1,
    userId: victim,
    ownerId: victim,
    sellerId: victim,
    senderId: victim,
    reporterId: victim,
    followerId: victim,
    role: 'admin',
    isAdmin: true,
    views: 9999,
    likesCount: 9999,
    isSold: true,
    soldAt: LONG_AGO,
    hiddenAt: LONG_AGO,
    bannedAt: LONG_AGO,
    status: 'closed',
    createdAt: LONG_AGO,
    updatedAt: LONG_AGO,
    passwordHash: 'not-a-hash',
    imageUrl: 'https://evil.example/x.png',
  };
}

const without = (object: Record<string, unknown>, ...keys: string[]) =>
  Object.fromEntries(Object.entries(object).filter(([key]) => !keys.includes(key)));

/**
 * The same fields as form parts in the SPEC's PascalCase, and the owner/sold/counter ones in camelCase too (a
 * listing form takes at most 40 fields, so not every name twice).
 */
const hostileParts = (): Part[] => [
  ...Object.entries(without(hostile(), 'id')).map(([key, value]) => ({
    name: key[0]!.toUpperCase() + key.slice(1),
    value: String(value),
  })),
  ...Object.entries(hostile())
    .filter(([key]) => ['sellerId', 'userId', 'ownerId', 'isSold', 'views', 'likesCount'].includes(key))
    .map(([name, value]) => ({ name, value: String(value) })),
];

function post(url: string, token: string, payload: object) {
  return w.app.inject({ method: 'POST', url, headers: bearer(token), payload });
}

const recent = (date: Date | null | undefined) => Date.now() - (date?.getTime() ?? 0) < 60_000;

describe('mass assignment changes nothing', () => {
  it('register: no role, ban, counter, id or timestamp from the body', async () => {
    const form = { ...registration({ captchaToken: await solveCaptcha(w.app) }), ...hostile() };
    const response = await w.app.inject({ method: 'POST', url: API.account.register, payload: form });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<{ data: { id: number } }>().data.id;
    expect(id).not.toBe(1);
    const [row] = await db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ role: 'user', views: 0, bannedAt: null, imageUrl: null });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(recent(row!.createdAt)).toBe(true);
  });

  it('update-user-details: only username, e-mail and address change', async () => {
    const me = w.buyer;
    const [before] = await db.select().from(users).where(eq(users.id, me.user.id));
    const response = await post(API.user.updateUserDetails, me.token, {
      ...without(hostile(), 'userId'),
      userId: me.user.id,
      userName: me.user.username,
      email: me.user.email,
      address: 'Evanston, IL',
      latitude: 42.0451,
      longitude: -87.6877,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [after] = await db.select().from(users).where(eq(users.id, me.user.id));
    expect(after!.address).toBe('Evanston, IL');
    expect({ ...after, address: null, latitude: null, longitude: null }).toEqual({
      ...before,
      address: null,
      latitude: null,
      longitude: null,
    });
  });

  it('listing create: the seller is the caller, not sold, no views, no likes, created now', async () => {
    const { payload, headers } = multipart([...listingFields(), ...hostileParts(), image(await png())]);
    const response = await w.app.inject({
      method: 'POST',
      url: API.product.add,
      headers: { ...headers, ...bearer(w.owner.token) },
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<{ data: { id: number } }>().data.id;
    const [row] = await db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({
      sellerId: w.owner.user.id,
      isSold: false,
      views: 0,
      hiddenAt: null,
      soldAt: null,
    });
    expect(recent(row!.createdAt)).toBe(true);
    expect(await db.select().from(productLikes).where(eq(productLikes.productId, id))).toEqual([]);
  });

  it('listing edit: the seller, sold state, views and creation time stay', async () => {
    const id = await createProduct(w.app, w.owner.user.id, { createdAt: new Date('2024-05-01T00:00:00Z') });
    const [before] = await db.select().from(products).where(eq(products.id, id));
    const { payload, headers } = multipart([
      ...listingFields({ ProductId: id, Title: 'Renamed' }),
      ...hostileParts().filter((part) => part.name.toLowerCase() !== 'productid'),
    ]);
    const response = await w.app.inject({
      method: 'PUT',
      url: API.product.update,
      headers: { ...headers, ...bearer(w.owner.token) },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [after] = await db.select().from(products).where(eq(products.id, id));
    expect(after!.title).toBe('Renamed');
    for (const key of ['sellerId', 'isSold', 'soldAt', 'views', 'hiddenAt', 'createdAt'] as const) {
      expect(after![key], key).toEqual(before![key]);
    }
  });

  it('change-sold-status: only the sold state changes', async () => {
    const id = await createProduct(w.app, w.owner.user.id);
    const [before] = await db.select().from(products).where(eq(products.id, id));
    const response = await post(API.product.changeSoldStatus, w.owner.token, {
      ...without(hostile(), 'isSold'),
      productId: id,
      isSold: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [after] = await db.select().from(products).where(eq(products.id, id));
    expect(after!.isSold).toBe(true);
    expect(recent(after!.soldAt)).toBe(true);
    for (const key of ['sellerId', 'views', 'hiddenAt', 'createdAt', 'title', 'price'] as const) {
      expect(after![key], key).toEqual(before![key]);
    }
  });

  it('garage sale: the host is the caller', async () => {
    const response = await post(API.garageSale.add, w.buyer.token, { ...garagePayload(), ...hostile() });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<{ data: { id: number } }>().data.id;
    const [row] = await db.select().from(garageSales).where(eq(garageSales.id, id));
    expect(row!.sellerId).toBe(w.buyer.user.id);
    expect(recent(row!.createdAt)).toBe(true);
  });

  it('support ticket: opened for the caller, open, and nobody else’s', async () => {
    const response = await post(API.support.createTicket, w.buyer.token, {
      ...hostile(),
      subject: 'system-bug',
      message: 'The map does not load.',
      username: w.other.user.username,
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<{ data: { id: number } }>().data.id;
    const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id));
    expect(row).toMatchObject({ userId: w.buyer.user.id, status: 'open', closedAt: null });
  });

  it('chat message: sent by the caller, now', async () => {
    const response = await post(API.message.send, w.other.token, {
      ...hostile(),
      productId: w.productId,
      receiverId: w.owner.user.id,
      message: 'Would you take 5?',
    });
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json<{ data: { id: number } }>().data.id;
    const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id));
    expect(row!.senderId).toBe(w.other.user.id);
    expect(recent(row!.createdAt)).toBe(true);
  });

  it('report, like and follow: recorded for the caller, with their normal state', async () => {
    const id = await createProduct(w.app, w.owner.user.id);
    const report = await post(API.product.report, w.buyer.token, {
      ...hostile(),
      productId: id,
      reason: 'Fake',
    });
    expect(report.statusCode, report.body).toBe(200);
    const reports = await db.select().from(productReports).where(eq(productReports.productId, id));
    expect(reports.map((row) => [row.reporterId, row.status])).toEqual([[w.buyer.user.id, 'open']]);

    const like = await post(apiPath(API.product.likeUnlike, { id }), w.buyer.token, {
      ...hostile(),
      like: true,
    });
    expect(like.statusCode, like.body).toBe(200);
    expect(like.json().data.likesCount).toBe(1);
    const likes = await db.select().from(productLikes).where(eq(productLikes.productId, id));
    expect(likes.map((row) => row.userId)).toEqual([w.buyer.user.id]);

    const followed = w.staff.user.id;
    const follow = await post(apiPath(API.user.followUnfollow, { userId: followed }), w.buyer.token, {
      ...without(hostile(), 'userId'),
      follow: true,
    });
    expect(follow.statusCode, follow.body).toBe(200);
    const rows = await db.select().from(follows).where(eq(follows.followeeId, followed));
    expect(rows.map((row) => row.followerId)).toEqual([w.buyer.user.id]);
  });

  it('staff hide: the listing keeps its owner and counters; the hide time is the server’s', async () => {
    const id = await createProduct(w.app, w.owner.user.id);
    const [before] = await db.select().from(products).where(eq(products.id, id));
    const response = await post(apiPath(API.staff.hideProduct, { productId: id }), w.staff.token, {
      ...hostile(),
      reason: 'Counterfeit',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [after] = await db
      .select()
      .from(products)
      .where(and(eq(products.id, id)));
    expect(recent(after!.hiddenAt)).toBe(true);
    for (const key of ['sellerId', 'isSold', 'views', 'createdAt'] as const) {
      expect(after![key], key).toEqual(before![key]);
    }
  });
});
