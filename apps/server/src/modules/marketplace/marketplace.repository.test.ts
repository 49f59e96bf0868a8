import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { banUser, createUser } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import {
  feedPage,
  recentWindow,
  RECENT_WINDOW_MAX,
  RECENT_WINDOW_MIN,
  type FeedFilter,
} from './marketplace.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const portland = { latitude: 45.52, longitude: -122.68 };
const elsewhere = { latitude: 47.61, longitude: -122.33 };

describe('feedPage: radius pages read from the newest listings first', () => {
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
    const db = t.app.database.db;
    const snapshot = new Date();
    for (const search of [undefined, 'vintage']) {
      for (const window of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 20, 1_000]) {
        for (const page of [1, 2, 3, 4, 5]) {
          const filter: FeedFilter = {
            page,
            pageSize: 4,
            search,
            circle: { ...portland, radiusKm: 10 },
            snapshot,
          };
          const full = await feedPage(db, { ...filter, window: 0 });
          const windowed = await feedPage(db, { ...filter, window });
          expect(windowed, `search ${search}, window ${window}, page ${page}`).toEqual(full);
        }
      }
    }
  });

  it('sizes the window by the rows a page needs, within bounds', () => {
    expect(recentWindow(1, 12)).toBe(RECENT_WINDOW_MIN);
    expect(recentWindow(5, 12)).toBe(60 * 150);
    expect(recentWindow(10_000, 48)).toBe(RECENT_WINDOW_MAX);
  });
});
