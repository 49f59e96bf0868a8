import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath, messages, MILES_TO_KM, type GarageSale } from '@rummage/contract';
import { garageSales } from '../../db/schema.js';
import { expireGarageSales, garageExpiryJob } from '../../jobs/garage-expiry.js';
import { runOnce } from '../../test/jobs.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { banUser, bearer, createUser, signIn, type TestUser } from '../../test/factories.js';
import { createGarageSale, hoursFromNow, PLACES } from '../../test/garages.js';
import { distanceKm } from '../marketplace/radius.js';

const G = messages.garage;

let t: TestApp;
let host: TestUser;
let hostToken: string;
let other: TestUser;
let otherToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  host = await createUser(t.app);
  hostToken = await signIn(t.app, host);
  other = await createUser(t.app);
  otherToken = await signIn(t.app, other);
});
afterAll(async () => {
  await t?.close();
});

const ids = async () =>
  (
    await t.app.parts.storage.database.db
      .select({ id: garageSales.id })
      .from(garageSales)
      .orderBy(garageSales.id)
  ).map((row) => row.id);

/** DELETE as the SPEC's client sends it: a JSON content type and no body. */
function remove(id: number | string, token?: string) {
  return t.app.inject({
    method: 'DELETE',
    url: apiPath(API.garageSale.delete, { id }),
    headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
  });
}

describe('DELETE /api/GarageSale/delete/{id}', () => {
  it('lets only the host delete a current sale: 401 for visitors, 403 for other users', async () => {
    const sale = await createGarageSale(t.app, host.id);
    const visitor = await remove(sale);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe(messages.common.loginRequired);
    const stranger = await remove(sale, otherToken);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(G.notOwner);
    expect(await ids()).toContain(sale);

    const owner = await remove(sale, hostToken);
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toEqual({ message: G.deleted });
    expect(await ids()).not.toContain(sale);
    const read = await t.app.inject({ method: 'GET', url: apiPath(API.garageSale.item, { id: sale }) });
    expect(read.statusCode).toBe(404);
  });

  it('answers 200 and changes nothing when a visitor or another user deletes an ended, removed or unknown sale', async () => {
    const ended = await createGarageSale(t.app, host.id, {
      startsAt: hoursFromNow(-4),
      endsAt: hoursFromNow(-1),
    });
    const live = await createGarageSale(t.app, host.id, {
      startsAt: hoursFromNow(-1),
      endsAt: hoursFromNow(1),
    });
    const before = await ids();
    for (const [id, token] of [
      [ended, undefined],
      [ended, otherToken],
      [999_999, undefined],
      [999_999, otherToken],
    ] as const) {
      const response = await remove(id, token);
      expect(response.statusCode, `${id} ${token ? 'user' : 'visitor'}`).toBe(200);
      expect(response.json()).toEqual({ message: G.alreadyGone });
    }
    expect(await ids()).toEqual(before);
    expect(await ids()).toContain(live);

    // The host may still clear their own ended sale before the job does.
    expect((await remove(ended, hostToken)).json()).toEqual({ message: G.deleted });
    expect(await ids()).not.toContain(ended);
  });

  it('answers 400 for an id that is not a number', async () => {
    expect((await remove('abc', hostToken)).statusCode).toBe(400);
    expect((await remove('-3')).statusCode).toBe(400);
  });
});

describe('expiry', () => {
  it('never lists an ended sale, and the job deletes exactly the ended ones', async () => {
    const seller = await createUser(t.app);
    const ended = await createGarageSale(t.app, seller.id, {
      startsAt: hoursFromNow(-3),
      endsAt: hoursFromNow(-0.01),
    });
    const current = await createGarageSale(t.app, seller.id, {
      startsAt: hoursFromNow(-1),
      endsAt: hoursFromNow(1),
    });
    const listed = async () => {
      const byHost = await t.app.inject({
        method: 'GET',
        url: apiPath(API.garageSale.byUser, { userId: seller.id }),
      });
      const strip = await t.app.inject({ method: 'GET', url: API.marketplace.garageSales });
      return {
        byHost: byHost.json<{ data: GarageSale[] }>().data.map((sale) => sale.id),
        strip: strip.json<{ data: GarageSale[] }>().data.map((sale) => sale.id),
      };
    };
    const beforeJob = await listed();
    expect(beforeJob.byHost).toEqual([current]);
    expect(beforeJob.strip).toContain(current);
    expect(beforeJob.strip).not.toContain(ended);
    expect(await ids()).toContain(ended); // still stored: reads do not depend on the job

    const removed = await expireGarageSales(t.app.parts.storage.database.db);
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await ids()).not.toContain(ended);
    expect(await ids()).toContain(current);
    expect(await listed()).toEqual(beforeJob);
  });

  it('runs as a recurring job every minute by default, then its follow-up', async () => {
    const seller = await createUser(t.app);
    const ended = await createGarageSale(t.app, seller.id, {
      startsAt: hoursFromNow(-2),
      endsAt: hoursFromNow(-1),
    });
    let followUps = 0;
    const job = garageExpiryJob(t.app.parts.storage.database.db, {
      afterExpiry: async () => (followUps += 1),
    });
    expect(job.everyMs).toBe(60_000);
    await runOnce(job);
    expect(await ids()).not.toContain(ended);
    expect(followUps).toBe(1);
  });

  it('the database refuses a sale that ends before it starts', async () => {
    await expect(
      createGarageSale(t.app, host.id, { startsAt: hoursFromNow(2), endsAt: hoursFromNow(1) }),
    ).rejects.toThrow();
  });
});

