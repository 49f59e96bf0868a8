import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineKm, normalizePhoneNumber } from '@rummage/contract';
import { loadConfig } from '../config.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { garageSales, products, reviews, users } from './schema.js';
import { demoCatalog, DEMO_CITIES, DEMO_SELLERS } from './seed-catalog.js';
import { demoDeals, seedDemoDeals } from './seed-deals.js';
import { seedDemoFollows } from './seed-follows.js';
import {
  DEMO_GARAGE_PLANS,
  demoGaragePlans,
  seedDemoGarageSales,
  topUpDemoGarageSales,
} from './seed-garage.js';
import { seedDemoListings } from './seed-listings.js';
import { demoCities, demoCountry, demoLocale, demoPhone, demoSellerName, US_DEMO } from './seed-places.js';
import { seedDemoUsers } from './seed.js';

// A German installation's demo: its people, listings, ratings and garage sales in German cities and in German. The
// full demo's own tests (seed.test.ts, seed-listings.test.ts) hold the US one; this seeds fewer listings.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    DEFAULT_LOCALE: 'de',
    DEFAULT_COUNTRY: 'DE',
    CURRENCY: 'EUR',
    DISTANCE_UNIT: 'km',
  });
  const db = t.app.parts.storage.database.db;
  const locale = demoLocale(t.config);
  const reverse = (lat: number, lng: number) => t.app.parts.storage.gazetteer.reverse(lat, lng);
  await seedDemoUsers(db, locale);
  await seedDemoListings(db, { store: t.app.parts.storage.imageStore, reverse }, { locale, count: 60 });
  await seedDemoFollows(db, locale);
  await seedDemoDeals(db, locale.language);
  await seedDemoGarageSales(db, { reverse, locale });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.parts.storage.database.db;

describe('the demo on a German installation', () => {
  it('puts the demo people in German cities, under the place search’s German labels', async () => {
    const rows = await db()
      .select({ username: users.username, address: users.address })
      .from(users)
      .where(sql`${users.username} in ('demo', 'alice', 'bob')`)
      .orderBy(users.username);
    expect(rows).toEqual([
      { username: 'alice', address: 'Hamburg, Deutschland' },
      { username: 'bob', address: 'München, Deutschland' },
      { username: 'demo', address: 'Berlin, Deutschland' },
    ]);
    // Their phone numbers are German ones (the US demo's "(312) 555-0142" read in Germany was a number nowhere).
    const phones = await db()
      .select({ phone: users.phoneE164 })
      .from(users)
      .where(sql`${users.username} in ('demo', 'alice', 'bob')`)
      .orderBy(users.username);
    expect(phones.map((row) => row.phone)).toEqual(['+494066969199', '+498999998123', '+493023125142']);
    // The local sellers have local names, none of the US ones.
    const names = (await db().select({ username: users.username }).from(users)).map((row) => row.username);
    expect(names).toContain('kiezfundstuecke');
    expect(names.filter((name) => DEMO_SELLERS.some((seller) => seller.username === name))).toEqual([]);
  });

  it('lists German items around German cities, each within 25 km of one', async () => {
    const rows = await db()
      .select({ title: products.title, latitude: products.latitude, longitude: products.longitude })
      .from(products);
    expect(rows).toHaveLength(60);
    const german = demoCatalog('de').catalog;
    const titles = new Set(Object.values(german).flatMap((items) => items.map((item) => item.title)));
    for (const row of rows) {
      expect(
        [...titles].some((title) => row.title.startsWith(title)),
        row.title,
      ).toBe(true);
      const nearest = Math.min(...demoCities(demoLocale(t.config)).map((city) => haversineKm(row, city)));
      expect(nearest).toBeLessThan(25);
    }
  });

  it('rates the demo deals in German, and follows kept under the local names', async () => {
    const texts = (await db().select({ text: reviews.text }).from(reviews)).map((row) => row.text);
    const german = new Set(demoDeals('de').flatMap((deal) => [deal.byBuyer[1], deal.bySeller[1]]));
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(german.has(text), text).toBe(true);
    expect(german).toContain('Schnell, freundlich und pünktlich.');
    const [followed] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`follows f join users u on u.id = f.followee_id`)
      .where(sql`u.username = 'demo'`);
    expect(followed!.n).toBe(4);
  });

  it('holds the garage sales at German addresses, at German local times', async () => {
    const rows = await db()
      .select({ title: garageSales.title, timeZone: garageSales.timeZone })
      .from(garageSales);
    expect(rows).toHaveLength(DEMO_GARAGE_PLANS.length);
    for (const row of rows) {
      expect(row.title).toMatch(/^[A-ZÄÖÜa-zäöüß ]+ \d+, [A-ZÄÖÜ][a-zäöü]+/);
      expect(row.timeZone).toBe('Europe/Berlin');
    }
    // The carousel of sales stays around the demo account's city, as around Chicago in the US.
    const berlin = demoGaragePlans(demoLocale(t.config)).filter((plan) => plan.title.endsWith(', Berlin'));
    expect(berlin.length).toBeGreaterThanOrEqual(5);
    const [hosted] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(garageSales)
      .innerJoin(users, eq(users.id, garageSales.sellerId))
      .where(eq(users.username, demoSellerName('windycitythrift', demoLocale(t.config))));
    expect(hosted!.n).toBeGreaterThan(0);
  });
});

