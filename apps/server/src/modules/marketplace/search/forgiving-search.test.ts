import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  NOTIFICATION_TYPES,
  ROUTES,
  type FeedResponse,
  type SearchReportResponse,
} from '@rummage/contract';
import { queryRows } from '../../../db/client.js';
import { purgeExpired } from '../../../jobs/purge.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { bearer, createUser, signIn } from '../../../test/factories.js';
import { createProduct } from '../../../test/products.js';
import { notificationApi } from '../../notification/notification.fixtures.js';
import { savedSearchApi } from '../../saved-search/saved-search.fixtures.js';
import {
  forgetSynonymLexemes,
  listSearchWordsStatement,
  mayExclude,
  searchQueries,
  SYNONYM_GROUPS,
  type Rows,
} from './forgiving.js';
import { feedPage } from '../marketplace.repository.js';
import { useSearchLanguage } from './language.js';

// The forgiving search (docs/product.md, "Search"): typos, accents, stems and synonyms, in the feed and in alerts.
let t: TestApp;
let sellerId: number;
let staffToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  sellerId = (await createUser(t.app)).id;
  staffToken = await signIn(t.app, await createUser(t.app, { role: 'staff' }));
});
afterAll(async () => {
  await t?.close();
});

/** A place of its own for each test (a degree apart), so one test's listings never show in another's feed. */
let places = 0;
function place() {
  places += 1;
  return { latitude: 30 + places, longitude: -100 + places };
}

