import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MILES_TO_KM, PAGE_SIZE, messages, type FeedResponse } from '@rummage/contract';
import { products } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { banUser, createUser } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { EARTH_RADIUS_KM } from './radius.js';

let t: TestApp;
let sellerId: number;
beforeAll(async () => {
  t = await buildTestApp();
  sellerId = (await createUser(t.app)).id;
});
afterAll(async () => {
  await t?.close();
});

/** The point `km` away from (lat, lng) along `bearing` degrees on the feed's sphere: the haversine inverse. */
function destination(lat: number, lng: number, km: number, bearing: number) {
  const rad = Math.PI / 180;
  const d = km / EARTH_RADIUS_KM;
  const φ1 = lat * rad;
  const θ = bearing * rad;
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(θ));
  const λ2 =
    lng * rad +
    Math.atan2(Math.sin(θ) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
  return { latitude: φ2 / rad, longitude: λ2 / rad };
}

async function feed(query: Record<string, string | number>, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'GET',
    url: API.marketplace.products,
    query: stringify(query),
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FeedResponse>();
}
const stringify = (query: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]));
const ids = (page: FeedResponse) => page.data.map((card) => card.id);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('GET /api/Marketplace/products: radius', () => {
  it.each([
    ['north', 0, 38.5, -98.0],
    ['east', 90, 38.5, -98.0],
    ['north-east, far north', 60, 64.8, -147.7],
    ['west', 270, 47.6, -122.3],
  ])('keeps 24.9 miles and drops 25.1 miles (%s)', async (_name, bearing, lat, lng) => {
    const inside = await createProduct(t.app, sellerId, destination(lat, lng, 24.9 * MILES_TO_KM, bearing));
    const outside = await createProduct(t.app, sellerId, destination(lat, lng, 25.1 * MILES_TO_KM, bearing));
    const page = await feed({ latitude: lat, longitude: lng, radiusKm: 25 * MILES_TO_KM, pageSize: 48 });
    expect(ids(page)).toContain(inside);
    expect(ids(page)).not.toContain(outside);
  });

  it('measures exactly at the edge of the box: 24.99 miles due east at 60° north is found', async () => {
    // Longitude degrees shrink poleward; a box from "69.172 miles per degree × cos(lat)" is 0.1% too narrow and
    // would miss this point, which lies 0.01 mile inside the circle.
    const at = destination(60, 10, 24.99 * MILES_TO_KM, 90);
    const id = await createProduct(t.app, sellerId, at);
    const page = await feed({ latitude: 60, longitude: 10, radiusKm: 25 * MILES_TO_KM });
    expect(ids(page)).toContain(id);
  });

  it('uses 25 miles when latitude and longitude come without radiusKm', async () => {
    const near = await createProduct(t.app, sellerId, destination(35.0, -106.6, 24 * MILES_TO_KM, 180));
    const far = await createProduct(t.app, sellerId, destination(35.0, -106.6, 26 * MILES_TO_KM, 180));
    const page = await feed({ latitude: 35.0, longitude: -106.6 });
    expect(ids(page)).toContain(near);
    expect(ids(page)).not.toContain(far);
  });

  it('answers newest items everywhere without a location', async () => {
    const older = await createProduct(t.app, sellerId, { latitude: 21.3, longitude: -157.8 });
    await pause(3);
    const newer = await createProduct(t.app, sellerId, { latitude: 44.5, longitude: -68.2 });
    const page = await feed({ pageSize: 2 });
    expect(ids(page)).toEqual([newer, older]);
  });
});

