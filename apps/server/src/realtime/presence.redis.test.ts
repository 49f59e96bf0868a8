/**
 * Presence across processes (docs/product.md §10): with REDIS_URL, a hub connection on one app makes the person
 * online for every app, and a process that dies without saying goodbye stops counting after the expiry. With
 * DATABASE_URL too, a message stored by the other process sends no push while the person is on the site.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, HUBS } from '@rummage/contract';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/client.js';
import { messageTo, type Person } from '../modules/notification/push.fixtures.js';
import { createRedisPresence } from '../services/presence/index.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { bearer, createUser, signIn } from '../test/factories.js';
import { startTestPushService, type TestPushService } from '../test/push-service.js';
import { redisAvailable, TEST_REDIS_URL } from '../test/redis.js';
import { listenOn, signalR, type HubConnection } from './test/server.js';
import type { FastifyInstance } from 'fastify';

const runs = await redisAvailable('presence.redis.test.ts');
const quiet = { warn: () => undefined };

async function until(check: () => Promise<boolean>, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function connect(origin: string, token: string, path: string): Promise<HubConnection> {
  const connection = new signalR.HubConnectionBuilder()
    .withUrl(`${origin}${path}`, { accessTokenFactory: () => token })
    .configureLogging(signalR.LogLevel.None)
    .build();
  return connection.start().then(() => connection);
}

describe.skipIf(!runs)('presence in Redis', () => {
  const keyPrefix = `presence-test-${randomBytes(4).toString('hex')}:`;

  it('drops the connections of a process that died after the expiry, and not before', async () => {
    const dying = new Redis(TEST_REDIS_URL);
    const watching = new Redis(TEST_REDIS_URL);
    const dead = createRedisPresence({ redis: dying, keyPrefix, log: quiet, ttlMs: 800 });
    const alive = createRedisPresence({ redis: watching, keyPrefix, log: quiet, ttlMs: 800 });
    try {
      dead.connected(41, 'connection-a');
      alive.connected(42, 'connection-b');
      await until(() => alive.isOnline(41), 2_000, 'the other process to see the connection');
      // Killed: the socket drops without a goodbye, so nothing removes its members and its heartbeat stops.
      dying.disconnect();
      const killedAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await alive.isOnline(41)).toBe(true);
      await until(async () => !(await alive.isOnline(41)), 3_000, 'the dead connection to expire');
      expect(Date.now() - killedAt).toBeGreaterThanOrEqual(300);
      // The live process's heartbeat keeps its own person online well past the expiry.
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(await alive.isOnline(42)).toBe(true);
      alive.disconnected(42, 'connection-b');
      await until(async () => !(await alive.isOnline(42)), 1_000, 'a closed connection to go at once');
    } finally {
      await alive.close();
      await dead.close().catch(() => undefined);
      watching.disconnect();
    }
  });

  describe('two apps on one Redis', () => {
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: keyPrefix };
    let first: TestApp;
    let second: TestApp;
    let origin: string;
    beforeAll(async () => {
      first = await buildTestApp(env);
      second = await buildTestApp(env);
      origin = (await listenOn(first.app)).origin;
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
    });

    it('a /generalhub connection on one app makes the person online on the other until it closes', async () => {
      const user = await createUser(first.app);
      const connection = await connect(origin, await signIn(first.app, user), HUBS.general);
      const elsewhere = second.app.parts.realtime.presence;
      await until(() => elsewhere.isOnline(user.id), 2_000, 'online on the other app');
      await connection.stop();
      await until(async () => !(await elsewhere.isOnline(user.id)), 2_000, 'offline on the other app');
    });
  });
});

describe.skipIf(!runs || !process.env.DATABASE_URL)('push across processes (PostgreSQL + Redis)', () => {
  let first: TestApp;
  let second: FastifyInstance;
  let service: TestPushService;
  let origin: string;

  beforeAll(async () => {
    service = await startTestPushService();
    first = await buildTestApp({ PUSH_ALLOW_INSECURE_ENDPOINTS: 'true', REDIS_URL: TEST_REDIS_URL });
    const database = await openDatabase({ kind: 'pg', url: first.databaseUrl!, poolSize: 4 });
    second = await buildApp(first.config, { jobs: false, database });
    origin = (await listenOn(first.app)).origin;
    const key = await first.app.inject({ method: 'GET', url: API.notifications.pushKey });
    service.expectVapidKey(key.json().data.publicKey);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await service?.close();
  });

  it('sends no push for a message stored by one process while the person is on the site through the other', async () => {
    const person = async (): Promise<Person> => {
      const user = await createUser(first.app);
      return { ...user, token: await signIn(first.app, user) };
    };
    const [seller, buyer] = [await person(), await person()];
    const browser = service.subscription();
    const subscribed = await second.inject({
      method: 'POST',
      url: API.notifications.pushSubscriptions,
      headers: bearer(seller.token),
      payload: { endpoint: browser.endpoint, keys: browser.keys },
    });
    expect(subscribed.statusCode).toBe(200);
    const general = await connect(origin, seller.token, HUBS.general);
    await until(() => second.parts.realtime.presence.isOnline(seller.id), 2_000, 'online on the second');
    await messageTo(second, buyer, seller, 'Seen on the other process');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(service.attempts(browser.endpoint)).toEqual([]);
    await general.stop();
    await until(async () => !(await second.parts.realtime.presence.isOnline(seller.id)), 2_000, 'offline');
    await messageTo(second, buyer, seller, 'Now away');
    await until(async () => service.received.length === 1, 5_000, 'the push');
    expect(service.received[0]!.payload).toMatchObject({ body: 'Now away' });
  });
});
