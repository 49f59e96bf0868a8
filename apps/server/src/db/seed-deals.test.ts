import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath, type ReputationResponse, type ReviewListResponse } from '@rummage/contract';
import { buildTestApp, type TestApp } from '../test/app.js';
import { createProduct } from '../test/products.js';
import { products, users } from './schema.js';
import { seed } from './seed.js';
import { seedDemoDeals } from './seed-deals.js';

let t: TestApp;
beforeAll(async () => {
  // Demo data off at start-up, so this test seeds the people itself and gives them sold items (no slow listings).
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function get<T>(url: string): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

describe('demo deals', () => {
  it('gives alice and bob published ratings both ways and deals done, from sold demo items', async () => {
    const db = t.app.parts.storage.database.db;
    await seed(db, { demoData: true });
    const people = await db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(inArray(users.username, ['alice', 'bob', 'demo']));
    const id = (name: string) => people.find((person) => person.username === name)!.id;
    const soldAt = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
    for (const name of ['alice', 'alice', 'bob', 'bob']) {
      const productId = await createProduct(t.app, id(name));
      await db.update(products).set({ isSold: true, soldAt }).where(eq(products.id, productId));
    }

    expect(await seedDemoDeals(db)).toBe(4);

    const alice = await get<ReputationResponse>(apiPath(API.review.reputation, { userId: id('alice') }));
    expect(alice.data).toMatchObject({ count: 3, average: 4.3, deals: 3 });
    const bob = await get<ReputationResponse>(apiPath(API.review.reputation, { userId: id('bob') }));
    expect(bob.data).toMatchObject({ count: 3, average: 4.7, deals: 3 });
    const aboutAlice = await get<ReviewListResponse>(apiPath(API.review.byUser, { userId: id('alice') }));
    expect(aboutAlice.data.map((review) => review.reviewer.userName).sort()).toEqual(['bob', 'bob', 'demo']);
    expect(aboutAlice.data.some((review) => review.text.includes('waited when my bus was late'))).toBe(true);
  });
});
