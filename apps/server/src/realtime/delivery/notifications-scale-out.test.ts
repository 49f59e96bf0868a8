import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API, HUB_EVENTS, HUBS } from '@rummage/contract';
import { ageAccount } from '../../modules/message/chat.fixtures.js';
import { buildTestAppPair } from '../../test/app.js';
import { bearer, createUser, signIn, type TestUser } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { redisAvailable } from '../../test/redis.js';
import { listenOn, nextPush, signalR, type HubConnection } from '../test/server.js';

// The bell across processes: two app processes on one PostgreSQL database, joined by the Redis backplane. The
// message is sent through A; the receiver's /generalhub connection lives on B.

const available =
  Boolean(process.env.DATABASE_URL) && (await redisAvailable('notifications-scale-out.test.ts'));
if (!process.env.DATABASE_URL) {
  console.warn(
    'notifications-scale-out.test.ts skipped: it needs DATABASE_URL (PostgreSQL) as well as Redis',
  );
}

describe.skipIf(!available)('receivenotificationscount on two processes (PostgreSQL + Redis)', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let originB: string;
  let close: () => Promise<void>;
  const open: HubConnection[] = [];

  beforeAll(async () => {
    const pair = await buildTestAppPair();
    [a, b] = pair.apps;
    close = pair.close;
    originB = (await listenOn(b)).origin;
  });
  afterAll(async () => {
    await Promise.all(open.map((connection) => connection.stop()));
    await close?.();
  });

  async function signedIn(): Promise<TestUser & { token: string }> {
    const user = await createUser(a);
    await ageAccount(a, user.id);
    return { ...user, token: await signIn(a, user) };
  }

  it('a message sent through A updates the receiver’s bell on B', async () => {
    const [seller, buyer] = [await signedIn(), await signedIn()];
    const productId = await createProduct(a, seller.id);
    const general = new signalR.HubConnectionBuilder()
      .withUrl(`${originB}${HUBS.general}`, { accessTokenFactory: () => seller.token })
      .configureLogging(signalR.LogLevel.None)
      .build();
    let reached = false;
    general.on('probe', () => (reached = true));
    await general.start();
    open.push(general);
    // B has subscribed the person's backplane channel once A's probe arrives.
    await vi.waitFor(
      async () => {
        await a.parts.realtime.server.context('general').clients.user(seller.id).send('probe');
        if (!reached) throw new Error('B has not heard A yet');
      },
      { timeout: 10_000, interval: 100 },
    );

    const count = nextPush(general, HUB_EVENTS.notificationsCount);
    const sent = await a.inject({
      method: 'POST',
      url: API.message.send,
      headers: { ...bearer(buyer.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ productId, receiverId: seller.id, message: 'Still for sale?' }),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await count).toBe(1);
  });
});