describe('GET /api/Marketplace/products: search and exclusions', () => {
  const here = { latitude: 33.45, longitude: -112.07 };
  const near = { ...here, radiusKm: 10 };

  it('matches words of the title, the description and the category title', async () => {
    const byTitle = await createProduct(t.app, sellerId, { ...here, title: 'Walnut credenza' });
    const byDescription = await createProduct(t.app, sellerId, {
      ...here,
      title: 'Storage piece',
      description: 'Made of walnut veneer',
    });
    const chair = await createProduct(t.app, sellerId, {
      ...here,
      title: 'Eames lounge',
      categoryTitle: 'Furniture',
    });
    const other = await createProduct(t.app, sellerId, {
      ...here,
      title: 'Red sneakers',
      categoryTitle: 'Shoes',
    });

    const walnut = ids(await feed({ ...near, search: 'walnut' }));
    expect(walnut.sort()).toEqual([byTitle, byDescription].sort());
    const furniture = ids(await feed({ ...near, search: 'Furniture' }));
    expect(furniture).toContain(chair);
    expect(furniture).not.toContain(other);
    // English stemming: "sneaker" finds "sneakers"; web-search syntax excludes with a minus.
    expect(ids(await feed({ ...near, search: 'sneaker' }))).toEqual([other]);
    expect(ids(await feed({ ...near, search: 'walnut -veneer' }))).toEqual([byTitle]);
    // A query with no searchable word does not filter.
    expect(ids(await feed({ ...near, search: 'the' })).length).toBeGreaterThanOrEqual(4);
  });

  it('treats quotes, backslashes and SQL in a search as words, on every page and statement shape', async () => {
    const quoted = await createProduct(t.app, sellerId, { ...here, title: "O'Brien's walnut stool" });
    const attempts = [
      "o'brien",
      "walnut'); drop table products; --",
      "\\'; select pg_sleep(5); --",
      "E'\\x00' walnut",
      "''''",
    ];
    for (const search of attempts) {
      // First pages run as prepared statements (on PGlite: EXECUTE with the values written out); later pages not.
      for (const page of [1, 2]) {
        for (const where of [near, {}]) await feed({ ...where, search, page, pageSize: 12 });
      }
    }
    expect(ids(await feed({ ...near, search: "o'brien" }))).toContain(quoted);
    expect(ids(await feed({ ...near, search: "walnut stool');" }))).toContain(quoted);
    expect(ids(await feed({ ...near, pageSize: 48 }))).toContain(quoted);
  });

  it('answers a search of minuses as a person means it, never with a 500 (PostgreSQL nests a NOT per minus)', async () => {
    const plain = await createProduct(t.app, sellerId, { ...here, title: 'Minus-proof enamel kettle' });
    const cracked = await createProduct(t.app, sellerId, { ...here, title: 'Cracked enamel kettle' });
    for (const search of ['-'.repeat(33), '- '.repeat(40), '-"'.repeat(40), 'kettle ' + '-'.repeat(150)]) {
      for (const where of [near, {}]) await feed({ ...where, search, pageSize: 48 });
    }
    const found = ids(await feed({ ...near, search: `enamel ${'-'.repeat(40)}cracked`, pageSize: 48 }));
    expect(found).toContain(plain);
    expect(found).not.toContain(cracked);
  });

  it('leaves out sold items, hidden items and suspended sellers', async () => {
    const at = { latitude: 29.95, longitude: -90.07, title: 'Gumbo pot' };
    const shown = await createProduct(t.app, sellerId, at);
    await createProduct(t.app, sellerId, { ...at, isSold: true });
    await createProduct(t.app, sellerId, { ...at, hidden: true });
    const banned = await createUser(t.app);
    await createProduct(t.app, banned.id, at);
    await banUser(t.app, banned.id);
    expect(ids(await feed({ latitude: 29.95, longitude: -90.07, radiusKm: 5 }))).toEqual([shown]);
  });

  it('caps pageSize at 48', async () => {
    const at = { latitude: 46.87, longitude: -113.99 };
    for (let i = 0; i < 50; i++) await createProduct(t.app, sellerId, at);
    const page = await feed({ ...at, radiusKm: 5, pageSize: 500 });
    expect(page.pageSize).toBe(PAGE_SIZE.max);
    expect(page.data).toHaveLength(PAGE_SIZE.max);
  });

  it('answers the card shape: numbers for money, ISO dates, image paths under /uploads', async () => {
    const id = await createProduct(t.app, sellerId, {
      latitude: 40.0,
      longitude: -80.0,
      price: 19.9,
      images: 2,
      categoryTitle: 'Tools',
    });
    const [card] = (await feed({ latitude: 40.0, longitude: -80.0, radiusKm: 1 })).data;
    expect(card).toMatchObject({
      id,
      productId: id,
      price: 19.9,
      views: 0,
      likesCount: 0,
      isSold: false,
      userId: sellerId,
      sellerId,
      location: 'Chicago, IL',
      categoryTitle: 'Tools',
    });
    expect(card?.title).toBe(card?.name);
    expect(card?.images).toHaveLength(2);
    expect(card?.mainImage).toMatch(/^\/uploads\/products\/.+-thumb\.webp$/);
    expect(card?.image).toBe(card?.mainImage);
    expect(new Date(card!.posted).toISOString()).toBe(card?.posted);
  });
});

