import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DEFAULT_CATEGORIES } from '@rummage/contract';
import { buildTestApp, type TestApp } from '../test/app.js';
import { prepareDatabase } from './migrate.js';
import { loadGazetteer } from '../services/geo/index.js';
import { categories, garageSales, users } from './schema.js';
import { DEMO_USERS } from './seed.js';
import { currentDemoGarageSales, DEMO_GARAGE_PLANS } from './seed-garage.js';
import { DEMO_SELLERS } from './seed-catalog.js';

/** The demo users plus the local sellers who own the demo listings. */
const DEMO_PEOPLE = DEMO_USERS.length + DEMO_SELLERS.length;

let t: TestApp;
// Seeding the demo (people, listings and their photos) takes about 20 s on a quiet two-core machine and has
// passed 30 s beside a browser run; the tests themselves keep the suite's limit.
beforeAll(async () => {
  t = await buildTestApp({ SEED_DEMO_DATA: 'true' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const count = async (table: typeof users | typeof categories) => {
  const [row] = await t.app.parts.storage.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n;
};

describe('seed', () => {
  it('creates the demo users in real US cities, and they can sign in', async () => {
    expect(await count(users)).toBe(DEMO_PEOPLE);
    for (const demo of DEMO_USERS) {
      const response = await t.app.inject({
        method: 'POST',
        url: API.account.login,
        payload: { userName: demo.username, password: demo.password },
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('seeds demo garage sales once, and later starts refill those of the local sellers only', async () => {
    const db = t.app.parts.storage.database.db;
    expect(await currentDemoGarageSales(db)).toBe(DEMO_GARAGE_PLANS.length);
    await db.delete(garageSales);
    const gazetteer = loadGazetteer();
    const listings = { store: t.app.parts.storage.imageStore, reverse: gazetteer.reverse.bind(gazetteer) };
    await prepareDatabase(t.app.parts.storage.database, { seedDemoData: false, listings });
    expect(await currentDemoGarageSales(db)).toBe(0);
    await prepareDatabase(t.app.parts.storage.database, { seedDemoData: true, listings });
    const onceOnly = DEMO_GARAGE_PLANS.filter((plan) => plan.host === 'demo').length;
    expect(await currentDemoGarageSales(db)).toBe(DEMO_GARAGE_PLANS.length - onceOnly);
  });

  it('is idempotent: a second start migrates nothing new, reuses the data and says so', async () => {
    await t.app.parts.storage.database.db.delete(categories).where(sql`${categories.title} = 'Tools'`);
    const said: Array<{ fields: object; message: string }> = [];
    const log = { info: (fields: object, message: string) => said.push({ fields, message }) };
    await prepareDatabase(t.app.parts.storage.database, { seedDemoData: true, log });
    expect(await count(users)).toBe(DEMO_PEOPLE);
    expect(await count(categories)).toBe(DEFAULT_CATEGORIES.length);
    // What an operator reads on a warm start: not "demoUsers: 0" while the demo people are there.
    expect(said).toEqual([
      {
        fields: { database: expect.any(String), ms: expect.any(Number) },
        message: 'database migrated; demo data not added, as the database already has accounts',
      },
    ]);
  });

  it('does not bring deleted demo users back once the site has people', async () => {
    await t.app.parts.storage.database.db.delete(users).where(sql`${users.username} = 'bob'`);
    await prepareDatabase(t.app.parts.storage.database, { seedDemoData: true });
    expect(await count(users)).toBe(DEMO_PEOPLE - 1);
  });
});
