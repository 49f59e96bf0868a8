import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_TYPES,
  ROUTES,
  apiPath,
  fillText,
  messages,
  type MarkNotificationsRead,
  type Notification,
  type NotificationListQuery,
  type AccountExport,
  type SupportTicket,
} from '@rummage/contract';
import type { FastifyInstance } from 'fastify';
import { notifications, pushSubscriptions } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { banUser, bearer, createUser, signIn, type TestUser } from '../../test/factories.js';
import { createProduct, image, listingFields, multipart, png } from '../../test/products.js';
import { createGarageSale, dayFromToday, PLACES } from '../../test/garages.js';
import { localToInstant } from '../../lib/local-time.js';
import { ageAccount, chatApi } from '../message/chat.fixtures.js';
import { GARAGE_SALE_REMINDERS, sendGarageSaleReminders } from './subscribers/garage-sales.js';
import { NEW_LISTING_NOTICES, tellFollowers } from './subscribers/listings.js';

const N = messages.notifications;

interface Person extends TestUser {
  token: string;
}
interface ListAnswer {
  data: Notification[];
  hasMore: boolean;
  unread: number;
}

let t: TestApp;
let app: FastifyInstance;
let chat: ReturnType<typeof chatApi>;
beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  chat = chatApi(app);
});
afterAll(async () => {
  await t?.close();
});

async function person(): Promise<Person> {
  const user = await createUser(app);
  await ageAccount(app, user.id);
  return { ...user, token: await signIn(app, user) };
}

