/**
 * Web Push's rules (docs/product.md §10): subscriptions end with the person's sessions, a push is not sent for a
 * banned person or an entry read meanwhile, at most 10 browsers per person, a long message is cut to what push
 * services take, and keys that are not a P-256 point are refused. The real app on PGlite and the push-service
 * stand-in that decrypts each payload (and refuses one over 4,096 bytes, as push services do).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, messages, type Notification } from '@rummage/contract';
import { pushSubscriptions, sessions, users } from '../db/schema.js';
import type { SessionEndReason } from '../events/domain-events.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { bearer, createUser, signIn } from '../test/factories.js';
import { startTestPushService, type TestPushService, type TestSubscription } from '../test/push-service.js';
import { messageTo, type Person } from '../modules/notification/push.fixtures.js';
import { MAX_PUSH_PAYLOAD_BYTES } from '../services/push/index.js';

let t: TestApp;
let service: TestPushService;

beforeAll(async () => {
  service = await startTestPushService();
  t = await buildTestApp({ PUSH_ALLOW_INSECURE_ENDPOINTS: 'true' });
  const key = await t.app.inject({ method: 'GET', url: API.notifications.pushKey });
  service.expectVapidKey(key.json<{ data: { publicKey: string } }>().data.publicKey);
});
afterAll(async () => {
  await t?.close();
  await service?.close();
});

const db = () => t.app.parts.storage.database.db;

async function person(): Promise<Person> {
  const user = await createUser(t.app);
  return { ...user, token: await signIn(t.app, user) };
}

function subscribe(who: Person, browser: Pick<TestSubscription, 'endpoint' | 'keys'>) {
  return t.app.inject({
    method: 'POST',
    url: API.notifications.pushSubscriptions,
    headers: bearer(who.token),
    payload: { endpoint: browser.endpoint, keys: browser.keys },
  });
}

async function subscribedPerson(): Promise<{ who: Person; browser: TestSubscription }> {
  const who = await person();
  const browser = service.subscription();
  const response = await subscribe(who, browser);
  expect(response.statusCode, response.body).toBe(200);
  return { who, browser };
}

const pushesTo = (browser: TestSubscription) =>
  service.received.filter((push) => push.endpoint === browser.endpoint);
const endpointsOf = async (userId: number) =>
  (await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).map(
    (row) => row.endpoint,
  );

async function until(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A message to `seller`, pushed; answers the notification event so a test can tell it again, changed. */
async function pushedMessage(seller: Person, browser: TestSubscription, text: string) {
  const seen: Array<{ userId: number; notification: Notification; unread: number }> = [];
  const stop = t.app.parts.events.on('notification.created', (event) => {
    if (event.userId === seller.id) seen.push(event);
  });
  try {
    const before = pushesTo(browser).length;
    await messageTo(t.app, await person(), seller, text);
    await until(() => pushesTo(browser).length > before, 5_000, 'the push');
    return seen.at(-1)!;
  } finally {
    stop();
  }
}

/** The same entry told again with other text (a new version): pushed unless something stops it. */
async function toldAgain(event: { userId: number; notification: Notification; unread: number }) {
  const notification = { ...event.notification, body: `${event.notification.body} (again)` };
  await t.app.parts.events.emit('notification.created', { ...event, notification });
}

describe('subscriptions end with the sessions', () => {
  it('logging out everywhere forgets every browser of the person; a single logout forgets none', async () => {
    const { who, browser } = await subscribedPerson();
    expect((await subscribe(who, service.subscription())).statusCode).toBe(200);
    const second = await signIn(t.app, who);
    const logout = await t.app.inject({ method: 'POST', url: API.account.logout, headers: bearer(second) });
    expect(logout.statusCode).toBe(200);
    expect(await endpointsOf(who.id)).toHaveLength(2);
    const everywhere = await t.app.inject({
      method: 'POST',
      url: API.account.logoutEverywhere,
      headers: bearer(who.token),
    });
    expect(everywhere.statusCode).toBe(200);
    expect(await endpointsOf(who.id)).toEqual([]);
    expect(service.attempts(browser.endpoint)).toEqual([]);
  });

  it.each<SessionEndReason>(['passwordReset', 'ban'])('so does %s', async (reason) => {
    const { who } = await subscribedPerson();
    // As the password reset and the ban record it, in the transaction that ends the sessions.
    await t.app.parts.durable.transaction((_tx, record) =>
      record('session.ended', { userId: who.id, reason }),
    );
    expect(await endpointsOf(who.id)).toEqual([]);
  });

  it('a push for a person with no live session is not sent, and the browser is forgotten', async () => {
    const { who: seller, browser } = await subscribedPerson();
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.userId, seller.id));
    await messageTo(t.app, await person(), seller, 'Anyone still there?');
    await until(async () => (await endpointsOf(seller.id)).length === 0, 5_000, 'the subscription to go');
    expect(service.attempts(browser.endpoint)).toEqual([]);
  });
});

