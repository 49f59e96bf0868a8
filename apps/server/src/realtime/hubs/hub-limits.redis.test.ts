/**
 * Two server processes (two apps on one PostgreSQL database and one Redis) spend from one message budget: what
 * a person sent through one process counts on the other. Runs with DATABASE_URL and Redis (CI sets both).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, HUBS, messages } from '@rummage/contract';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { bearer, createUser, signIn } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { redisAvailable } from '../../test/redis.js';
import { listenOn, signalR, type HubConnection } from '../test/server.js';
import type { FastifyInstance } from 'fastify';

const BUDGET = 30;
const runs = Boolean(process.env.DATABASE_URL) && (await redisAvailable('hub-limits.redis.test.ts'));

describe.skipIf(!runs)('one message budget across processes (PostgreSQL + Redis)', () => {
  let first: TestApp;
  let second: FastifyInstance;
  let connection: HubConnection | undefined;

  beforeAll(async () => {
    first = await buildTestApp({ RATE_LIMIT_GLOBAL_MAX: '300' });
    if (!first.app.parts.storage.redis || !first.databaseUrl) {
      throw new Error('needs REDIS_URL and DATABASE_URL');
    }
    const database = await openDatabase({ kind: 'pg', url: first.databaseUrl, poolSize: 4 });
    second = await buildApp(first.config, { jobs: false, database });
  });
  afterAll(async () => {
    await connection?.stop();
    await second?.close();
    await first?.close();
  });

  it('refuses on one process what the person already spent on the other', async () => {
    const [seller, buyer] = await Promise.all([createUser(first.app), createUser(first.app)]);
    const productId = await createProduct(first.app, seller.id);
    const [sellerToken, buyerToken] = [await signIn(first.app, seller), await signIn(first.app, buyer)];
    const send = (app: FastifyInstance, token: string, receiverId: number, message: string) =>
      app.inject({
        method: 'POST',
        url: API.message.send,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: JSON.stringify({ productId, receiverId, message }),
      });
    expect((await send(first.app, buyerToken, seller.id, 'Hello')).statusCode).toBe(200);
    expect((await send(second, sellerToken, buyer.id, 'Hi')).statusCode).toBe(200);
    for (let n = 2; n <= BUDGET - 1; n++) {
      const app = n % 2 ? first.app : second;
      expect((await send(app, buyerToken, seller.id, `message ${n}`)).statusCode).toBe(200);
    }

    const { origin } = await listenOn(second);
    connection = new signalR.HubConnectionBuilder()
      .withUrl(`${origin}${HUBS.chat}`, { accessTokenFactory: () => buyerToken })
      .configureLogging(signalR.LogLevel.None)
      .build();
    await connection.start();
    await connection.invoke('SendMessage', seller.id, 'last one', productId, '');
    await expect(connection.invoke('SendMessage', seller.id, 'over', productId, '')).rejects.toThrow(
      `HubException: ${messages.common.tooManyRequests}`,
    );
    const refused = await send(first.app, buyerToken, seller.id, 'over again');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
  });
});
