import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  apiPath,
  DEFAULT_NOTIFICATION_PREFERENCES,
  ROUTES,
  fillText,
  messages,
  type AccountExport,
  type NotificationListQuery,
  type SupportTicket,
} from '@rummage/contract';
import type { FastifyInstance } from 'fastify';
import { notifications, pushSubscriptions } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { banUser, bearer, createUser, signIn } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { chatApi } from '../message/chat.fixtures.js';
import { notificationApi, type Person } from './notification.fixtures.js';

// The notification centre's calls, and the entries answers make: chat messages and support answers.
const N = messages.notifications;

let t: TestApp;
let app: FastifyInstance;
let chat: ReturnType<typeof chatApi>;
let api: ReturnType<typeof notificationApi>;
beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  chat = chatApi(app);
  api = notificationApi(app);
});
afterAll(async () => {
  await t?.close();
});

const person = () => api.person();
const listOf = (who: Person, query: Partial<NotificationListQuery> = {}) => api.listOf(who, query);
const read = (who: Person, payload: unknown) => api.read(who, payload);
const entry = (who: Person, title: string) => api.entry(who, title);

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
      await app.parts.notifications.centre.notifyNow(2_000_000_000, {
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