describe('GET /api/Marketplace/products: paging', () => {
  async function seedArea(latitude: number, longitude: number, count: number) {
    const made: number[] = [];
    for (let i = 0; i < count; i++) made.push(await createProduct(t.app, sellerId, { latitude, longitude }));
    return made;
  }

  it('keeps pages stable while new items arrive, with the `before` the first page answered', async () => {
    const area = { latitude: 36.16, longitude: -86.78, radiusKm: 5, pageSize: 12 };
    const original = await seedArea(area.latitude, area.longitude, 30);
    const first = await feed({ ...area, page: 1 });
    await pause(5);
    const arrived = await seedArea(area.latitude, area.longitude, 5);
    const second = await feed({ ...area, page: 2, before: first.before });
    const later = await seedArea(area.latitude, area.longitude, 3);
    const third = await feed({ ...area, page: 3, before: first.before });

    const seen = [...ids(first), ...ids(second), ...ids(third)];
    expect(new Set(seen).size).toBe(seen.length); // no duplicates
    expect(seen.sort()).toEqual([...original].sort()); // no gaps, nothing newer than the snapshot
    expect(third.data).toHaveLength(6); // a short page: end of feed (docs/product.md §4)
    expect(second.before).toBe(first.before);
    // A new first page (pull to refresh) shows what arrived meanwhile, newest first.
    const fresh = await feed({ ...area, page: 1 });
    expect(ids(fresh).slice(0, 8)).toEqual([...later.reverse(), ...arrived.reverse()]);
  });

  it('keeps pages stable for the SPEC client that sends page numbers only', async () => {
    const area = { latitude: 39.1, longitude: -94.58, radiusKm: 5, pageSize: 10 };
    const original = await seedArea(area.latitude, area.longitude, 25);
    const headers = { 'user-agent': 'paging-test-browser' };
    const first = await feed({ ...area, page: 1 }, headers);
    await pause(5);
    await seedArea(area.latitude, area.longitude, 4);
    const second = await feed({ ...area, page: 2 }, headers);
    const third = await feed({ ...area, page: 3 }, headers);
    const seen = [...ids(first), ...ids(second), ...ids(third)];
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual([...original].sort());
  });

  it('keeps an item sold between pages in its place, so the next page skips nothing', async () => {
    const area = { latitude: 42.33, longitude: -83.05, radiusKm: 5, pageSize: 5 };
    const original = await seedArea(area.latitude, area.longitude, 10);
    const first = await feed({ ...area, page: 1 });
    const [soldId, soldInTheSnapshotsMillisecond] = ids(first);
    const db = t.app.parts.storage.database.db;
    // The database's clock, as the sold-status change writes it.
    await db
      .update(products)
      .set({ isSold: true, soldAt: sql`now()` })
      .where(eq(products.id, soldId!));
    // Sold within the snapshot's own millisecond, after the page was read: on PGlite, whose clock ticks in
    // milliseconds, any sale right after the first page is stamped so.
    await db
      .update(products)
      .set({ isSold: true, soldAt: new Date(first.before) })
      .where(eq(products.id, soldInTheSnapshotsMillisecond!));
    const second = await feed({ ...area, page: 2, before: first.before });
    expect([...ids(first), ...ids(second)].sort()).toEqual([...original].sort());
    // Read fresh, both are gone.
    const fresh = ids(await feed({ ...area, page: 1 }));
    expect(fresh).not.toContain(soldId);
    expect(fresh).not.toContain(soldInTheSnapshotsMillisecond);
  });

  it('shows a listing posted in the snapshot’s own millisecond on the next first page, not as a repeat', async () => {
    const area = { latitude: 44.98, longitude: -93.27, radiusKm: 5, pageSize: 4 };
    const original = await seedArea(area.latitude, area.longitude, 8);
    const first = await feed({ ...area, page: 1 });
    // Posted right after the first page was read: on PGlite its time is the snapshot's millisecond.
    const [posted] = await seedArea(area.latitude, area.longitude, 1);
    await t.app.parts.storage.database.db
      .update(products)
      .set({ createdAt: new Date(first.before) })
      .where(eq(products.id, posted!));
    const second = await feed({ ...area, page: 2, before: first.before });
    const seen = [...ids(first), ...ids(second)];
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual([...original].sort());
    expect(ids(await feed({ ...area, page: 1 }))[0]).toBe(posted);
  });
});

describe('GET /api/Marketplace/products: bad input is a 400, never a 500', () => {
  it.each([
    [{ latitude: 41.8 }, messages.listing.locationIncomplete],
    [{ page: 0 }, 'page must be a whole number from 1 to 10000.'],
    [{ page: 'abc' }, 'page must be a whole number from 1 to 10000.'],
    [{ pageSize: -3 }, 'pageSize must be a whole number of at least 1.'],
    [{ latitude: 91, longitude: 0 }, 'latitude must be between -90 and 90.'],
    [{ latitude: 41, longitude: -87, radiusKm: -5 }, 'radiusKm must be a positive number of kilometres.'],
    [{ before: 'yesterday' }, 'before must be an ISO 8601 date-time.'],
    [{ search: 'x'.repeat(201) }, 'The search text is too long.'],
  ])('%j', async (query, message) => {
    const response = await t.app.inject({
      method: 'GET',
      url: API.marketplace.products,
      query: stringify(query),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(message);
  });

  it('treats blank parameters as missing', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${API.marketplace.products}?page=&pageSize=&search=&latitude=&longitude=&radiusKm=`,
    });
    expect(response.statusCode).toBe(200);
  });
});
