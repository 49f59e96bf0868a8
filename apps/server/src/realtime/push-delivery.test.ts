/**
 * Web Push end to end (docs/product.md §10): the real app on PGlite with PUSH_ALLOW_INSECURE_ENDPOINTS on, a real
 * push-service stand-in on 127.0.0.1 that checks the VAPID JWT and decrypts each payload with the subscription's
 * private key, and real hub connections for presence (which is why this file lives with the hubs).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  DEFAULT_NOTIFICATION_PREFERENCES,
  fillText,
  HUBS,
  messages,
  type Notification,
} from '@rummage/contract';
import { pushSubscriptions } from '../db/schema.js';
import { listenOn, signalR, type HubConnection } from './test/server.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { bearer, deleteAccount, createUser, signIn } from '../test/factories.js';
import { startTestPushService, type TestPushService, type TestSubscription } from '../test/push-service.js';
import { messageTo, type Person } from '../modules/notification/push.fixtures.js';

const N = messages.notifications;

let t: TestApp;
let service: TestPushService;
let origin: string;
const open: HubConnection[] = [];

beforeAll(async () => {
  service = await startTestPushService();
  t = await buildTestApp({ PUSH_ALLOW_INSECURE_ENDPOINTS: 'true' });
  origin = (await listenOn(t.app)).origin;
  const key = await t.app.inject({ method: 'GET', url: API.notifications.pushKey });
  service.expectVapidKey(key.json<{ data: { publicKey: string } }>().data.publicKey);
});
afterAll(async () => {
  await Promise.all(open.map((connection) => connection.stop()));
  await t?.close();
  await service?.close();
});

async function person(): Promise<Person> {
  const user = await createUser(t.app);
  return { ...user, token: await signIn(t.app, user) };
}

function subscribe(who: Person, subscription: unknown) {
  return t.app.inject({
    method: 'POST',
    url: API.notifications.pushSubscriptions,
    headers: bearer(who.token),
    payload: subscription as object,
  });
}

/** A person with one browser subscribed on the stand-in. */
async function subscribedPerson(): Promise<{ who: Person; browser: TestSubscription }> {
  const who = await person();
  const browser = service.subscription();
  const response = await subscribe(who, { endpoint: browser.endpoint, keys: browser.keys });
  expect(response.statusCode, response.body).toBe(200);
  return { who, browser };
}

const pushesTo = (browser: TestSubscription) =>
  service.received.filter((push) => push.endpoint === browser.endpoint);

async function until(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function hub(who: Person, path: string): Promise<HubConnection> {
  const connection = new signalR.HubConnectionBuilder()
    .withUrl(`${origin}${path}`, { accessTokenFactory: () => who.token })
    .configureLogging(signalR.LogLevel.None)
    .build();
  await connection.start();
  open.push(connection);
  return connection;
}

const subscriptionRows = (userId: number) =>
  t.app.parts.storage.database.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));

describe('GET /api/Notifications/push-key', () => {
  it("answers the server's VAPID public key, the same every time", async () => {
    const first = await t.app.inject({ method: 'GET', url: API.notifications.pushKey });
    expect(first.statusCode).toBe(200);
    const key = Buffer.from(first.json().data.publicKey, 'base64url');
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
    const again = await t.app.inject({ method: 'GET', url: API.notifications.pushKey });
    expect(again.json()).toEqual(first.json());
  });
});

