import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath, approximatePoint, type ProductDetail } from '@rummage/contract';
import { follows, products, users } from '../src/db/schema.js';
import { distanceKm } from '../src/modules/marketplace/radius.js';
import { bearer } from '../src/test/factories.js';
import { ROUTE_CASES } from './route-table.js';
import type { Caller } from './world.js';
import { buildWorld, type World } from './world.js';

/**
 * Private pickup spots (docs/security.md): every JSON answer of the API, as a visitor, another person and the buyer
 * chatting about the listing, must hold neither the owner's exact listing point nor their saved home point.
 */

/** The owner's exact points, chosen off any cell centre and off the centre of Chicago. */
const LISTING = { latitude: 41.88347, longitude: -87.63291 };
const HOME = { latitude: 41.91234, longitude: -87.67654 };
/** About 20 m: anything this close to an exact coordinate gives the spot away. */
const NEAR = 0.0002;

let w: World;

beforeAll(async () => {
  w = await buildWorld();
  const db = w.app.parts.storage.database.db;
  await db.update(products).set(LISTING).where(eq(products.id, w.productId));
  await db.update(users).set(HOME).where(eq(users.id, w.owner.user.id));
  // The owner follows the other person, so the owner appears on that person's followers page.
  await db.insert(follows).values({ followerId: w.owner.user.id, followeeId: w.other.user.id });
});
afterAll(async () => {
  await w?.t.close();
});

const EXACT = [LISTING.latitude, LISTING.longitude, HOME.latitude, HOME.longitude];

