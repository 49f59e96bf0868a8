import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, lte, or, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImages, productLikes, products } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { banUser, createUser } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { imagesOf, likeCountsOf, publicListing, selectCards } from '../product/product.cards.js';
import { RECENT_WINDOW_MAX, RECENT_WINDOW_MIN, recentWindow, textMatch } from './feed.statement.js';
import { feedPage, readFeed, type FeedFilter } from './marketplace.repository.js';
import { withinCircle } from './radius.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const portland = { latitude: 45.52, longitude: -122.68 };
const elsewhere = { latitude: 47.61, longitude: -122.33 };
describe('feedPage: radius and search pages read from the newest listings first', () => {
  it('answers exactly what the full query answers, whether the window fills the page or not', async () => {
    const seller = (await createUser(t.app)).id;
    const banned = (await createUser(t.app)).id;
    const start = Date.now() - 3_600_000;
    for (let i = 0; i < 48; i++) {
      await createProduct(t.app, i % 13 === 5 ? banned : seller, {
        ...(i % 3 === 0 ? elsewhere : portland),
        title: i % 4 === 0 ? 'Vintage lamp' : 'Oak table',
        createdAt: new Date(start + (i % 2 === 0 ? i : i - 1) * 1000), // pairs share a time: id breaks the tie
        isSold: i % 7 === 0,
        hidden: i % 11 === 0,
      });
    }
    await banUser(t.app, banned);
    const db = t.app.parts.storage.database.db;
    const snapshot = new Date();
    const circles = [{ ...portland, radiusKm: 10 }, undefined];
    // A common word, and one no listing has (its full read gathers the matches first: feed.statement.ts).
    const searches = [undefined, 'vintage', 'zeppelin'];
    for (const [circle, search] of circles.flatMap((c) => searches.map((s) => [c, s] as const))) {
      if (!circle && !search) continue; // read in full only
      for (const window of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 20, 1_000]) {
        for (const page of [1, 2, 3, 4, 5]) {
          const filter: FeedFilter = { page, pageSize: 4, search, circle, snapshot, exactOnly: true };
          const full = await feedPage(db, { ...filter, window: 0 });
          const label = `circle ${circle !== undefined}, search ${search}, window ${window}, page ${page}`;
          expect(await feedPage(db, { ...filter, window }), label).toEqual(full);
          // In a circle, the words' listings gathered first (rare words), the box read first (a small box) or
          // both indexes together, alike (each read after a window that did not fill the page).
          if (circle && search && window < 8) {
            for (const plan of ['full', 'words-first', 'box-first', 'counted'] as const) {
              expect(await feedPage(db, { ...filter, window, plan }), `${label}, ${plan}`).toEqual(full);
            }
          }
        }
      }
    }
    // No snapshot given (a later page asked without one): a window planned per call is bounded by none, the
    // listings past the moment left to the outer condition.
    for (const page of [1, 2, 3]) {
      const filter: FeedFilter = {
        page,
        pageSize: 4,
        search: 'vintage',
        circle: circles[0],
        exactOnly: true,
      };
      expect(await feedPage(db, { ...filter, window: 7 }), `page ${page}`).toEqual(
        await feedPage(db, { ...filter, window: 0 }),
      );
    }
  });

  it('sizes the window by the rows a page needs, within bounds', () => {
    expect(recentWindow(1, 12)).toBe(RECENT_WINDOW_MIN);
    expect(recentWindow(5, 12)).toBe(60 * 150);
    expect(recentWindow(10_000, 48)).toBe(RECENT_WINDOW_MAX);
  });
});

/**
 * The page as the separate reads answered it before the feed took one statement (and as other lists still do):
 * selectCards with the feed's conditions, then imagesOf and likeCountsOf.
 */
async function separateReads(filter: FeedFilter & { snapshot: Date }) {
  const db = t.app.parts.storage.database.db;
  const conditions: SQL[] = [
    publicListing,
    lte(products.createdAt, filter.snapshot),
    or(eq(products.isSold, false), gt(products.soldAt, filter.snapshot)) as SQL,
  ];
  if (filter.circle) conditions.push(withinCircle(filter.circle));
  if (filter.search) conditions.push(textMatch(filter.search));
  const rows = await selectCards(db)
    .where(and(...conditions))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const ids = rows.map((row) => row.id);
  const [images, likes] = await Promise.all([imagesOf(db, ids), likeCountsOf(db, ids)]);
  return rows.map(({ hiddenAt: _h, sellerBannedAt: _b, ...row }) => ({
    ...row,
    photos: (images.get(row.id) ?? []).map(({ largeKey, thumbKey }) => ({ largeKey, thumbKey })),
    likesCount: likes.get(row.id) ?? 0,
  }));
}