describe('a notification for someone who is away', () => {
  it('sends exactly one push whose decrypted body has the message text, within 5 s', async () => {
    const { who: seller, browser } = await subscribedPerson();
    const buyer = await person();
    const started = Date.now();
    const sent = await messageTo(t.app, buyer, seller, 'Is the oak table still available?');
    await until(() => pushesTo(browser).length > 0, 5_000, 'the push');
    expect(Date.now() - started).toBeLessThan(5_000);
    const [push] = pushesTo(browser);
    expect(push!.payload).toEqual({
      title: sent.title,
      body: 'Is the oak table still available?',
      link: sent.link,
      type: 'message',
    });
    expect(Number(push!.headers.ttl)).toBeGreaterThanOrEqual(3600);
    await pause(500);
    expect(pushesTo(browser)).toHaveLength(1);
    expect(service.refused).toEqual([]);
  });

  it('pushes again when the next message updates the entry, but once for the same event told twice', async () => {
    const { who: seller, browser } = await subscribedPerson();
    const buyer = await person();
    const seen: Array<{ userId: number; notification: Notification; unread: number }> = [];
    const stop = t.app.parts.events.on('notification.created', (event) => {
      if (event.userId === seller.id) seen.push(event);
    });
    try {
      await messageTo(t.app, buyer, seller, 'First question');
      await messageTo(t.app, buyer, seller, 'Second question');
      await until(() => pushesTo(browser).length === 2, 5_000, 'a push per message');
      expect(new Set(seen.map((event) => event.notification.id)).size).toBe(1);
      await t.app.parts.events.emit('notification.created', seen[1]!);
      await pause(1_000);
      expect(pushesTo(browser).map((push) => (push.payload as { body: string }).body)).toEqual([
        'First question',
        'Second question',
      ]);
    } finally {
      stop();
    }
  });

  it('sends nothing while the person has a live /generalhub connection, and again once it closed', async () => {
    const { who: seller, browser } = await subscribedPerson();
    const buyer = await person();
    const general = await hub(seller, HUBS.general);
    await messageTo(t.app, buyer, seller, 'Are you there?');
    await pause(1_500);
    expect(pushesTo(browser)).toEqual([]);
    await general.stop();
    await until(async () => !(await t.app.parts.realtime.presence.isOnline(seller.id)), 2_000, 'offline');
    await messageTo(t.app, buyer, seller, 'Hello again?');
    await until(() => pushesTo(browser).length === 1, 5_000, 'the push after the page closed');
    expect(pushesTo(browser)[0]!.payload).toMatchObject({ body: 'Hello again?' });
  });

  it('counts a /chathub connection as being on the site too', async () => {
    const { who: seller, browser } = await subscribedPerson();
    const buyer = await person();
    await hub(seller, HUBS.chat);
    expect(await t.app.parts.realtime.presence.isOnline(seller.id)).toBe(true);
    await messageTo(t.app, buyer, seller, 'Seen in the chat');
    await pause(1_000);
    expect(pushesTo(browser)).toEqual([]);
  });

  it('sends nothing when the person turned message pushes off', async () => {
    const { who: seller, browser } = await subscribedPerson();
    const buyer = await person();
    const put = await t.app.inject({
      method: 'PUT',
      url: API.notifications.preferences,
      headers: bearer(seller.token),
      payload: {
        email: DEFAULT_NOTIFICATION_PREFERENCES.email,
        push: { ...DEFAULT_NOTIFICATION_PREFERENCES.push, messages: false },
      },
    });
    expect(put.statusCode).toBe(200);
    await messageTo(t.app, buyer, seller, 'No push for this one');
    await pause(1_500);
    expect(pushesTo(browser)).toEqual([]);
    expect(service.attempts(browser.endpoint)).toEqual([]);
  });

  it('sends a deleted account nothing: its subscriptions go with it', async () => {
    const { who: seller, browser } = await subscribedPerson();
    await deleteAccount(t.app, seller.token, seller.password);
    expect(await subscriptionRows(seller.id)).toEqual([]);
    // A notification about the account arriving after the deletion (an event in flight) reaches nobody.
    await t.app.parts.events.emit('notification.created', {
      userId: seller.id,
      notification: {
        id: 1,
        type: 'message',
        title: 'late',
        body: 'late',
        link: '/',
        createdAt: new Date().toISOString(),
        isRead: false,
      },
      unread: 1,
    });
    await pause(1_000);
    expect(service.attempts(browser.endpoint)).toEqual([]);
  });
});

describe("the push service's answers", () => {
  it('410 deletes that subscription, and the person keeps their other one', async () => {
    const { who: seller, browser: gone } = await subscribedPerson();
    const kept = service.subscription();
    expect((await subscribe(seller, { endpoint: kept.endpoint, keys: kept.keys })).statusCode).toBe(200);
    service.answerNext(gone.endpoint, { status: 410 });
    await messageTo(t.app, await person(), seller, 'Anyone?');
    await until(() => pushesTo(kept).length === 1, 5_000, 'the push to the kept browser');
    await until(
      async () => (await subscriptionRows(seller.id)).every((row) => row.endpoint !== gone.endpoint),
      5_000,
      'the gone subscription to be deleted',
    );
    expect((await subscriptionRows(seller.id)).map((row) => row.endpoint)).toEqual([kept.endpoint]);
    expect(service.attempts(gone.endpoint)).toHaveLength(1);
  });

  it('429 with Retry-After is tried again no sooner than it says, then delivered', async () => {
    const { who: seller, browser } = await subscribedPerson();
    // Longer than the queue's first backoff (at most 5 s): only Retry-After can make the wait this long.
    service.answerNext(browser.endpoint, { status: 429, headers: { 'retry-after': '6' } });
    await messageTo(t.app, await person(), seller, 'Busy service');
    await until(() => pushesTo(browser).length === 1, 15_000, 'the retried push');
    const [first, second] = service.attempts(browser.endpoint);
    expect(second! - first!).toBeGreaterThanOrEqual(5_900);
    expect(pushesTo(browser)[0]!.payload).toMatchObject({ body: 'Busy service' });
  }, 20_000);
});