/** Every place in a JSON value where a number (or a number written in a string) is near an exact coordinate. */
function leaks(value: unknown, path = '$'): string[] {
  if (typeof value === 'number') {
    return EXACT.some((exact) => Math.abs(value - exact) < NEAR) ? [`${path} = ${value}`] : [];
  }
  if (typeof value === 'string') {
    const numbers = value.match(/-?\d+\.\d+/g) ?? [];
    return numbers.flatMap((text) => leaks(Number(text), `${path} ("${value}")`));
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => leaks(item, `${path}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leaks(item, `${path}.${key}`));
  }
  return [];
}

type ThirdPerson = Extract<Caller, 'visitor' | 'other'> | 'buyer';
const headersOf = (who: ThirdPerson) => (who === 'buyer' ? bearer(w.buyer.token) : w.headersOf(who));

async function getJson(url: string, headers: Record<string, string>) {
  const response = await w.app.inject({ method: 'GET', url, headers });
  const isJson = String(response.headers['content-type'] ?? '').includes('json');
  return { status: response.statusCode, body: isJson ? (response.json() as unknown) : null };
}

const detailUrl = () => apiPath(API.product.item, { id: w.productId });
const feedUrl = (query: Record<string, string | number>) =>
  `${API.marketplace.products}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;

describe('no exact coordinates in any answer to a third person', () => {
  it('the chosen points are far enough from the approximate answers for the scan to mean something', () => {
    const cell = approximatePoint(LISTING.latitude, LISTING.longitude);
    expect(
      Math.abs(cell.latitude - LISTING.latitude) + Math.abs(cell.longitude - LISTING.longitude),
    ).toBeGreaterThan(3 * NEAR);
    expect(leaks({ a: [{ b: LISTING.latitude }], c: `at ${HOME.longitude}` })).toHaveLength(2);
  });

  it.each<ThirdPerson>(['visitor', 'other', 'buyer'])('walks every GET of the API as %s', async (who) => {
    const urls: string[] = [];
    for (const [key, route] of Object.entries(ROUTE_CASES)) {
      if (!key.startsWith('GET ')) continue;
      const prepared = await route.prepare(w);
      const call = await prepared.call(who === 'buyer' ? 'other' : who);
      urls.push(call.url);
    }
    // The feed as people really ask for it: around the owner, with a search, a radius and a later page.
    urls.push(
      feedUrl({ latitude: LISTING.latitude, longitude: LISTING.longitude, radiusKm: 5 }),
      feedUrl({ search: 'lamp', latitude: 41.88, longitude: -87.63 }),
      feedUrl({ page: 2, pageSize: 1 }),
      apiPath(API.user.profileDetails, { userId: w.owner.user.id }),
    );
    let answered = 0;
    for (const url of urls) {
      const { status, body } = await getJson(url, headersOf(who));
      if (body === null) continue;
      if (status < 300) answered += 1;
      expect(leaks(body), `${who}: GET ${url}`).toEqual([]);
    }
    // The listing itself and the owner's profile were among the answers, with their approximate points.
    const detail = (await getJson(detailUrl(), headersOf(who))).body as { data: ProductDetail };
    expect(detail.data.latitude).toBeTypeOf('number');
    expect(answered).toBeGreaterThan(10);
  });

  it('the followers page shows the owner in the centre of their city, still named', async () => {
    const { body } = await getJson(API.user.followers, bearer(w.other.token));
    const card = (body as { data: Array<{ id: number; latitude: number; location: string }> }).data.find(
      (follower) => follower.id === w.owner.user.id,
    );
    expect(card).toMatchObject({ latitude: 41.85003, longitude: -87.65005, location: 'Chicago, IL' });
  });
});

describe('the approximate point', () => {
  it('is the same cell on every request and in every list', async () => {
    const cell = approximatePoint(LISTING.latitude, LISTING.longitude);
    for (let round = 0; round < 3; round += 1) {
      const { body } = await getJson(detailUrl(), bearer(w.other.token));
      expect((body as { data: ProductDetail }).data).toMatchObject(cell);
    }
    const feed = await getJson(feedUrl({ pageSize: 50 }), {});
    const card = (feed.body as { data: ProductDetail[] }).data.find((row) => row.id === w.productId);
    expect(card).toMatchObject(cell);
  });

  it('is exact for the owner only: their listing, their profile and /me', async () => {
    const own = bearer(w.owner.token);
    expect(((await getJson(detailUrl(), own)).body as { data: ProductDetail }).data).toMatchObject(LISTING);
    const me = (await getJson(API.account.me, own)).body;
    expect(JSON.stringify(me)).toContain(String(HOME.latitude));
    const profile = await getJson(apiPath(API.user.profileDetails, { userId: w.owner.user.id }), own);
    expect((profile.body as { data: unknown }).data).toMatchObject(HOME);
  });
});

describe('radius search', () => {
  /** Whether a visitor's feed around `centre` within `radiusKm` lists the owner's listing. */
  const listed = async (centre: { latitude: number; longitude: number }, radiusKm: number) => {
    const { body } = await getJson(feedUrl({ ...centre, radiusKm, pageSize: 48 }), {});
    return (body as { data: Array<{ id: number }> }).data.some((row) => row.id === w.productId);
  };

  it('decides at the edge of the circle on the cell centre the answers show, not on the exact spot', async () => {
    const cell = approximatePoint(LISTING.latitude, LISTING.longitude);
    // A centre 5 km south or north of the spot, on the side away from the cell's centre.
    const centre = {
      latitude: LISTING.latitude + (cell.latitude > LISTING.latitude ? -0.045 : 0.045),
      longitude: LISTING.longitude,
    };
    const exactKm = distanceKm(centre.latitude, centre.longitude, LISTING.latitude, LISTING.longitude);
    const cellKm = distanceKm(centre.latitude, centre.longitude, cell.latitude, cell.longitude);
    expect(cellKm - exactKm).toBeGreaterThan(0.02);
    // Past the exact spot but short of the cell centre: not listed. Just past the centre: listed.
    expect(await listed(centre, exactKm + 0.005)).toBe(false);
    expect(await listed(centre, cellKm - 0.005)).toBe(false);
    expect(await listed(centre, cellKm + 0.005)).toBe(true);
  });

  it('a binary search on the radius from three centres finds the cell centre, never the spot', async () => {
    const cell = approximatePoint(LISTING.latitude, LISTING.longitude);
    // Three centres 3–6 km away in different directions, as an attacker would pick them.
    const centres = [
      { latitude: LISTING.latitude + 0.03, longitude: LISTING.longitude },
      { latitude: LISTING.latitude - 0.02, longitude: LISTING.longitude + 0.05 },
      { latitude: LISTING.latitude - 0.015, longitude: LISTING.longitude - 0.07 },
    ];
    const measured: number[] = [];
    for (const centre of centres) {
      let [inside, outside] = [20, 0];
      // 17 halvings: to 0.15 m, what the probe that found the hole reached.
      for (let step = 0; step < 17; step += 1) {
        const radius = (inside + outside) / 2;
        if (await listed(centre, radius)) inside = radius;
        else outside = radius;
      }
      measured.push(inside);
    }
    // Trilaterate on a local flat map (km east, km north of the first centre): two circle differences are linear.
    const kmPerLat = distanceKm(41.88, -87.63, 42.88, -87.63);
    const kmPerLng = distanceKm(41.88, -87.63, 41.88, -86.63);
    const xy = (p: { latitude: number; longitude: number }) => [
      (p.longitude - centres[0]!.longitude) * kmPerLng,
      (p.latitude - centres[0]!.latitude) * kmPerLat,
    ];
    const [c0, c1, c2] = centres.map(xy) as [number[], number[], number[]];
    const [r0, r1, r2] = measured as [number, number, number];
    const row = (c: number[], r: number) => [
      2 * (c[0]! - c0[0]!),
      2 * (c[1]! - c0[1]!),
      r0 ** 2 - r ** 2 + c[0]! ** 2 - c0[0]! ** 2 + c[1]! ** 2 - c0[1]! ** 2,
    ];
    const [a, b] = [row(c1, r1), row(c2, r2)] as [number[], number[]];
    const det = a[0]! * b[1]! - a[1]! * b[0]!;
    const x = (a[2]! * b[1]! - a[1]! * b[2]!) / det;
    const y = (a[0]! * b[2]! - a[2]! * b[0]!) / det;
    const found = {
      latitude: centres[0]!.latitude + y / kmPerLat,
      longitude: centres[0]!.longitude + x / kmPerLng,
    };

    const toSpot = distanceKm(found.latitude, found.longitude, LISTING.latitude, LISTING.longitude);
    const cellError = distanceKm(cell.latitude, cell.longitude, LISTING.latitude, LISTING.longitude);
    const toCell = distanceKm(found.latitude, found.longitude, cell.latitude, cell.longitude);
    // The search pins the point the answers already show, and is no closer to the spot than that point is.
    expect(toCell).toBeLessThan(0.02);
    expect(toSpot).toBeGreaterThan(cellError - 0.02);
    expect(cellError).toBeGreaterThan(0.05);
  });
});