async function feed(query: Record<string, string | number>): Promise<FeedResponse> {
  const response = await t.app.inject({
    method: 'GET',
    url: API.marketplace.products,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FeedResponse>();
}

/** The titles a search shows around `where` (10 km). */
async function titles(where: { latitude: number; longitude: number }, search: string, extra = {}) {
  const page = await feed({ ...where, radiusKm: 10, search, pageSize: 48, ...extra });
  return page.data.map((card) => card.title);
}

async function listed(where: { latitude: number; longitude: number }, title: string, description = '') {
  return createProduct(t.app, sellerId, { ...where, title, description });
}

/** A searcher and a seller in a place of their own, and the links of the searcher's alerts once matching ran. */
async function alerting() {
  const people = notificationApi(t.app);
  const api = savedSearchApi(t.app);
  const searcher = await people.person();
  const seller = await people.person();
  const here = place();
  const alerted = async () => {
    await api.matched();
    return (await people.listOf(searcher)).data
      .filter((entry) => entry.type === NOTIFICATION_TYPES.savedSearch)
      .map((entry) => entry.link);
  };
  return { api, searcher, seller, here, circle: { ...here, radiusKm: 10 }, alerted };
}

describe('search that forgives', () => {
  it('finds words with a typo: one from 5 letters, two from 9, none below', async () => {
    const here = place();
    await listed(here, 'Vintage lamp');
    await listed(here, 'Oak wardrobe');
    await listed(here, 'Refurbished dresser');
    await listed(here, 'Blue vase');
    expect(await titles(here, 'vintge lamp')).toEqual(['Vintage lamp']);
    expect(await titles(here, 'wardrbe')).toEqual(['Oak wardrobe']);
    // Two typos in a long word; two swapped letters count as one.
    expect(await titles(here, 'refurbsihd')).toEqual(['Refurbished dresser']);
    expect(await titles(here, 'wadrrobe')).toEqual(['Oak wardrobe']);
    // Too many typos for the word's length.
    expect(await titles(here, 'wrdrbe')).toEqual([]);
    expect(await titles(here, 'vasw')).toEqual([]);
  });

  it('drops accents both ways and stems in the installation language', async () => {
    const here = place();
    await listed(here, 'Café table');
    await listed(here, 'Crème brûlée dish');
    await listed(here, 'Kitchen chair');
    expect(await titles(here, 'cafe')).toEqual(['Café table']);
    expect(await titles(here, 'creme brulee')).toEqual(['Crème brûlée dish']);
    expect(await titles(here, 'crème')).toEqual(['Crème brûlée dish']);
    expect(await titles(here, 'chairs')).toEqual(['Kitchen chair']);
  });

  it('finds synonyms in every catalogued language, in the title or the description', async () => {
    const here = place();
    await listed(here, 'Leather sofa');
    await listed(here, 'Kids bike', 'Red, with stabilisers');
    await listed(here, 'Pram', 'Folds flat');
    await listed(here, 'Samsung television');
    await listed(here, 'Small fridge');
    await listed(here, 'Bosch Kühlschrank');
    await listed(here, 'Nevera pequeña');
    expect(await titles(here, 'couch')).toEqual(['Leather sofa']);
    expect(await titles(here, 'bicycle')).toEqual(['Kids bike']);
    expect(await titles(here, 'stroller')).toEqual(['Pram']);
    expect(await titles(here, 'tv')).toEqual(['Samsung television']);
    expect(await titles(here, 'refrigerator')).toEqual(['Small fridge']);
    // German and Spanish groups apply on an English installation too.
    expect(await titles(here, 'Kühlgerät')).toEqual(['Bosch Kühlschrank']);
    expect(await titles(here, 'frigorífico')).toEqual(['Nevera pequeña']);
    // A word that also means something else in a listing's text is no synonym: "light" marks are not a lamp.
    await listed(here, 'Mixing bowls', 'Light utensil marks, local pickup');
    await listed(here, 'Brass lamp');
    expect(await titles(here, 'lamp')).toEqual(['Brass lamp']);
    expect(await titles(here, 'truck')).toEqual([]);
  });

  it('ranks what the exact words find before typo and synonym matches, and pages them without gaps', async () => {
    const here = place();
    const older = new Date(Date.now() - 60_000);
    await createProduct(t.app, sellerId, { ...here, title: 'Blue sofa', createdAt: older });
    await createProduct(t.app, sellerId, { ...here, title: 'Green sofa', createdAt: older });
    await listed(here, 'Brown couch');
    await listed(here, 'Sofas and chairs');
    // The couch is the newest, yet the exact word's listings come first, newest first among them.
    expect(await titles(here, 'sofa')).toEqual([
      'Sofas and chairs',
      'Green sofa',
      'Blue sofa',
      'Brown couch',
    ]);
    const pages: string[] = [];
    const first = await feed({ ...here, radiusKm: 10, search: 'sofa', pageSize: 3 });
    pages.push(...first.data.map((card) => card.title));
    const second = await feed({
      ...here,
      radiusKm: 10,
      search: 'sofa',
      pageSize: 3,
      page: 2,
      before: first.before,
    });
    pages.push(...second.data.map((card) => card.title));
    expect(pages).toEqual(['Sofas and chairs', 'Green sofa', 'Blue sofa', 'Brown couch']);
    // Without a place too (the feed's other statements).
    const everywhere = (await feed({ search: 'wardrbe', pageSize: 48 })).data.map((card) => card.title);
    expect(everywhere).toContain('Oak wardrobe');
  });

  it('fills a short page from the typo and synonym listings whichever way each part is read, page after page', async () => {
    const here = place();
    const circle = { ...here, radiusKm: 10 };
    const start = Date.now() - 3_600_000;
    // Newest first, the word's listings and its synonyms' interleaved; some filed under a category, most under none.
    const newestFirst = ['Brown couch', 'Blue sofa', 'Old settee', 'Couch cover', 'Sofa bed', 'Green sofa',
      'Grey couch', 'Settee', 'Corner sofa']; // prettier-ignore
    for (const [i, title] of newestFirst.entries()) {
      const categoryTitle = i % 3 === 0 ? 'Furniture' : undefined;
      await createProduct(t.app, sellerId, {
        ...here,
        title,
        categoryTitle,
        createdAt: new Date(start - i * 60_000),
      });
    }
    await listed(place(), 'Far sofa');
    const exact = newestFirst.filter((title) => /sofa/i.test(title));
    const expected = [...exact, ...newestFirst.filter((title) => !exact.includes(title))];
    const db = t.app.parts.storage.database.db;
    const snapshot = new Date();
    const plans = [undefined, 'full', 'words-first', 'box-first', 'counted'] as const;
    for (const pageSize of [2, 4, 5]) {
      // window 1: the window never fills a page, so every part is read the way the plan (or the grid) chooses.
      for (const window of [undefined, 1]) {
        for (const plan of plans) {
          const read: string[] = [];
          for (let page = 1; page <= Math.ceil(expected.length / pageSize) + 1; page++) {
            const filter = { page, pageSize, search: 'sofa', circle, snapshot, window, plan };
            read.push(...(await feedPage(db, filter)).map((row) => row.title));
          }
          expect(read, `${pageSize} a page, window ${window}, ${plan}`).toEqual(expected);
        }
      }
    }
    // Without a place, and a typo of a category's title (a word some listing uses): the listings filed under it or
    // with the word, page after page as on one page.
    await listed(place(), 'Oak bench', 'Garden furniture');
    const all = (await feedPage(db, { page: 1, pageSize: 48, search: 'furnture', snapshot })).map(
      (row) => row.id,
    );
    expect(all.length).toBeGreaterThanOrEqual(3);
    for (const window of [undefined, 1]) {
      const read: number[] = [];
      for (let page = 1; page <= Math.ceil(all.length / 2) + 1; page++) {
        const filter = { page, pageSize: 2, search: 'furnture', snapshot, window };
        read.push(...(await feedPage(db, filter)).map((row) => row.id));
      }
      expect(read, `window ${window}`).toEqual(all);
    }
  });

  it('offers the nearest spelling that finds something when nothing is found, and none when nothing would', async () => {
    const here = place();
    await listed(here, 'Hand painted vase');
    const empty = await feed({ ...here, radiusKm: 10, search: 'painted vasw' });
    expect(empty.data).toEqual([]);
    expect(empty.suggestion).toBe('painted vase');
    expect(await titles(here, empty.suggestion!)).toEqual(['Hand painted vase']);
    // Something found: no suggestion.
    expect((await feed({ ...here, radiusKm: 10, search: 'vase' })).suggestion).toBeNull();
    // A spelling that exists but finds nothing here (the vase is elsewhere) is not offered.
    const elsewhere = place();
    expect((await feed({ ...elsewhere, radiusKm: 10, search: 'vasw' })).suggestion).toBeNull();
    expect((await feed({ ...here, radiusKm: 10, search: 'qqqqzzzz' })).suggestion).toBeNull();
  });

  it('offers a spelling for a word typed with ß as the word list spells it ("ss")', async () => {
    const here = place();
    await listed(here, 'Alte Fußbank');
    // Two typos in eight letters: more than the search forgives, near enough to suggest.
    const empty = await feed({ ...here, radiusKm: 10, search: 'Fußbnkx' });
    expect(empty.data).toEqual([]);
    expect(empty.suggestion).toBe('fussbank');
    expect(await titles(here, empty.suggestion!)).toEqual(['Alte Fußbank']);
  });

  it('alerts a saved search with a typo or a synonym of a new listing, as the feed would find it', async () => {
    const people = notificationApi(t.app);
    const api = savedSearchApi(t.app);
    const searcher = await people.person();
    const seller = await people.person();
    const here = place();
    await api.saved(searcher, { search: 'vintge lamp', ...here, radiusKm: 10 });
    await api.saved(searcher, { search: 'couch', ...here, radiusKm: 10 });
    const lamp = await api.newListing(seller, { title: 'Vintage lamp', ...here });
    const sofa = await api.newListing(seller, { title: 'Velvet sofa', ...here });
    const chair = await api.newListing(seller, { title: 'Garden chair', ...here });
    await api.matched();
    const links = (await people.listOf(searcher)).data
      .filter((entry) => entry.type === NOTIFICATION_TYPES.savedSearch)
      .map((entry) => entry.link);
    expect(links).toContain(ROUTES.productDetail(lamp));
    expect(links).toContain(ROUTES.productDetail(sofa));
    expect(links).not.toContain(ROUTES.productDetail(chair));
    // The feed agrees with the alerts.
    expect(await api.feedIds(searcher, { search: 'vintge lamp', ...here, radiusKm: 10 })).toEqual([lamp]);
    expect(await api.feedIds(searcher, { search: 'couch', ...here, radiusKm: 10 })).toEqual([sofa]);
  });

  it('alerts a saved search with a typo of a listing word many other spellings crowd, as the feed finds it', async () => {
    const { api, searcher, seller, here, circle, alerted } = await alerting();
    // Other people's saved searches put 26 spellings closer to "sideboard" than the searcher's swapped letters.
    const db = t.app.parts.storage.database.db;
    for (const letter of 'abcdefghijklmnopqrstuvwxyz')
      await db.execute(listSearchWordsStatement(`sideboard${letter}`));
    await api.saved(searcher, { search: 'sideborad', ...circle });
    const sideboard = await api.newListing(seller, { title: 'Walnut sideboard', ...here });
    expect(await api.feedIds(searcher, { search: 'sideborad', ...circle })).toEqual([sideboard]);
    expect(await alerted()).toEqual([ROUTES.productDetail(sideboard)]);
  });

  it("measures a new listing's words against saved searches' spellings alone, those saved before that rule too", async () => {
    const { api, searcher, seller, here, circle, alerted } = await alerting();
    const db = t.app.parts.storage.database.db;
    // Sixty spellings of other listings nearer to "bookcase" than the searcher's swapped letters: no saved search
    // typed them, so they cannot push the saved typo out of the spellings a new listing's word is measured against.
    const crowd = [...'abc'].flatMap((first) =>
      [...'abcdefghijklmnopqrst'].map((next) => `bookcase${first}${next}`),
    );
    for (const spelling of crowd)
      await db.execute(sql`insert into search_words (word, in_listings) values (${spelling}, true)`);
    await api.saved(searcher, { search: 'bookcsae', ...circle });
    // As a search saved before the saved searches' words were marked: the migration marks it.
    await db.execute(sql`update search_words set in_saved_searches = false where word = 'bookcsae'`);
    const migration = readFileSync(
      new URL('../../../db/migrations/0035_saved_search_words.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').find((part) => part.includes('UPDATE'));
    await db.execute(sql.raw(backfill!));
    const bookcase = await api.newListing(seller, { title: 'Pine bookcase', ...here });
    expect(await api.feedIds(searcher, { search: 'bookcsae', ...circle })).toEqual([bookcase]);
    expect(await alerted()).toEqual([ROUTES.productDetail(bookcase)]);
  });

  it('leaves out what an excluded word would find, its synonyms too, in every part of the page and in alerts alike', async () => {
    const { api, searcher, seller, here, circle, alerted } = await alerting();
    // Saved before the listings come: "chaiir" is a typo of "chair", read from the forgiving tail.
    const searches = ['chair -sofa', 'chair -Sófa', 'chaiir -sofa'];
    for (const search of searches) await api.saved(searcher, { search, ...circle });
    const description = 'Solid wood.';
    const couch = await api.newListing(seller, { title: 'chair couch', description, ...here });
    const sofa = await api.newListing(seller, { title: 'chair sofa', description, ...here });
    const chair = await api.newListing(seller, { title: 'chair', description, ...here });
    expect(await alerted()).toEqual([ROUTES.productDetail(chair)]);
    // The feed agrees, whichever way each part of the page is read, and a later page continues without gaps.
    for (const search of searches) {
      expect(await api.feedIds(searcher, { search, ...circle }), search).toEqual([chair]);
    }
    const db = t.app.parts.storage.database.db;
    const snapshot = new Date();
    for (const search of searches) {
      for (const window of [undefined, 1]) {
        for (const plan of [undefined, 'full', 'words-first', 'box-first', 'counted'] as const) {
          for (const pageSize of [1, 2]) {
            const read: number[] = [];
            for (let page = 1; page <= 2; page++) {
              const filter = { page, pageSize, search, circle, snapshot, window, plan };
              read.push(...(await feedPage(db, filter)).map((row) => row.id));
            }
            expect(read, `${search}, window ${window}, ${plan}, ${pageSize} a page`).toEqual([chair]);
          }
        }
      }
    }
    // Nothing excluded: all three, exact matches first.
    expect(await api.feedIds(searcher, { search: 'chair', ...circle })).toEqual([chair, sofa, couch]);
  });

  it('widens only the excluded words of the exact query, in a quoted phrase too, and knows a hyphen in a word', async () => {
    const rows: Rows = (statement) => queryRows(t.app.parts.storage.database.db, statement);
    const excluding = async (search: string) => (await searchQueries(rows, search)).excluding;
    expect(await excluding('chair -sofa')).toMatch(/^'chair' & !\( 'sofa' \| 'couch' \| 'sette'/);
    expect(await excluding('-"old sofa" chair')).toMatch(
      /^!\( \( 'old' \| .*\) <-> \( 'sofa' \| 'couch' .*\) \) & 'chair'$/,
    );
    // Two NOTs exclude nothing; a word without synonyms or typos leaves the exact query as it is.
    expect(await excluding('chair --sofa')).toBeNull();
    expect(await excluding('chair -zzz')).toBeNull();
    for (const search of ['chair -sofa', '-sofa', 'chair (-sofa', 'chair\t-sofa', 'chair,-sofa'])
      expect(mayExclude(search), search).toBe(true);
    for (const search of ['mid-century chair', '42-inch tv', 'sofa-', 'chair- sofa'])
      expect(mayExclude(search), search).toBe(false);
  });

  it("counts a category's title as a word for typos, though no listing's text has it", async () => {
    const { api, searcher, seller, here, circle, alerted } = await alerting();
    const [known] = await queryRows<{ n: number }>(
      t.app.parts.storage.database.db,
      sql`select count(*)::int as n from products where title || ' ' || description ilike '%applianc%'`,
    );
    expect(known?.n).toBe(0);
    await api.saved(searcher, { search: 'applainces', ...circle });
    const kettle = await api.newListing(seller, {
      title: 'Kettle',
      description: 'Boils fast.',
      category: 'Appliances',
      ...here,
    });
    await api.newListing(seller, { title: 'Teapot', description: 'Porcelain.', ...here });
    expect(await alerted()).toEqual([ROUTES.productDetail(kettle)]);
    expect(await api.feedIds(searcher, { search: 'applainces', ...circle })).toEqual([kettle]);
    expect(await titles(here, 'applainces')).toEqual(['Kettle']);
  });

  it('keeps at least 100 English and 50 German and Spanish synonym groups of single words', () => {
    expect(SYNONYM_GROUPS.en.length).toBeGreaterThanOrEqual(100);
    expect(SYNONYM_GROUPS.de.length).toBeGreaterThanOrEqual(50);
    expect(SYNONYM_GROUPS.es.length).toBeGreaterThanOrEqual(50);
    for (const group of Object.values(SYNONYM_GROUPS).flat()) {
      expect(group.split(' ').length, group).toBeGreaterThanOrEqual(2);
      expect(group, group).toMatch(/^[\p{Ll}]+( [\p{Ll}]+)+$/u);
    }
  });
});

describe('GET /api/Staff/search-report', () => {
  const report = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: API.staff.searchReport,
      headers: bearer(staffToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SearchReportResponse>();
  };

  it('counts first pages of searches and lists the words that found nothing, most often first, nobody named', async () => {
    const before = await report();
    const here = place();
    await listed(here, 'Walnut stool');
    const reader = await signIn(t.app, await createUser(t.app));
    for (const search of ['Zorblax', 'zorblax ', 'ZORBLAX', 'qwertyx', 'walnut']) {
      const response = await t.app.inject({
        method: 'GET',
        url: API.marketplace.products,
        query: { latitude: String(here.latitude), longitude: String(here.longitude), radiusKm: '10', search },
        headers: bearer(reader),
      });
      expect(response.statusCode).toBe(200);
    }
    // A later page is the same search, not another one.
    await feed({ ...here, radiusKm: 10, search: 'walnut', page: 2 });
    const after = await report();
    expect(after.searches - before.searches).toBe(5);
    expect(after.topZeroResultQueries[0]).toEqual({ query: 'zorblax', count: 3 });
    expect(after.topZeroResultQueries).toContainEqual({ query: 'qwertyx', count: 1 });
    expect(after.topZeroResultQueries.map((row) => row.query)).not.toContain('walnut');
    expect(after.zeroResultShare).toBeGreaterThan(0);
    expect(after.zeroResultShare).toBeLessThanOrEqual(1);
    // Words, days and counts only: nothing that could name who searched.
    const columns = await queryRows<{ name: string }>(
      t.app.parts.storage.database.db,
      sql`select column_name as name from information_schema.columns where table_name = 'search_counts' order by 1`,
    );
    expect(columns.map((column) => column.name)).toEqual(['day', 'query', 'searches', 'zero_results']);
  });

  it('forgets days older than 30 days with the purge job', async () => {
    const db = t.app.parts.storage.database.db;
    await db.execute(sql`insert into search_counts (day, query, searches, zero_results)
      values (current_date - 31, 'forgotten words', 3, 3), (current_date - 29, 'kept words', 1, 1)`);
    await purgeExpired(db);
    const left = await queryRows<{ query: string }>(db, sql`select query from search_counts`);
    expect(left.map((row) => row.query)).toContain('kept words');
    expect(left.map((row) => row.query)).not.toContain('forgotten words');
    // Older than 7 days: kept, but not in the report.
    expect((await report()).topZeroResultQueries.map((row) => row.query)).not.toContain('kept words');
  });

  it('is for staff only', async () => {
    const member = await signIn(t.app, await createUser(t.app));
    const response = await t.app.inject({
      method: 'GET',
      url: API.staff.searchReport,
      headers: bearer(member),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('the installation language', () => {
  it('stems in German or Spanish once DEFAULT_LOCALE says so, the stored words made again', async () => {
    const lang = await buildTestApp();
    try {
      const db = lang.app.parts.storage.database.db;
      const seller = (await createUser(lang.app)).id;
      const here = place();
      await createProduct(lang.app, seller, { ...here, title: 'Zwei Lampen', description: '' });
      const found = async (search: string) => {
        const response = await lang.app.inject({
          method: 'GET',
          url: API.marketplace.products,
          query: {
            latitude: String(here.latitude),
            longitude: String(here.longitude),
            radiusKm: '10',
            search,
          },
        });
        return response.json<FeedResponse>().data.map((card) => card.title);
      };
      const stored = async () =>
        (
          await queryRows<{ words: string }>(
            db,
            sql`select search::text as words from products where title = 'Zwei Lampen'`,
          )
        )[0]?.words;
      expect(await stored()).toBe("'lampen':2A 'zwei':1A");
      expect(await useSearchLanguage(db, 'de')).toBe(true);
      expect(await useSearchLanguage(db, 'de')).toBe(false);
      expect(await stored()).toBe("'lamp':2A 'zwei':1A");
      expect(await found('Lampe')).toEqual(['Zwei Lampen']);
    } finally {
      forgetSynonymLexemes();
      await lang.close();
    }
  });
});
