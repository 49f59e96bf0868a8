import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, GARAGE_CAROUSEL_MIN, type GarageSale } from '@rummage/contract';
import { garageSales, users } from '../../db/schema.js';
import {
  currentDemoGarageSales,
  DEMO_GARAGE_PLANS,
  seedDemoGarageSales,
  topUpDemoGarageSales,
} from '../../db/seed-garage.js';
import { loadGazetteer } from '../../services/geo/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';

let t: TestApp;
const gazetteer = loadGazetteer();
const deps = { reverse: (lat: number, lng: number) => gazetteer.reverse(lat, lng) };
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const hosts = [...new Set(DEMO_GARAGE_PLANS.map((plan) => plan.host))];
const stored = async () => {
  const [row] = await t.app.parts.storage.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(garageSales);
  return Number(row?.n ?? 0);
};

describe('demo garage sales', () => {
  it('adds nothing where the demo hosts do not exist (a site that never had demo data)', async () => {
    expect(await topUpDemoGarageSales(t.app.parts.storage.database.db, deps)).toBe(0);
    expect(await seedDemoGarageSales(t.app.parts.storage.database.db, deps)).toBe(0);
    expect(await stored()).toBe(0);
  });

  it('seeds the whole spread: a carousel around Chicago, a live one, one starting in 20 minutes', async () => {
    for (const username of hosts) await createUser(t.app, { username });
    expect(await seedDemoGarageSales(t.app.parts.storage.database.db, deps)).toBe(DEMO_GARAGE_PLANS.length);
    expect(DEMO_GARAGE_PLANS.length).toBeGreaterThanOrEqual(12);

    const chicago = await t.app.inject({
      method: 'GET',
      url: `${API.marketplace.garageSales}?latitude=41.8781&longitude=-87.6298&radiusKm=40.2335`,
    });
    const near = chicago.json<{ data: GarageSale[] }>().data;
    expect(near.length).toBeGreaterThanOrEqual(GARAGE_CAROUSEL_MIN);
    expect(near.some((sale) => sale.isLive)).toBe(true);
    const soonest = near.find((sale) => !sale.isLive)!;
    const minutes = (new Date(soonest.eventDate).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(15);
    expect(minutes).toBeLessThanOrEqual(25);
    expect(near.every((sale) => sale.timeZone === 'America/Chicago' && sale.location !== null)).toBe(true);

    const austin = await t.app.inject({
      method: 'GET',
      url: `${API.marketplace.garageSales}?latitude=30.2672&longitude=-97.7431&radiusKm=40.2335`,
    });
    const there = austin.json<{ data: GarageSale[] }>().data;
    expect(there.length).toBeGreaterThan(0);
    expect(there.length).toBeLessThan(GARAGE_CAROUSEL_MIN);
  });

  it('is idempotent, and refills ended slots except the one the demo user may have deleted', async () => {
    const db = t.app.parts.storage.database.db;
    expect(await topUpDemoGarageSales(db, deps)).toBe(0);
    const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
    const [other] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'atxvintage'));
    // End every sale of the demo user and of one local seller.
    await db
      .update(garageSales)
      .set({ startsAt: sql`now() - interval '3 hours'`, endsAt: sql`now() - interval '1 hour'` })
      .where(inArray(garageSales.sellerId, [demo!.id, other!.id]));
    const ended = DEMO_GARAGE_PLANS.filter((plan) => plan.host === 'atxvintage').length;
    expect(await currentDemoGarageSales(db)).toBe(DEMO_GARAGE_PLANS.length - ended - 1);

    // Two processes starting at once still add each sale once.
    const added = await Promise.all([topUpDemoGarageSales(db, deps), topUpDemoGarageSales(db, deps)]);
    expect(added[0] + added[1]).toBe(ended);
    expect(await currentDemoGarageSales(db)).toBe(DEMO_GARAGE_PLANS.length - 1);
  });
});
