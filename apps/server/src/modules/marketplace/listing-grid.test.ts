import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath, type ProductDetail } from '@rummage/contract';
import { queryRows } from '../../db/client.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { bearer, deleteAccount, createUser, signIn } from '../../test/factories.js';
import { createProduct, image, listingFields, multipart, png } from '../../test/products.js';
import { RARE_WORDS_MAX, SMALL_BOX_LISTINGS, widerWindow, type Shape } from './feed.statement.js';
import { feedReader, readFeedWith, type FeedFilter, type FeedReader } from './marketplace.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.parts.storage.database.db;

/** Non-zero counts of the grid, by "latitude cell,longitude cell". */
async function grid(): Promise<Record<string, number>> {
  const rows = await queryRows<{ cell: string; listings: number }>(
    db(),
    sql`select lat_cell || ',' || lng_cell as cell, listings from listing_grid where listings <> 0 order by 1`,
  );
  return Object.fromEntries(rows.map((row) => [row.cell, row.listings]));
}

/** The same counted from scratch: what the triggers must keep the grid equal to. */
async function counted(): Promise<Record<string, number>> {
  const rows = await queryRows<{ cell: string; listings: number }>(
    db(),
    sql`select floor(listing_grid_scale(latitude))::int || ',' || floor(listing_grid_scale(longitude))::int as cell,
          count(*)::int as listings from products group by 1 order by 1`,
  );
  return Object.fromEntries(rows.map((row) => [row.cell, row.listings]));
}

/** The listings the grid holds in the cell of a point. */
async function inCellOf(latitude: number, longitude: number): Promise<number> {
  const [row] = await queryRows<{ listings: number }>(
    db(),
    sql`select coalesce(sum(listings), 0)::int as listings from listing_grid
        where lat_cell = floor(listing_grid_scale(${latitude}::float8))::int
          and lng_cell = floor(listing_grid_scale(${longitude}::float8))::int`,
  );
  return row!.listings;
}

const chicago = { latitude: 41.8781, longitude: -87.6298 };
const portland = { latitude: 45.52, longitude: -122.68 };

describe('listing grid: listings per cell, kept by triggers on products', () => {
  it('follows listings through posting, moving, selling, hiding, deleting and the seller leaving', async () => {
    const seller = await createUser(t.app);
    const token = await signIn(t.app, seller);
    const staffToken = await signIn(t.app, await createUser(t.app, { role: 'staff' }));
    const chicagoBefore = await inCellOf(chicago.latitude, chicago.longitude);
    const portlandBefore = await inCellOf(portland.latitude, portland.longitude);
    const send = async (method: 'POST' | 'PUT', url: string, fields: ReturnType<typeof listingFields>) => {
      const body = multipart([...fields, image(await png(40, 30))]);
      const response = await t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...bearer(token) } }); // prettier-ignore
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json<{ data: ProductDetail }>().data;
    };
    const call = async (method: 'POST' | 'DELETE', url: string, authorization: string, payload?: object) => {
      const response = await t.app.inject({ method, url, headers: bearer(authorization), ...(payload && { payload }) }); // prettier-ignore
      expect(response.statusCode, response.body).toBe(200);
    };
    const expectCells = async (inChicago: number, inPortland: number) => {
      expect(await inCellOf(chicago.latitude, chicago.longitude)).toBe(chicagoBefore + inChicago);
      expect(await inCellOf(portland.latitude, portland.longitude)).toBe(portlandBefore + inPortland);
      expect(await grid()).toEqual(await counted());
    };

    // listingFields places a listing in Chicago.
    const first = await send('POST', API.product.add, listingFields());
    const second = await send('POST', API.product.add, listingFields({ Title: 'Oak lamp' }));
    await expectCells(2, 0);

    const moved = { Latitude: String(portland.latitude), Longitude: String(portland.longitude) };
    await send('PUT', API.product.update, [{ name: 'ProductId', value: second.id }, ...listingFields(moved)]);
    await expectCells(1, 1);
    // An edit that keeps the place (or moves within the cell) changes no count.
    await send('PUT', API.product.update, [{ name: 'ProductId', value: second.id }, ...listingFields({ ...moved, Title: 'Brass lamp' })]); // prettier-ignore
    await expectCells(1, 1);

    // Sold and hidden listings stay in the box's index, so they stay in the grid's estimate of it.
    await call('POST', API.product.changeSoldStatus, token, { productId: first.id, isSold: true });
    await call('POST', apiPath(API.staff.hideProduct, { productId: second.id }), staffToken, {
      reason: 'Spam',
    });
    await expectCells(1, 1);

    await call('DELETE', apiPath(API.product.item, { id: first.id }), token);
    await expectCells(0, 1);

    // Deleting the account takes its listings with it (ON DELETE CASCADE), and their counts.
    await send('POST', API.product.add, listingFields());
    await expectCells(1, 1);
    await deleteAccount(t.app, token, seller.password);
    await expectCells(0, 0);
  });

  it('counts a statement of many listings at once: inserted, moved across cells, deleted', async () => {
    const seller = (await createUser(t.app)).id;
    const inserted = await queryRows<{ id: number }>(
      db(),
      sql`insert into products (seller_id, title, price, latitude, longitude)
          select ${seller}, 'Bulk item ' || g, 5, 30 + (g % 7) * 0.1, -90 - (g % 5) * 0.3
          from generate_series(1, 300) g returning id`,
    );
    expect(inserted).toHaveLength(300);
    expect(await grid()).toEqual(await counted());
    await db().execute(sql`update products set latitude = latitude + 0.2, longitude = longitude + 1.1
                           where seller_id = ${seller} and id % 3 = 0`);
    expect(await grid()).toEqual(await counted());
    await db().execute(sql`delete from products where seller_id = ${seller} and id % 2 = 0`);
    expect(await grid()).toEqual(await counted());
    expect(Object.values(await counted()).reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(150);
  });
});