describe('readFeed: one statement answers the page, its photos and its like counts', () => {
  const tacoma = { latitude: 47.25, longitude: -122.44 };
  let seller: number;
  let shuffled: number;
  let liked: number;

  beforeAll(async () => {
    seller = (await createUser(t.app)).id;
    const banned = (await createUser(t.app)).id;
    const db = t.app.parts.storage.database.db;
    const start = Date.now() - 7_200_000;
    for (let i = 0; i < 40; i++) {
      await createProduct(t.app, i % 9 === 4 ? banned : seller, {
        ...(i % 4 === 0 ? elsewhere : tacoma),
        title: i % 3 === 0 ? 'Vintage mirror' : 'Pine shelf',
        price: 5 + i * 1.25,
        categoryTitle: i % 5 === 0 ? 'Furniture' : undefined,
        createdAt: new Date(start + i * 1000),
        isSold: i % 8 === 0,
        hidden: i % 10 === 3,
        images: i % 6 === 0 ? 0 : 1 + (i % 3),
      });
    }
    await banUser(t.app, banned);
    // Photos whose display order is not their insertion order, and likes from several people.
    shuffled = await createProduct(t.app, seller, { ...tacoma, title: 'Vintage clock', images: 0 });
    await db.insert(productImages).values(
      [2, 0, 1].map((position) => ({
        productId: shuffled,
        position,
        largeKey: `products/test/${randomUUID()}-large.webp`,
        thumbKey: `products/test/${randomUUID()}-thumb.webp`,
        width: 100,
        height: 100,
      })),
    );
    liked = await createProduct(t.app, seller, { ...tacoma, title: 'Oak bench' });
    for (let i = 0; i < 3; i++) {
      const fan = (await createUser(t.app)).id;
      await db.insert(productLikes).values({ userId: fan, productId: liked });
    }
  });

  it.each([
    ['no location', {}],
    ['search without location', { search: 'vintage' }],
    ['a circle', { circle: { ...tacoma, radiusKm: 10 } }],
    ['a circle and search words', { circle: { ...tacoma, radiusKm: 10 }, search: 'furniture' }],
  ])('answers what the separate reads answer: %s', async (_name, extra: Partial<FeedFilter>) => {
    const snapshot = new Date();
    // Past five runs, PostgreSQL may switch a named statement to its generic plan: the answer must not change.
    for (let run = 0; run < 7; run++) {
      for (const [page, pageSize] of [
        [1, 12],
        [2, 12],
        [1, 5],
        [3, 5],
      ] as const) {
        const filter = { page, pageSize, snapshot, ...extra };
        const one = await readFeed(t.app.parts.storage.database.db, filter);
        expect(one.snapshot).toEqual(snapshot);
        expect(one.rows, `page ${page} of ${pageSize}`).toEqual(await separateReads(filter));
      }
    }
  });

  it('answers photos in display order and like counts', async () => {
    const { rows } = await readFeed(t.app.parts.storage.database.db, {
      page: 1,
      pageSize: 3,
      circle: { ...tacoma, radiusKm: 10 },
    });
    const [likedRow, shuffledRow] = rows;
    expect(likedRow?.id).toBe(liked);
    expect(likedRow?.likesCount).toBe(3);
    expect(shuffledRow?.id).toBe(shuffled);
    const images = await t.app.parts.storage.database.db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, shuffled));
    // Inserted with positions 2, 0, 1: display order is not insertion order.
    expect([...images].sort((a, b) => a.id - b.id).map((image) => image.position)).toEqual([2, 0, 1]);
    const byPosition = [...images].sort((a, b) => a.position - b.position);
    expect(shuffledRow?.photos).toEqual(byPosition.map(({ largeKey, thumbKey }) => ({ largeKey, thumbKey })));
  });

  it('reads against the database clock, to the millisecond, unless given an earlier moment', async () => {
    const db = t.app.parts.storage.database.db;
    const before = Date.now();
    const now = await readFeed(db, { page: 1, pageSize: 12 });
    expect(now.snapshot.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(now.snapshot.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    const future = await readFeed(db, { page: 1, pageSize: 12, snapshot: new Date(Date.now() + 86_400_000) });
    expect(future.snapshot.getTime()).toBeLessThan(Date.now() + 60_000);
    const past = new Date(Date.now() - 3_600_000 - 123);
    const earlier = await readFeed(db, { page: 1, pageSize: 12, snapshot: past });
    expect(earlier.snapshot).toEqual(past);
    expect(earlier.rows.every((row) => row.createdAt <= past)).toBe(true);
  });

  it('answers the snapshot with an empty page', async () => {
    const ocean = { latitude: -40, longitude: -130, radiusKm: 5 };
    for (const search of [undefined, 'vintage']) {
      const page = await readFeed(t.app.parts.storage.database.db, {
        page: 1,
        pageSize: 12,
        circle: ocean,
        search,
      });
      expect(page.rows).toEqual([]);
      expect(Number.isNaN(page.snapshot.getTime())).toBe(false);
    }
  });
});
