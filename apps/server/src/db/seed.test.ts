import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DEFAULT_CATEGORIES } from '@rummage/contract';
import { buildTestApp, type TestApp } from '../test/app.js';
import { prepareDatabase } from './migrate.js';
import { categories, users } from './schema.js';
import { DEMO_USERS } from './seed.js';
import { DEMO_SELLERS } from './seed-catalog.js';

/** The demo users plus the local sellers who own the demo listings. */
const DEMO_PEOPLE = DEMO_USERS.length + DEMO_SELLERS.length;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SEED_DEMO_DATA: 'true' });
});
afterAll(async () => {
  await t?.close();
});

const count = async (table: typeof users | typeof categories) => {
  const [row] = await t.app.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
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

  it('is idempotent: a second start migrates nothing new and reuses the data', async () => {
    await t.app.database.db.delete(categories).where(sql`${categories.title} = 'Tools'`);
    await prepareDatabase(t.app.database, { seedDemoData: true });
    expect(await count(users)).toBe(DEMO_PEOPLE);
    expect(await count(categories)).toBe(DEFAULT_CATEGORIES.length);
  });

  it('does not bring deleted demo users back once the site has people', async () => {
    await t.app.database.db.delete(users).where(sql`${users.username} = 'bob'`);
    await prepareDatabase(t.app.database, { seedDemoData: true });
    expect(await count(users)).toBe(DEMO_PEOPLE - 1);
  });
});
