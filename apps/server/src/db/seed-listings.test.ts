import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath, LISTING_LIMITS, MILES_TO_KM, type FeedResponse } from '@rummage/contract';
import { buildTestApp, type TestApp } from '../test/app.js';
import { bearer, signIn } from '../test/factories.js';
import { filesUnder } from '../test/products.js';
import { prepareDatabase } from './migrate.js';
import { productImages, products, users } from './schema.js';
import { DEMO_CITIES } from './seed-catalog.js';
import { DEMO_LISTING_COUNT } from './seed-listings.js';
import { DEMO_USERS } from './seed.js';

let t: TestApp;
// Seeding the demo (people, listings and their photos) takes about 20 s on a quiet two-core machine and has
// passed 30 s beside a browser run; the tests themselves keep the suite's limit.
beforeAll(async () => {
  t = await buildTestApp({ SEED_DEMO_DATA: 'true' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const scalar = async (query: ReturnType<typeof sql>) => {
  const result = (await t.app.parts.storage.database.db.execute(query)) as unknown as {
    rows: Array<{ n: number | string }>;
  };
  return Number(result.rows[0]?.n);
};
const uploads = () => join(t.config.dataDir, 'uploads');

describe('demo listings', () => {
  // How long seeding takes is a start-up cost measured in bench/, not asserted here (timings flake under load).
  it('seeds a few hundred listings with photos on a fresh installation', async () => {
    expect(await scalar(sql`select count(*)::int as n from ${products}`)).toBe(DEMO_LISTING_COUNT);
    // Every listing has a photo, and each distinct photo is stored once (large and thumbnail).
    expect(
      await scalar(sql`select count(*)::int as n from ${products} p where not exists
      (select 1 from ${productImages} i where i.product_id = p.id)`),
    ).toBe(0);
    const distinct = await scalar(sql`select count(distinct large_key)::int as n from ${productImages}`);
    expect(filesUnder(uploads())).toHaveLength(distinct * 2);
  });

  it('looks like a real marketplace: spread over cities and 60 days, some sold, realistic prices', async () => {
    const sold = await scalar(sql`select count(*)::int as n from ${products} where is_sold`);
    expect(sold).toBeGreaterThan(DEMO_LISTING_COUNT * 0.05);
    expect(sold).toBeLessThan(DEMO_LISTING_COUNT * 0.3);
    const days = await scalar(
      sql`select extract(day from max(created_at) - min(created_at))::int as n from ${products}`,
    );
    expect(days).toBeGreaterThanOrEqual(50);
    expect(days).toBeLessThanOrEqual(60);
    const places = await scalar(sql`select count(distinct location_text)::int as n from ${products}`);
    expect(places).toBeGreaterThan(DEMO_CITIES.length);
    const [cheap, dear] = [
      await scalar(sql`select min(price)::float8 as n from ${products}`),
      await scalar(sql`select max(price)::float8 as n from ${products}`),
    ];
    expect(cheap).toBeGreaterThan(0);
    expect(dear).toBeLessThan(1000);
  });

  it('never shows the same title twice, and every title fits the listing form', async () => {
    const result = (await t.app.parts.storage.database.db.execute(
      sql`select title from ${products}`,
    )) as unknown as { rows: Array<{ title: string }> };
    const titles = result.rows.map((row) => row.title);
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles.filter((title) => title.length > LISTING_LIMITS.titleMax)).toEqual([]);
  });

  it('fills the home feed around each demo user, with photos that are real images', async () => {
    for (const demo of DEMO_USERS.filter((user) => user.role === 'user')) {
      const response = await t.app.inject({
        method: 'GET',
        url: API.marketplace.products,
        query: {
          latitude: String(demo.latitude),
          longitude: String(demo.longitude),
          radiusKm: String(25 * MILES_TO_KM),
          pageSize: '8',
        },
      });
      const page = response.json<FeedResponse>();
      expect(page.data).toHaveLength(8);
      expect(page.data.every((card) => card.location?.match(/, [A-Z]{2}$/))).toBe(true);
    }
    const [card] = (
      await t.app.inject({ method: 'GET', url: `${API.marketplace.products}?pageSize=1` })
    ).json<FeedResponse>().data;
    const photo = await t.app.inject({ method: 'GET', url: card!.mainImage! });
    expect(photo.statusCode).toBe(200);
    expect((await sharp(photo.rawPayload).metadata()).format).toBe('webp');
  });

  it('keeps a shared photo when one listing that uses it is deleted', async () => {
    const result = (await t.app.parts.storage.database.db.execute(sql`
      select i.product_id::int as id, u.username, i.large_key as key
      from ${productImages} i
      join ${products} p on p.id = i.product_id
      join ${users} u on u.id = p.seller_id
      where u.username in ('demo', 'alice', 'bob')
        and (select count(*) from ${productImages} j where j.large_key = i.large_key) > 1
      limit 1`)) as unknown as { rows: Array<{ id: number; username: string; key: string }> };
    const shared = result.rows[0]!;
    const demo = DEMO_USERS.find((user) => user.username === shared.username)!;
    const token = await signIn(t.app, { ...demo, id: 0 });
    const response = await t.app.inject({
      method: 'DELETE',
      url: apiPath(API.product.item, { id: Number(shared.id) }),
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const name = shared.key.split('/').pop()!;
    expect(filesUnder(uploads()).some((file) => file.endsWith(name))).toBe(true);
  });

  it('runs once: a second start adds nothing', async () => {
    const before = await scalar(sql`select count(*)::int as n from ${products}`);
    await prepareDatabase(t.app.parts.storage.database, {
      seedDemoData: true,
      listings: {
        store: t.app.parts.storage.imageStore,
        reverse: () => ({ city: null, state: null, country: null, label: null }),
      },
    });
    expect(await scalar(sql`select count(*)::int as n from ${products}`)).toBe(before);
  });
});