describe('GET /api/Marketplace/garage-sales', () => {
  const strip = async (query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `${API.marketplace.garageSales}${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: GarageSale[] }>().data;
  };

  it('lists upcoming and live sales within the radius, soonest first; everywhere without a location', async () => {
    await t.app.parts.storage.database.db.delete(garageSales);
    const seller = await createUser(t.app);
    const la = await createGarageSale(t.app, seller.id, {
      ...PLACES.losAngeles,
      startsAt: hoursFromNow(0.5),
    });
    const evanston = await createGarageSale(t.app, seller.id, {
      ...PLACES.evanston,
      startsAt: hoursFromNow(5),
    });
    const chicagoLive = await createGarageSale(t.app, seller.id, {
      startsAt: hoursFromNow(-1),
      endsAt: hoursFromNow(1),
    });
    const chicagoLater = await createGarageSale(t.app, seller.id, { startsAt: hoursFromNow(30) });
    const milwaukee = await createGarageSale(t.app, seller.id, {
      ...PLACES.milwaukee,
      startsAt: hoursFromNow(2),
    });
    await createGarageSale(t.app, seller.id, { startsAt: hoursFromNow(-3), endsAt: hoursFromNow(-1) });

    const { latitude, longitude } = PLACES.chicago;
    const milesToMilwaukee =
      distanceKm(latitude, longitude, PLACES.milwaukee.latitude, PLACES.milwaukee.longitude) / MILES_TO_KM;
    expect(milesToMilwaukee).toBeGreaterThan(75);
    expect(milesToMilwaukee).toBeLessThan(85);

    const near = await strip(`?latitude=${latitude}&longitude=${longitude}&radiusKm=${25 * MILES_TO_KM}`);
    expect(near.map((sale) => sale.id)).toEqual([chicagoLive, evanston, chicagoLater]);
    expect(near[0]!.isLive).toBe(true);

    const wider = await strip(`?latitude=${latitude}&longitude=${longitude}&radiusKm=${100 * MILES_TO_KM}`);
    expect(wider.map((sale) => sale.id)).toEqual([chicagoLive, milwaukee, evanston, chicagoLater]);

    // Without radiusKm a location searches the default 25 miles (docs/product.md §9).
    const byDefault = await strip(`?latitude=${latitude}&longitude=${longitude}`);
    expect(byDefault.map((sale) => sale.id)).toEqual([chicagoLive, evanston, chicagoLater]);

    const everywhere = await strip();
    expect(everywhere.map((sale) => sale.id)).toEqual([chicagoLive, la, milwaukee, evanston, chicagoLater]);
  });

  it('leaves out sales of suspended hosts and caps the list at 50', async () => {
    await t.app.parts.storage.database.db.delete(garageSales);
    const banned = await createUser(t.app);
    await createGarageSale(t.app, banned.id, { startsAt: hoursFromNow(0.1) });
    await banUser(t.app, banned.id);
    const seller = await createUser(t.app);
    for (let i = 0; i < 52; i++) await createGarageSale(t.app, seller.id, { startsAt: hoursFromNow(1 + i) });
    const data = await strip();
    expect(data).toHaveLength(50);
    expect(data.every((sale) => sale.userId === seller.id)).toBe(true);
    const starts = data.map((sale) => sale.eventDate);
    expect(starts).toEqual([...starts].sort());
  });

  it('refuses half a location and bad numbers with 400, never 500', async () => {
    for (const query of [
      '?latitude=41.8',
      '?latitude=abc&longitude=1',
      '?latitude=1&longitude=1&radiusKm=-4',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `${API.marketplace.garageSales}${query}` });
      expect(response.statusCode, query).toBe(400);
    }
  });
});