describe('a push that is no longer news', () => {
  it('is not sent once the entry was read', async () => {
    const { who: seller, browser } = await subscribedPerson();
    const event = await pushedMessage(seller, browser, 'Read me first');
    const read = await t.app.inject({
      method: 'POST',
      url: API.notifications.read,
      headers: bearer(seller.token),
      payload: { all: true },
    });
    expect(read.statusCode, read.body).toBe(200);
    await toldAgain(event);
    await pause(1_000);
    expect(pushesTo(browser)).toHaveLength(1);
    expect(service.attempts(browser.endpoint)).toHaveLength(1);
  });

  it('is not sent to a person banned meanwhile', async () => {
    const { who: seller, browser } = await subscribedPerson();
    const event = await pushedMessage(seller, browser, 'Before the ban');
    await db().update(users).set({ bannedAt: new Date() }).where(eq(users.id, seller.id));
    await toldAgain(event);
    await pause(1_000);
    expect(service.attempts(browser.endpoint)).toHaveLength(1);
  });
});

describe('at most 10 browsers per person', () => {
  it('subscribing an 11th forgets the oldest; subscribing again makes one the newest', async () => {
    const who = await person();
    const browsers = Array.from({ length: 11 }, () => service.subscription());
    for (const browser of browsers.slice(0, 10)) expect((await subscribe(who, browser)).statusCode).toBe(200);
    expect((await subscribe(who, browsers[0]!)).statusCode).toBe(200);
    expect((await subscribe(who, browsers[10]!)).statusCode).toBe(200);
    const kept = await endpointsOf(who.id);
    expect(kept).toHaveLength(10);
    expect(kept).toContain(browsers[0]!.endpoint);
    expect(kept).not.toContain(browsers[1]!.endpoint);
  });
});

describe('a long message', () => {
  it('arrives cut at a whole character with "…", the payload under the limit', async () => {
    const { who: seller, browser } = await subscribedPerson();
    const text = 'Дом🏠 '.repeat(400).trim().slice(0, 2000);
    expect(text.length).toBeGreaterThan(1990);
    await pushedMessage(seller, browser, text);
    const push = pushesTo(browser)[0]!.payload as { body: string };
    expect(Buffer.byteLength(JSON.stringify(push))).toBeLessThanOrEqual(MAX_PUSH_PAYLOAD_BYTES);
    expect(push.body.endsWith('…')).toBe(true);
    expect(text.startsWith(push.body.slice(0, -1))).toBe(true);
    expect(push.body.length).toBeGreaterThan(1000);
    expect(push.body).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    expect(service.refused).toEqual([]);
  });
});

describe('browser keys', () => {
  it('refuses a p256dh that is 65 bytes starting 0x04 but not a point on P-256', async () => {
    const who = await person();
    const browser = service.subscription();
    const response = await subscribe(who, {
      ...browser,
      keys: { ...browser.keys, p256dh: `BA${'A'.repeat(85)}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.notifications.subscriptionKeyInvalid);
    expect(await endpointsOf(who.id)).toEqual([]);
  });

  it('forgets a stored subscription no push can be encrypted for, without sending', async () => {
    const who = await person();
    const browser = service.subscription();
    await db()
      .insert(pushSubscriptions)
      .values({
        userId: who.id,
        endpoint: browser.endpoint,
        p256dh: `BA${'A'.repeat(85)}`,
        auth: browser.keys.auth,
      });
    const test = await t.app.inject({
      method: 'POST',
      url: API.notifications.test,
      headers: bearer(who.token),
    });
    expect(test.statusCode).toBe(200);
    await until(async () => (await endpointsOf(who.id)).length === 0, 5_000, 'the subscription to go');
    expect(service.attempts(browser.endpoint)).toEqual([]);
  });
});