async function listOf(who: Person, query: Partial<NotificationListQuery> = {}): Promise<ListAnswer> {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const response = await app.inject({
    method: 'GET',
    url: `${API.notifications.list}?${search.toString()}`,
    headers: bearer(who.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListAnswer>();
}

function read(who: Person, payload: MarkNotificationsRead | unknown) {
  return app.inject({
    method: 'POST',
    url: API.notifications.read,
    headers: { ...bearer(who.token), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

/** Asks again until `done` holds (work the queue does shortly after the request), for at most five seconds. */
async function eventually<T>(ask: () => Promise<T>, done: (answer: T) => boolean): Promise<T> {
  const until = Date.now() + 5_000;
  for (;;) {
    const answer = await ask();
    if (done(answer) || Date.now() > until) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** An entry made straight through the centre (what every subscriber does). */
async function entry(who: Person, title: string, groupKey?: string) {
  return app.parts.notifications.centre.notify(who.id, {
    type: NOTIFICATION_TYPES.support,
    title,
    body: 'body',
    link: ROUTES.support,
    groupKey,
  });
}

describe('GET /api/Notifications and POST /api/Notifications/read', () => {
  it('lists the caller’s own entries newest first, in pages, with the unread count', async () => {
    const me = await person();
    const other = await person();
    for (const title of ['first', 'second', 'third']) await entry(me, title);
    await entry(other, 'not mine');
    const page1 = await listOf(me, { page: 1, pageSize: 2 });
    expect(page1.data.map((n) => n.title)).toEqual(['third', 'second']);
    expect(page1).toMatchObject({ hasMore: true, unread: 3 });
    expect(page1.data[0]).toEqual({
      id: expect.any(Number),
      type: 'support',
      title: 'third',
      body: 'body',
      link: ROUTES.support,
      createdAt: expect.any(String),
      isRead: false,
    });
    const page2 = await listOf(me, { page: 2, pageSize: 2 });
    expect(page2.data.map((n) => n.title)).toEqual(['first']);
    expect(page2.hasMore).toBe(false);
  });

  it('marks chosen ids read, ignores unknown and foreign ids, then marks all read', async () => {
    const me = await person();
    const other = await person();
    const mine = [await entry(me, 'a'), await entry(me, 'b')];
    const theirs = await entry(other, 'theirs');
    const some = await read(me, { ids: [mine[0]!.id, theirs!.id, 999_999_999] });
    expect(some.statusCode, some.body).toBe(200);
    expect(some.json()).toEqual({ data: { unread: 1 } });
    expect((await listOf(other)).data[0]).toMatchObject({ id: theirs!.id, isRead: false });
    const listed = await listOf(me);
    expect(listed.data.find((n) => n.id === mine[0]!.id)?.isRead).toBe(true);
    const all = await read(me, { all: true });
    expect(all.json()).toEqual({ data: { unread: 0 } });
    expect((await listOf(me)).data.every((n) => n.isRead)).toBe(true);
  });

  it('refuses a bad body with the readable message and a bad page size with a 400', async () => {
    const me = await person();
    const mine = await entry(me, 'stays unread');
    const shapes: unknown[] = [
      {},
      { ids: [] },
      { ids: ['x'] },
      { ids: 'nope' },
      { all: false },
      { ids: [mine!.id], all: true },
    ];
    for (const payload of shapes) {
      const response = await read(me, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ message: string }>().message, JSON.stringify(payload)).toBe(N.readInvalid);
    }
    const notAnObject = await read(me, []);
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json<{ message: string }>().message).toBe(messages.common.invalidRequest);
    expect((await listOf(me)).unread).toBe(1);
    const tooBig = await app.inject({
      method: 'GET',
      url: `${API.notifications.list}?pageSize=1000`,
      headers: bearer(me.token),
    });
    expect(tooBig.statusCode).toBe(400);
  });

  it('needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: API.notifications.list })).statusCode).toBe(401);
    const post = await app.inject({
      method: 'POST',
      url: API.notifications.read,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ all: true }),
    });
    expect(post.statusCode).toBe(401);
  });

  it('creates nothing for a banned or deleted account', async () => {
    const banned = await person();
    await banUser(app, banned.id);
    expect(await entry(banned, 'x')).toBeUndefined();
    expect(
      await app.parts.notifications.centre.notify(2_000_000_000, {
        type: 'support',
        title: 'x',
        body: 'x',
        link: '/',
      }),
    ).toBeUndefined();
    const rows = await app.parts.storage.database.db.select().from(notifications);
    expect(rows.some((row) => row.userId === banned.id)).toBe(false);
  });
});

describe('chat messages', () => {
  it('gather into one unread entry per chat for the receiver; reading the chat reads it', async () => {
    const seller = await person();
    const buyer = await person();
    const productId = await createProduct(app, seller.id, { title: 'Oak desk' });
    await chat.sent(buyer.token, productId, seller.id, 'Is this available?');
    let list = await listOf(seller);
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      type: 'message',
      title: fillText(N.messageTitle, { name: buyer.username }),
      body: 'Is this available?',
      link: ROUTES.chat(buyer.id, productId),
      isRead: false,
    });
    expect(list.unread).toBe(1);
    await chat.sent(buyer.token, productId, seller.id, 'Could I pick it up today?');
    list = await listOf(seller);
    expect(list.data).toHaveLength(1);
    expect(list.data[0]!.body).toBe('Could I pick it up today?');
    expect(list.unread).toBe(1);
    expect((await listOf(buyer)).data).toHaveLength(0);

    const response = await chat.read(seller.token, productId, buyer.id);
    expect(response.statusCode).toBe(200);
    list = await listOf(seller);
    expect(list.data[0]!.isRead).toBe(true);
    expect(list.unread).toBe(0);

    // After reading, the next message is news again: a new unread entry at the top.
    await chat.sent(buyer.token, productId, seller.id, 'Still there?');
    list = await listOf(seller);
    expect(list.data.map((n) => [n.body, n.isRead])).toEqual([
      ['Still there?', false],
      ['Could I pick it up today?', true],
    ]);
  });

  it('messages arriving at once still leave one unread entry', async () => {
    const seller = await person();
    const buyer = await person();
    const productId = await createProduct(app, seller.id);
    await Promise.all(
      ['one', 'two', 'three', 'four', 'five'].map((text) =>
        chat.sent(buyer.token, productId, seller.id, text),
      ),
    );
    const list = await listOf(seller);
    expect(list.data).toHaveLength(1);
    expect(list.unread).toBe(1);
  });

  it('an entry that gathers a new message moves back to the top', async () => {
    const seller = await person();
    const buyer = await person();
    const productId = await createProduct(app, seller.id);
    await chat.sent(buyer.token, productId, seller.id, 'Hello');
    await entry(seller, 'something else');
    await chat.sent(buyer.token, productId, seller.id, 'Hello again');
    expect((await listOf(seller)).data.map((n) => n.body)).toEqual(['Hello again', 'body']);
  });
});

describe('listings', () => {
  async function listWithPhoto(seller: Person, title: string): Promise<number> {
    const body = multipart([...listingFields({ Title: title }), image(await png())]);
    const response = await app.inject({
      method: 'POST',
      url: API.product.add,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(seller.token) },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: { id: number } }>().data.id;
  }

  async function like(who: Person, productId: number, wanted?: boolean) {
    const response = await app.inject({
      method: 'POST',
      url: apiPath(API.product.likeUnlike, { id: productId }),
      headers: { ...bearer(who.token), 'content-type': 'application/json' },
      payload: JSON.stringify(wanted === undefined ? {} : { like: wanted }),
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  it('followers hear of a new listing, once each; others do not', async () => {
    const seller = await person();
    const fan = await person();
    const stranger = await person();
    const followed = await app.inject({
      method: 'POST',
      url: apiPath(API.user.followUnfollow, { userId: seller.id }),
      headers: { ...bearer(fan.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ follow: true }),
    });
    expect(followed.statusCode, followed.body).toBe(200);
    expect(app.parts.queue.kinds).toContain(NEW_LISTING_NOTICES);
    const productId = await listWithPhoto(seller, 'Vintage lamp');
    // Followers are told by a job on the queue, which runs within a second or two of the listing.
    const list = await eventually(
      () => listOf(fan),
      (answer) => answer.data.length > 0,
    );
    expect(list.data).toEqual([
      expect.objectContaining({
        type: 'follow',
        title: fillText(N.followTitle, { name: seller.username }),
        body: 'Vintage lamp',
        link: ROUTES.productDetail(productId),
      }),
    ]);
    expect((await listOf(stranger)).data).toHaveLength(0);
    expect((await listOf(seller)).data).toHaveLength(0);
    // Run again (a retried job): nobody hears of the same listing twice.
    const db = app.parts.storage.database.db;
    const listing = { productId, sellerId: seller.id, title: 'Vintage lamp' };
    expect(await tellFollowers(db, app.parts.notifications.centre, listing)).toBe(0);
    expect((await listOf(fan)).data).toHaveLength(1);
  });

  it('likes within the hour gather into one entry that counts distinct people', async () => {
    const seller = await person();
    const [a, b, c] = [await person(), await person(), await person()];
    const productId = await createProduct(app, seller.id, { title: 'Red bike' });
    await like(a, productId, true);
    let list = await listOf(seller);
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      type: 'like',
      title: fillText(N.likeTitleOne, { name: a.username, title: 'Red bike' }),
      body: N.likeBody,
      link: ROUTES.productDetail(productId),
    });
    // Unliking and liking again is the same person: no new count, and a repeated like is not news.
    await like(a, productId, false);
    await like(a, productId, true);
    await like(a, productId, true);
    await like(b, productId, true);
    await like(c, productId, true);
    list = await listOf(seller);
    expect(list.data).toHaveLength(1);
    expect(list.data[0]!.title).toBe(fillText(N.likeTitleMany, { count: 3, title: 'Red bike' }));
    expect(list.unread).toBe(1);
    await like(seller, productId, true);
    expect((await listOf(seller)).data).toHaveLength(1);
  });

  it('likes arriving at once are all counted in one entry', async () => {
    const seller = await person();
    const likers = await Promise.all([1, 2, 3, 4].map(() => person()));
    const productId = await createProduct(app, seller.id, { title: 'Blue chair' });
    await Promise.all(likers.map((liker) => like(liker, productId, true)));
    const list = await listOf(seller);
    expect(list.data.map((n) => n.title)).toEqual([
      fillText(N.likeTitleMany, { count: 4, title: 'Blue chair' }),
    ]);
  });
});

describe('support answers', () => {
  it('reach the ticket owner, and reading the ticket reads the entry', async () => {
    const owner = await person();
    const staff = await createUser(app, { role: 'staff' });
    const staffToken = await signIn(app, staff);
    const opened = await app.inject({
      method: 'POST',
      url: API.support.createTicket,
      headers: { ...bearer(owner.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ subject: 'a-product', message: 'My listing vanished' }),
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const id = opened.json<{ data: SupportTicket }>().data.id;
    const reply = await app.inject({
      method: 'POST',
      url: apiPath(API.staff.ticketReply, { ticketId: id }),
      headers: { ...bearer(staffToken), 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'We are looking into it.' }),
    });
    expect(reply.statusCode, reply.body).toBeLessThan(300);
    let list = await listOf(owner);
    expect(list.data).toEqual([
      expect.objectContaining({
        type: 'support',
        title: N.supportTitle,
        body: 'We are looking into it.',
        link: ROUTES.support,
        isRead: false,
      }),
    ]);
    const readTicket = await app.inject({
      method: 'POST',
      url: API.support.read,
      headers: { ...bearer(owner.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ ticketId: id, isUser: true }),
    });
    expect(readTicket.statusCode, readTicket.body).toBe(200);
    list = await listOf(owner);
    expect(list.unread).toBe(0);
  });
});

describe('garage-sale reminders', () => {
  const chicagoAt = (days: number, time: string) =>
    localToInstant(dayFromToday(days, 'America/Chicago'), time, 'America/Chicago').at;

  it('tell the host and the host’s followers once about a sale that starts tomorrow', async () => {
    expect(app.parts.queue.kinds).toContain(GARAGE_SALE_REMINDERS);
    const host = await person();
    const fan = await person();
    const stranger = await person();
    const followed = await app.inject({
      method: 'POST',
      url: apiPath(API.user.followUnfollow, { userId: host.id }),
      headers: { ...bearer(fan.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ follow: true }),
    });
    expect(followed.statusCode, followed.body).toBe(200);
    const tomorrow = await createGarageSale(app, host.id, {
      ...PLACES.chicago,
      title: 'Maple Street sale',
      startsAt: chicagoAt(1, '09:30:00'),
    });
    // Neither of these starts tomorrow: no reminder for them.
    await createGarageSale(app, host.id, { startsAt: chicagoAt(3, '09:30:00') });
    await createGarageSale(app, host.id, { startsAt: new Date(Date.now() + 60_000) });

    const db = app.parts.storage.database.db;
    const centre = app.parts.notifications.centre;
    await sendGarageSaleReminders(db, centre);
    const expected = {
      type: 'garageSale',
      title: N.garageSaleTitle,
      body: fillText(N.garageSaleBody, {
        title: 'Maple Street sale',
        when: fillText(N.garageSaleWhen, { time: '09:30' }),
      }),
      link: ROUTES.garage(tomorrow),
      isRead: false,
    };
    for (const who of [host, fan]) {
      expect((await listOf(who)).data).toEqual([expect.objectContaining(expected)]);
    }
    expect((await listOf(stranger)).data).toHaveLength(0);

    // The job runs every hour: read or not, nobody hears of the same sale twice.
    await read(fan, { all: true });
    expect(await sendGarageSaleReminders(db, centre)).toBe(0);
    expect((await listOf(host)).data).toHaveLength(1);
    expect((await listOf(fan)).data).toHaveLength(1);
  });
});

describe('your data', () => {
  it('the export carries the entries, the preferences and the push subscriptions (without their keys)', async () => {
    const me = await person();
    const made = await entry(me, 'kept in the export');
    await read(me, { ids: [made!.id] });
    await app.parts.storage.database.db.insert(pushSubscriptions).values({
      userId: me.id,
      endpoint: 'https://push.example.test/send/abc',
      p256dh: 'secret-key',
      auth: 'secret-auth',
      userAgent: 'Test browser',
    });
    const response = await app.inject({
      method: 'GET',
      url: API.account.exportData,
      headers: bearer(me.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json<AccountExport>();
    expect(data.notifications).toEqual([
      expect.objectContaining({
        id: made!.id,
        type: 'support',
        title: 'kept in the export',
        readAt: expect.any(String),
      }),
    ]);
    expect(data.notificationPreferences).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect(data.pushSubscriptions).toEqual([
      expect.objectContaining({ endpoint: 'https://push.example.test/send/abc', userAgent: 'Test browser' }),
    ]);
    expect(response.body).not.toContain('secret-auth');
  });
});
