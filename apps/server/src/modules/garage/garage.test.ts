import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath, GARAGE_LIMITS, messages, type GarageSale } from '@rummage/contract';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { banUser, bearer, createUser, signIn, type TestUser } from '../../test/factories.js';
import { createGarageSale, dayFromToday, garagePayload, hoursFromNow, PLACES } from '../../test/garages.js';

const G = messages.garage;
const FILL = messages.common.fillFieldsProperly;

let t: TestApp;
let host: TestUser;
let hostToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  host = await createUser(t.app);
  hostToken = await signIn(t.app, host);
});
afterAll(async () => {
  await t?.close();
});

function create(payload: unknown, token: string | null = hostToken) {
  return t.app.inject({
    method: 'POST',
    url: API.garageSale.add,
    headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
    payload: JSON.stringify(payload),
  });
}

/** A day in November next year: standard time everywhere in the US, and always in the future. */
const november = `${DateTime.now().year + 1}-11-22`;

describe('POST /api/GarageSale/add: validation (docs/product.md §5)', () => {
  const fields = ['title', 'latitude', 'longitude', 'items', 'startDate', 'endDate', 'startTime', 'endTime'];

  it.each(fields)(
    "answers 'Please fill all the fields properly.' when %s is missing or blank",
    async (field) => {
      const { [field as keyof ReturnType<typeof garagePayload>]: _left, ...missing } = garagePayload();
      for (const payload of [missing, garagePayload({ [field]: '' }), garagePayload({ [field]: '   ' })]) {
        const response = await create(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().message).toBe(FILL);
        expect(response.json().errors?.[field]).toBe(FILL);
      }
    },
  );

  it.each([
    ['items with no names', { items: ' , ,' }],
    ['an empty item list', { items: [] }],
    ['a date that is not a day', { startDate: `${DateTime.now().year + 1}-02-30` }],
    ['a date in another format', { endDate: '11/22/2027' }],
    ['an hour past 23', { startTime: '25:00:00' }],
    ['a 12-hour time', { endTime: '4:00 PM' }],
    ['a latitude off the globe', { latitude: 91 }],
    ['a longitude that is text', { longitude: 'west' }],
    ['a title that is not text', { title: 42 }],
    ['a body that is not an object', 'garage sale'],
  ])("answers 'Please fill all the fields properly.' for %s", async (_name, change) => {
    const payload = typeof change === 'string' ? change : garagePayload(change);
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(typeof change === 'string' ? messages.common.invalidRequest : FILL);
  });

  it('refuses items that are not on the list, but a missing field is told first', async () => {
    const outside = await create(garagePayload({ items: 'Furniture, Spaceships' }));
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ message: G.itemsInvalid, errors: { items: G.itemsInvalid } });

    const both = await create(garagePayload({ items: 'Spaceships', endTime: '' }));
    expect(both.json().message).toBe(FILL);
  });

  it('refuses an address over 200 characters', async () => {
    const response = await create(garagePayload({ title: 'x'.repeat(GARAGE_LIMITS.titleMax + 1) }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(G.titleTooLong);
  });

  it.each([
    ['the end date is before the start date', { startDate: dayFromToday(2), endDate: dayFromToday(1) }],
    ['same day, end time equal to the start time', { startTime: '12:00:00', endTime: '12:00:00' }],
    ['same day, end time before the start time', { startTime: '12:00', endTime: '09:30' }],
  ])("answers 'End time can not be less than start time' when %s", async (_name, change) => {
    const response = await create(garagePayload(change));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: G.endBeforeStart,
      errors: { endTime: G.endBeforeStart },
    });
  });

  it('refuses a sale that starts before today or has already ended (judged in the sale’s own time zone)', async () => {
    const yesterday = await create(
      garagePayload({ startDate: dayFromToday(-1), endDate: dayFromToday(1), endTime: '12:00:00' }),
    );
    expect(yesterday.statusCode).toBe(400);
    expect(yesterday.json().message).toBe(G.startInPast);

    // A place where today is at least 10 minutes old, so "since midnight" and "5 minutes ago" are both today.
    const place = ['chicago', 'newYork'] as const;
    const zones = { chicago: 'America/Chicago', newYork: 'America/New_York' };
    const where =
      place.find(
        (name) =>
          DateTime.now()
            .setZone(zones[name])
            .diff(DateTime.now().setZone(zones[name]).startOf('day'), 'minutes').minutes >= 10,
      ) ?? 'chicago';
    const local = DateTime.now().setZone(zones[where]);
    const today = local.toFormat('yyyy-MM-dd');
    const at = (time: DateTime) => ({ date: time.toFormat('yyyy-MM-dd'), time: time.toFormat('HH:mm:ss') });
    const sale = (end: DateTime) =>
      garagePayload({
        ...PLACES[where],
        startDate: today,
        startTime: '00:00:00',
        endDate: at(end).date,
        endTime: at(end).time,
      });

    const over = await create(sale(local.minus({ minutes: 5 })));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ message: G.endInPast, errors: { endTime: G.endInPast } });

    // Announced while it runs (since midnight, two more hours to go): accepted, and live at once.
    const running = await create(sale(local.plus({ hours: 2 })));
    expect(running.statusCode, running.body).toBe(201);
    expect(running.json<{ data: GarageSale }>().data.isLive).toBe(true);
  });

  it('needs a signed-in user', async () => {
    const response = await create(garagePayload(), null);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(messages.common.loginRequired);
  });
});