describe('POST /api/Notifications/test', () => {
  it("pushes a test notification to each of the caller's browsers", async () => {
    const { who, browser } = await subscribedPerson();
    const response = await t.app.inject({
      method: 'POST',
      url: API.notifications.test,
      headers: bearer(who.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: N.testSent });
    await until(() => pushesTo(browser).length === 1, 5_000, 'the test push');
    expect(pushesTo(browser)[0]!.payload).toEqual({
      title: N.testTitle,
      body: fillText(N.testBody, { product: t.config.productName }),
      link: '/settings/notifications',
      type: 'test',
    });
  });

  it('says so when the caller has no subscription', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: API.notifications.test,
      headers: bearer((await person()).token),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(N.noPushSubscription);
  });
});

describe('push subscriptions', () => {
  it('are one per endpoint: subscribing again moves it to the current person; DELETE removes only your own', async () => {
    const first = await person();
    const second = await person();
    const browser = service.subscription();
    const body = { endpoint: browser.endpoint, keys: browser.keys };
    expect((await subscribe(first, body)).statusCode).toBe(200);
    expect((await subscribe(first, body)).statusCode).toBe(200);
    expect(await subscriptionRows(first.id)).toHaveLength(1);
    expect((await subscribe(second, body)).statusCode).toBe(200);
    expect(await subscriptionRows(first.id)).toEqual([]);
    expect(await subscriptionRows(second.id)).toHaveLength(1);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: API.notifications.pushSubscriptions,
      headers: bearer(first.token),
      payload: { endpoint: browser.endpoint },
    });
    expect(foreign.statusCode).toBe(200);
    expect(await subscriptionRows(second.id)).toHaveLength(1);
    const own = await t.app.inject({
      method: 'DELETE',
      url: API.notifications.pushSubscriptions,
      headers: bearer(second.token),
      payload: { endpoint: browser.endpoint },
    });
    expect(own.json()).toEqual({ message: N.pushDisabled });
    expect(await subscriptionRows(second.id)).toEqual([]);
  });

  it('refuses malformed ones with a readable 400 and stores nothing', async () => {
    const who = await person();
    const good = service.subscription();
    const cases: Array<[unknown, string]> = [
      [[], messages.common.invalidRequest],
      ['just text', messages.common.invalidRequest],
      [{}, N.subscriptionEndpointInvalid],
      [{ endpoint: 'not a url', keys: good.keys }, N.subscriptionEndpointInvalid],
      [{ endpoint: '/relative/path', keys: good.keys }, N.subscriptionEndpointInvalid],
      [{ endpoint: good.endpoint }, N.subscriptionKeyInvalid],
      [{ endpoint: good.endpoint, keys: { ...good.keys, p256dh: 'AAAA' } }, N.subscriptionKeyInvalid],
      [
        {
          endpoint: good.endpoint,
          keys: { ...good.keys, p256dh: Buffer.alloc(65, 3).toString('base64url') },
        },
        N.subscriptionKeyInvalid,
      ],
      [
        { endpoint: good.endpoint, keys: { ...good.keys, p256dh: '!!not base64!!' } },
        N.subscriptionKeyInvalid,
      ],
      [{ endpoint: good.endpoint, keys: { ...good.keys, auth: 'AAAA' } }, N.subscriptionAuthInvalid],
      [{ endpoint: good.endpoint, keys: { ...good.keys, auth: 42 } }, N.subscriptionAuthInvalid],
    ];
    for (const [payload, message] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: API.notifications.pushSubscriptions,
        headers: { ...bearer(who.token), 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message, JSON.stringify(payload)).toBe(message);
    }
    expect(await subscriptionRows(who.id)).toEqual([]);
  });

  it('need a session', async () => {
    const browser = service.subscription();
    const response = await t.app.inject({
      method: 'POST',
      url: API.notifications.pushSubscriptions,
      payload: { endpoint: browser.endpoint, keys: browser.keys },
    });
    expect(response.statusCode).toBe(401);
  });
});

// Last: a hanging push service holds the one PGlite job worker for the 10 s timeout.
describe('a push service that hangs', () => {
  it('is given up on after 10 s and tried again', async () => {
    const { who: seller, browser } = await subscribedPerson();
    service.answerNext(browser.endpoint, 'hang');
    const started = Date.now();
    await messageTo(t.app, await person(), seller, 'Slow service');
    await until(() => pushesTo(browser).length === 1, 25_000, 'the push after the timeout');
    const [first, second] = service.attempts(browser.endpoint);
    expect(second! - first!).toBeGreaterThanOrEqual(10_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(10_000);
  }, 30_000);
});