/**
 * Reads the feed through the app's reader, noting how: each statement's read and whether the words were counted.
 * The exact words' reads only (`exactOnly`): the forgiving search's tail after them is read the same ways.
 */
async function readNoting(filter: FeedFilter) {
  const base = feedReader(db());
  const seen: { reads: Shape['read'][]; counted: boolean } = { reads: [], counted: false };
  const reader: FeedReader = {
    page(shape, values) {
      seen.reads.push(shape.read);
      return base.page(shape, values);
    },
    boxListings: (values) => base.boxListings(values),
    count: (shape, values) => base.count(shape, values),
    async searchWords(search, count) {
      seen.counted ||= count;
      return base.searchWords(search, count);
    },
    rows: base.rows,
  };
  const page = await readFeedWith(reader, { ...filter, exactOnly: true });
  return { ids: page.rows.map((row) => row.id), ...seen };
}

describe('feed search in a circle: the grid chooses the read, the answer stays the same', () => {
  const tacoma = { latitude: 47.25, longitude: -122.44, radiusKm: 40 };
  const pierre = { latitude: 44.3683, longitude: -100.351, radiusKm: 40 };

  beforeAll(async () => {
    const seller = (await createUser(t.app)).id;
    const furniture = sql`(select id from categories where title = 'Furniture')`;
    // A dense area (more listings in its box than SMALL_BOX_LISTINGS), newest first, with three lamps among them,
    // and as many tables again elsewhere, so that more listings have "table" than RARE_WORDS_MAX.
    const dense = SMALL_BOX_LISTINGS + 200;
    await db().execute(sql`insert into products (seller_id, category_id, title, price, latitude, longitude,
                             is_sold, sold_at, created_at)
      select ${seller}, case when g % 9 = 0 then ${furniture} end,
             case when g % 400 = 7 and g <= ${dense} then 'Oak lamp' else 'Pine table' end, 10,
             case when g <= ${dense} then ${tacoma.latitude} + (g % 40) * 0.004 else 32.78 end,
             case when g <= ${dense} then ${tacoma.longitude} + (g % 37) * 0.005 else -96.8 end,
             g % 10 = 3, case when g % 10 = 3 then now() end, now() - g * interval '1 minute'
      from generate_series(1, ${dense + RARE_WORDS_MAX}) g`);
    // A sparse one: a dozen listings, half of them lamps, among older listings elsewhere.
    for (let i = 0; i < 12; i++) {
      await createProduct(t.app, seller, {
        latitude: pierre.latitude + i * 0.01,
        longitude: pierre.longitude - i * 0.01,
        title: i % 2 === 0 ? 'Vintage lamp' : 'Oak chair',
        categoryTitle: i % 3 === 0 ? 'Furniture' : undefined,
        createdAt: new Date(Date.now() - 86_400_000 * (3 + i)),
        isSold: i === 5,
      });
    }
  });

  const plans = ['full', 'words-first', 'box-first', 'counted'] as const;

  it('reads a small box first without counting the words, and answers what every other read answers', async () => {
    for (const search of ['lamp', 'oak', 'furniture', 'zeppelin', 'vintage lamp']) {
      for (const page of [1, 2]) {
        // window: 1 leaves every page to the read after the window, the one the grid chooses.
        const filter: FeedFilter = { page, pageSize: 4, search, circle: pierre, window: 1 };
        const chosen = await readNoting(filter);
        expect(chosen.reads, search).toEqual(['window', 'box-first']);
        expect(chosen.counted, search).toBe(false);
        for (const plan of plans) expect((await readNoting({ ...filter, plan })).ids, `${search} ${plan}`).toEqual(chosen.ids); // prettier-ignore
      }
    }
    const lamps = await readNoting({ page: 1, pageSize: 12, search: 'lamp', circle: pierre });
    expect(lamps.ids).toHaveLength(6);
  });

  it('counts the words in a large box: rare words first, common ones through both indexes', async () => {
    const cases = [
      ['lamp', 'words-first'],
      ['zeppelin', 'words-first'],
      ['furniture', 'words-first'],
      ['table', 'full'],
    ] as const;
    for (const [search, read] of cases) {
      for (const page of [1, 3]) {
        const filter: FeedFilter = { page, pageSize: 5, search, circle: tacoma, window: 1 };
        const chosen = await readNoting(filter);
        expect(chosen.reads, search).toEqual(['window', read]);
        expect(chosen.counted, search).toBe(true);
        for (const plan of plans) expect((await readNoting({ ...filter, plan })).ids, `${search} ${plan}`).toEqual(chosen.ids); // prettier-ignore
      }
    }
    expect((await readNoting({ page: 1, pageSize: 12, search: 'lamp', circle: tacoma })).ids).toHaveLength(3);
  });

  it('reads further down the feed when the window held 2 rows of the page or more, and does not guess from 1', async () => {
    // Six kettles among the dense area's listings, 500 minutes apart, and where each stands in the feed order (the
    // window walks every listing).
    const seller = (await createUser(t.app)).id;
    await db().execute(sql`insert into products (seller_id, title, price, latitude, longitude, created_at)
      select ${seller}, 'Brass kettle', 8, ${tacoma.latitude}, ${tacoma.longitude},
             now() - (250 + g * 500) * interval '1 minute'
      from generate_series(0, 5) g`);
    const ranks = (
      await queryRows<{ rank: number }>(
        db(),
        sql`with kettles as (select created_at, id from products where title = 'Brass kettle')
            select (select count(*)::int from products
                    where (products.created_at, products.id) >= (kettles.created_at, kettles.id)) as rank
            from kettles order by rank`,
      )
    ).map((row) => row.rank);
    expect(ranks).toHaveLength(6);
    const filter: FeedFilter = {
      page: 1,
      pageSize: 4,
      search: 'kettle',
      circle: tacoma,
      window: ranks[3]! - 1,
    };
    const chosen = await readNoting(filter);
    expect(chosen.reads).toEqual(['window', 'window']);
    expect(chosen.counted).toBe(false);
    expect(chosen.ids).toHaveLength(4);
    for (const plan of plans) expect((await readNoting({ ...filter, plan })).ids, plan).toEqual(chosen.ids);
    // Page 2 of 2: its window answered 1 row past page 1's 2, so 3 passed.
    const second = await readNoting({ ...filter, page: 2, pageSize: 2 });
    expect(second.reads).toEqual(['window', 'window']);
    expect(second.ids).toEqual(chosen.ids.slice(2, 4));
    // One kettle in the window: no guess. A later page's window with none: how many passed before is not known.
    expect((await readNoting({ ...filter, window: ranks[1]! - 1 })).reads).toEqual(['window', 'words-first']);
    expect((await readNoting({ ...filter, page: 3, pageSize: 2 })).reads).toEqual(['window', 'words-first']);
  });
});

describe('widerWindow', () => {
  it('reads as far as the lowest likely share of passing rows asks, from 2 rows on and up to the longest window', () => {
    expect(widerWindow(2_000, 12, 11)).toBe(3_418);
    expect(widerWindow(2_000, 12, 6)).toBe(7_609);
    expect(widerWindow(2_000, 12, 3)).toBe(21_766);
    expect(widerWindow(2_000, 12, 2)).toBe(45_272);
    expect(widerWindow(2_000, 12, 1)).toBeUndefined(); // 243,873
    expect(widerWindow(2_000, 12, 0)).toBeUndefined();
    expect(widerWindow(2_000, 12, 12)).toBeUndefined();
    expect(widerWindow(3_600, 24, 3)).toBeUndefined(); // 78,357 is past RECENT_WINDOW_MAX
  });
});