describe('the demo seeded under other settings', () => {
  it('keeps its garage sales topped up where its sellers are', async () => {
    const db = t.app.parts.storage.database.db;
    await db.delete(garageSales);
    const reverse = (lat: number, lng: number) => t.app.parts.storage.gazetteer.reverse(lat, lng);
    // The German demo, on an installation now set to Spain: its refills stay in Germany.
    const added = await topUpDemoGarageSales(db, { reverse, locale: { language: 'es', country: 'ES' } });
    const onceOnly = DEMO_GARAGE_PLANS.filter((plan) => plan.host === 'demo').length;
    expect(added).toBe(DEMO_GARAGE_PLANS.length - onceOnly);
    const zones = await db.selectDistinct({ timeZone: garageSales.timeZone }).from(garageSales);
    expect(zones).toEqual([{ timeZone: 'Europe/Berlin' }]);
  });
});

describe('where the demo is', () => {
  it('follows the country where it knows its cities, else the language’s, and the US demo stays as it was', () => {
    expect(demoCountry({ language: 'en', country: 'ES' })).toBe('ES');
    expect(demoCountry({ language: 'de', country: 'AT' })).toBe('DE');
    expect(demoCountry({ language: 'en', country: 'GB' })).toBe('US');
    expect(demoCities(US_DEMO)).toBe(DEMO_CITIES);
    expect(demoGaragePlans(US_DEMO)).toEqual(DEMO_GARAGE_PLANS);
    expect(demoCities({ language: 'es', country: 'ES' })[0]!.label).toBe('Madrid, España');
    // Each country's sign-in accounts have numbers valid there; the US demo keeps the README's.
    for (const country of ['DE', 'ES']) {
      for (const username of ['demo', 'alice', 'bob']) {
        const phone = demoPhone(username, { language: 'en', country });
        expect(phone && normalizePhoneNumber(phone, country), `${country} ${username}`).toMatch(
          /^\+(49|34)\d+$/,
        );
      }
    }
    expect(demoPhone('demo', US_DEMO)).toBeUndefined();
  });

  it('follows DEFAULT_LOCALE when DEFAULT_COUNTRY was left unset, and DEFAULT_COUNTRY when it was set', () => {
    const place = (env: Record<string, string>) => demoLocale(loadConfig({ ...env, DATA_DIR: '/tmp' }));
    expect(place({ DEFAULT_LOCALE: 'de' })).toEqual({ language: 'de', country: 'DE' });
    // A Spanish-speaking community in the US keeps the US places, in Spanish.
    expect(place({ DEFAULT_LOCALE: 'es', DEFAULT_COUNTRY: 'US' })).toEqual({ language: 'es', country: 'US' });
    expect(place({})).toEqual(US_DEMO);
  });
});
