import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath, messages, type ProductCard, type ProductDetail } from '@rummage/contract';
import { follows } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { bearer, createUser, signIn, type TestUser } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';

const L = messages.listing;
let t: TestApp;
let seller: TestUser;
let sellerToken: string;
let other: TestUser;
let otherToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  seller = await createUser(t.app);
  sellerToken = await signIn(t.app, seller);
  other = await createUser(t.app);
  otherToken = await signIn(t.app, other);
});
afterAll(async () => {
  await t?.close();
});

const item = (id: number | string) => apiPath(API.product.item, { id });
const detail = async (id: number, token?: string) => {
  const response = await t.app.inject({ method: 'GET', url: item(id), headers: token ? bearer(token) : {} });
  return { status: response.statusCode, body: response.json<{ data: ProductDetail; message?: string }>() };
};

describe('GET /api/Product/{id}', () => {
  it('answers every SPEC field', async () => {
    const id = await createProduct(t.app, seller.id, {
      title: 'Brass lamp',
      description: 'Works fine.',
      price: 12.5,
      images: 2,
      categoryTitle: 'Antiques',
    });
    await t.app.parts.storage.database.db
      .insert(follows)
      .values({ followerId: other.id, followeeId: seller.id });
    const { status, body } = await detail(id, otherToken);
    expect(status).toBe(200);
    const data = body.data;
    expect(data).toMatchObject({
      id,
      productId: id,
      title: 'Brass lamp',
      name: 'Brass lamp',
      price: 12.5,
      description: 'Works fine.',
      views: 0,
      likesCount: 0,
      isLikedByCurrentUser: false,
      location: 'Chicago, IL',
      // Stored at 41.8781, -87.6298: others get the ~500 m cell's centre (docs/security.md).
      latitude: 41.87925,
      longitude: -87.627367,
      userId: seller.id,
      sellerId: seller.id,
      userName: seller.username,
      userImageUrl: null,
      isFollowedByCurrentUser: true,
      isSold: false,
      categoryTitle: 'Antiques',
      isOwner: false,
    });
    expect(data.images).toHaveLength(2);
    expect(data.mainImage).toBe(data.images[0]);
    expect(data.image).toBe(data.images[0]);
    expect(data.thumbnails[0]).toMatch(/-thumb\.webp$/);
    expect(Date.parse(data.posted)).not.toBeNaN();
    expect(Date.parse(data.thrifterSince)).not.toBeNaN();
    expect(typeof data.categoryId).toBe('number');
    // A visitor sees the same listing, with nothing personal set.
    const visitor = await detail(id);
    expect(visitor.body.data).toMatchObject({ isFollowedByCurrentUser: false, isLikedByCurrentUser: false });
  });

  it('answers 404 for unknown ids and 400 for ids that are not numbers', async () => {
    const missing = await detail(99_999_999);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(L.notFound);
    const bad = await t.app.inject({ method: 'GET', url: item('abc') });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: item('-4') })).statusCode).toBe(400);
  });

  it('hides moderated listings from everyone but their seller', async () => {
    const id = await createProduct(t.app, seller.id, { hidden: true });
    expect((await detail(id)).status).toBe(404);
    expect((await detail(id, otherToken)).status).toBe(404);
    expect((await detail(id, sellerToken)).status).toBe(200);
  });
});

describe('owner-only writes', () => {
  const calls = (id: number | string) => [
    { method: 'DELETE' as const, url: item(id) },
    { method: 'POST' as const, url: API.product.changeSoldStatus, payload: { productId: id, isSold: true } },
  ];

  it('answers 401 to visitors, 403 to other users and 404 for unknown listings', async () => {
    const id = await createProduct(t.app, seller.id);
    for (const call of calls(id)) {
      expect((await t.app.inject(call)).statusCode).toBe(401);
      const forbidden = await t.app.inject({ ...call, headers: bearer(otherToken) });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json<{ message: string }>().message).toBe(L.notOwner);
    }
    for (const call of calls(77_777_777)) {
      expect((await t.app.inject({ ...call, headers: bearer(sellerToken) })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ ...calls('abc')[0]!, headers: bearer(sellerToken) })).statusCode).toBe(400);
    expect((await detail(id)).status).toBe(200);
  });

  it('marks sold and available again; the profile tabs follow', async () => {
    const id = await createProduct(t.app, seller.id, { title: 'Ski boots' });
    const unsoldUrl = apiPath(API.product.unsoldByUser, { userId: seller.id });
    const soldUrl = apiPath(API.product.soldByUser, { userId: seller.id });
    const list = async (url: string) =>
      (await t.app.inject({ method: 'GET', url }))
        .json<{ data: ProductCard[] }>()
        .data.map((card) => card.id);

    expect(await list(unsoldUrl)).toContain(id);
    const sold = await t.app.inject({
      method: 'POST',
      url: API.product.changeSoldStatus,
      headers: bearer(sellerToken),
      payload: { productId: id, isSold: true },
    });
    expect(sold.statusCode).toBe(200);
    expect(sold.json()).toEqual({ message: L.statusUpdated, data: { productId: id, isSold: true } });
    expect(await list(unsoldUrl)).not.toContain(id);
    expect(await list(soldUrl)).toContain(id);
    expect((await detail(id)).body.data.isSold).toBe(true);

    // The SPEC client may send strings; "false" must mean false.
    const back = await t.app.inject({
      method: 'POST',
      url: API.product.changeSoldStatus,
      headers: bearer(sellerToken),
      payload: { productId: String(id), isSold: 'false' },
    });
    expect(back.statusCode).toBe(200);
    expect(await list(unsoldUrl)).toContain(id);
  });

  it('deletes a listing', async () => {
    const id = await createProduct(t.app, seller.id);
    const response = await t.app.inject({ method: 'DELETE', url: item(id), headers: bearer(sellerToken) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: L.deleted });
    expect((await detail(id)).status).toBe(404);
  });
});

describe("a seller's lists", () => {
  it('answers cards newest first; hidden ones only to the seller; 404 for unknown users', async () => {
    const someone = await createUser(t.app);
    const first = await createProduct(t.app, someone.id, { createdAt: new Date(Date.now() - 60_000) });
    const second = await createProduct(t.app, someone.id);
    const hidden = await createProduct(t.app, someone.id, { hidden: true });
    const url = apiPath(API.product.unsoldByUser, { userId: someone.id });
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    const cards = response.json<{ data: ProductCard[] }>().data;
    expect(cards.map((card) => card.id)).toEqual([second, first]);
    expect(cards[0]).toMatchObject({ userId: someone.id, userName: someone.username, isSold: false });
    const own = await t.app.inject({ method: 'GET', url, headers: bearer(await signIn(t.app, someone)) });
    expect(own.json<{ data: ProductCard[] }>().data.map((card) => card.id)).toContain(hidden);

    expect(
      (await t.app.inject({ method: 'GET', url: apiPath(API.product.soldByUser, { userId: 9_999_999 }) }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/Product/sold/user/abc' })).statusCode).toBe(400);
  });
});