describe('POST /api/GarageSale/add: the created sale', () => {
  it('answers 201 with the SPEC read shape, items canonical and times as HH:mm:ss', async () => {
    const day = dayFromToday(3);
    const response = await create(
      garagePayload({
        items: 'furniture,  Toys, toys, Baby items',
        startDate: day,
        endDate: day,
        startTime: '09:05',
        endTime: '13:30',
      }),
    );
    expect(response.statusCode).toBe(201);
    const { message, data } = response.json<{ message: string; data: GarageSale }>();
    expect(message).toBe(G.created);
    expect(data).toMatchObject({
      userId: host.id,
      userName: host.username,
      isFollowedByCurrentUser: false,
      isOwner: true,
      title: 'Chicago, IL',
      location: 'Chicago, IL',
      latitude: PLACES.chicago.latitude,
      longitude: PLACES.chicago.longitude,
      startDate: day,
      startTime: '09:05:00',
      endDate: day,
      endTime: '13:30:00',
      timeZone: 'America/Chicago',
      items: 'Furniture, Toys, Baby items',
      itemsToExpect: ['Furniture', 'Toys', 'Baby items'],
      isLive: false,
    });
    expect(new Date(data.thrifterSince).toISOString()).toBe(data.thrifterSince);
    const expected = DateTime.fromISO(`${day}T09:05:00`, { zone: 'America/Chicago' });
    expect(data.eventDate).toBe(expected.toUTC().toISO());
    expect(data.endsAt).toBe(expected.set({ hour: 13, minute: 30 }).toUTC().toISO());

    const read = await t.app.inject({ method: 'GET', url: apiPath(API.garageSale.item, { id: data.id }) });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual({ ...data, isOwner: false });
  });

  it('accepts the items as a list too, and a start a minute ago (the picker moves in 5-minute steps)', async () => {
    const local = DateTime.now().setZone('America/Chicago').minus({ minutes: 1 });
    const end = local.plus({ hours: 3 });
    const response = await create(
      garagePayload({
        items: ['Books', 'Art'],
        startDate: local.toFormat('yyyy-MM-dd'),
        startTime: local.toFormat('HH:mm:ss'),
        endDate: end.toFormat('yyyy-MM-dd'),
        endTime: end.toFormat('HH:mm:ss'),
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ items: 'Books, Art', isLive: true });
  });

  it('counts down to the same instant wherever the browser is: local time of the sale’s place', async () => {
    const la = await create(
      garagePayload({
        ...PLACES.losAngeles,
        startDate: november,
        endDate: november,
        startTime: '10:00:00',
        endTime: '14:00:00',
      }),
    );
    expect(la.statusCode).toBe(201);
    expect(la.json().data).toMatchObject({
      timeZone: 'America/Los_Angeles',
      location: 'Los Angeles, CA',
      startTime: '10:00:00',
      eventDate: `${november}T18:00:00.000Z`,
      endsAt: `${november}T22:00:00.000Z`,
    });

    const ny = await create(
      garagePayload({
        ...PLACES.newYork,
        startDate: november,
        endDate: november,
        startTime: '10:00:00',
        endTime: '14:00:00',
      }),
    );
    expect(ny.json().data).toMatchObject({
      timeZone: 'America/New_York',
      eventDate: `${november}T15:00:00.000Z`,
      endsAt: `${november}T19:00:00.000Z`,
    });
  });

  it('a start inside the spring-forward gap moves later by the gap; the stored local time follows', async () => {
    // The second Sunday of March next year: New York clocks jump from 02:00 EST to 03:00 EDT.
    const march = DateTime.fromObject({ year: DateTime.now().year + 1, month: 3, day: 1 });
    const sunday = march.plus({ days: ((7 - march.weekday) % 7) + 7 }).toFormat('yyyy-MM-dd');
    const response = await create(
      garagePayload({
        ...PLACES.newYork,
        startDate: sunday,
        endDate: sunday,
        startTime: '02:30:00',
        endTime: '06:00:00',
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      startDate: sunday,
      startTime: '03:30:00',
      eventDate: `${sunday}T07:30:00.000Z`,
      endTime: '06:00:00',
      endsAt: `${sunday}T10:00:00.000Z`,
    });

    // 02:30–03:00 that night is 03:30–03:00 in real time: the end comes first, so it is refused.
    const inverted = await create(
      garagePayload({
        ...PLACES.newYork,
        startDate: sunday,
        endDate: sunday,
        startTime: '02:30',
        endTime: '03:00',
      }),
    );
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().message).toBe(G.endBeforeStart);
  });
});

describe('GET /api/GarageSale/{id}', () => {
  it('answers 400 for an id that is not a number and 404 for unknown, ended or suspended-host sales', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/GarageSale/abc' })).statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'GET', url: apiPath(API.garageSale.item, { id: 999_999 }) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(G.notFound);

    const ended = await createGarageSale(t.app, host.id, {
      startsAt: hoursFromNow(-3),
      endsAt: hoursFromNow(-1),
    });
    const endedRead = await t.app.inject({ method: 'GET', url: apiPath(API.garageSale.item, { id: ended }) });
    expect(endedRead.statusCode).toBe(404);

    const banned = await createUser(t.app);
    const hidden = await createGarageSale(t.app, banned.id);
    await banUser(t.app, banned.id);
    const hiddenRead = await t.app.inject({
      method: 'GET',
      url: apiPath(API.garageSale.item, { id: hidden }),
    });
    expect(hiddenRead.statusCode).toBe(404);
  });

  it('says isLive while the sale runs, and whether the viewer follows the host', async () => {
    const live = await createGarageSale(t.app, host.id, {
      startsAt: hoursFromNow(-1),
      endsAt: hoursFromNow(1),
    });
    const fan = await createUser(t.app);
    const { follows } = await import('../../db/schema.js');
    await t.app.parts.storage.database.db.insert(follows).values({ followerId: fan.id, followeeId: host.id });
    const response = await t.app.inject({
      method: 'GET',
      url: apiPath(API.garageSale.item, { id: live }),
      headers: bearer(await signIn(t.app, fan)),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: live, isLive: true, isFollowedByCurrentUser: true });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/GarageSale/user/{userId}', () => {
  it("lists the host's sales not yet ended, soonest first; 404 for an unknown user, 400 for a bad id", async () => {
    const seller = await createUser(t.app);
    const later = await createGarageSale(t.app, seller.id, { startsAt: hoursFromNow(48) });
    const live = await createGarageSale(t.app, seller.id, {
      startsAt: hoursFromNow(-1),
      endsAt: hoursFromNow(2),
    });
    const soon = await createGarageSale(t.app, seller.id, { startsAt: hoursFromNow(3) });
    await createGarageSale(t.app, seller.id, { startsAt: hoursFromNow(-5), endsAt: hoursFromNow(-2) });
    await createGarageSale(t.app, host.id, { startsAt: hoursFromNow(1) });

    const response = await t.app.inject({
      method: 'GET',
      url: apiPath(API.garageSale.byUser, { userId: seller.id }),
    });
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: GarageSale[] }>().data;
    expect(data.map((sale) => sale.id)).toEqual([live, soon, later]);
    expect(data.map((sale) => sale.isLive)).toEqual([true, false, false]);

    const unknown = await t.app.inject({
      method: 'GET',
      url: apiPath(API.garageSale.byUser, { userId: 999_999 }),
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/GarageSale/user/abc' });
    expect(bad.statusCode).toBe(400);
  });
});
