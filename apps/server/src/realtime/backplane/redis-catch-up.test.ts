/**
 * The Redis backplane loses nothing across reconnects (docs/realtime.md#scale-out, decision 0021): a burst from
 * one process reaches the other once each and in publish order while Redis drops a connection or restarts empty.
 */
import { describe, expect, it } from 'vitest';
import { createRedis } from '../../../faults/harness/redis.js';
import {
  backplaneTestServers,
  frame,
  HUB,
  killReaderConnection,
  settledAll,
  uniquePrefix,
  until,
  untilReceived,
  type TestServer,
} from '../../test/backplane.js';
import { redisAvailable } from '../../test/redis.js';

const available = await redisAvailable('redis-catch-up.test.ts');
const { server, admin, outageProxy, cleanups } = backplaneTestServers();

const BURST = 2_000;
/** Messages published per turn of the event loop: the burst takes a few hundred milliseconds, reconnects included. */
const PER_TURN = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const texts = (node: TestServer) => node.received.map((message) => message.frame);
const expected = Array.from({ length: BURST }, (_, i) => frame(`message ${i}`));

/** Publishes the burst from `from`, calling `during(i)` before message i; says how many went out while `down()`. */
async function burst(from: TestServer, during: (i: number) => Promise<void> | void, down: () => boolean) {
  let publishedWhileDown = 0;
  for (let i = 0; i < BURST; i++) {
    await during(i);
    if (down()) publishedWhileDown += 1;
    from.backplane.publish({ hub: HUB, scope: 'group', target: 'garage-sale', frame: frame(`message ${i}`) });
    if (i % PER_TURN === PER_TURN - 1) await sleep(1);
  }
  return publishedWhileDown;
}

/** Two processes: `a` publishes, `b` has a connection in the group. */
async function pair(url?: string) {
  const prefix = uniquePrefix();
  const a = server(prefix, url ? { url } : {});
  const b = server(prefix, url ? { url } : {});
  await b.backplane.subscribe(HUB, 'group', 'garage-sale');
  await settledAll(a, b);
  return { a, b };
}

describe.skipIf(!available)('Redis backplane across reconnects', () => {
  it('delivers a burst once each and in order while the receiver’s connection to Redis is killed', async () => {
    const redis = admin();
    const { a, b } = await pair();

    const publishedWhileDown = await burst(
      a,
      async (i) => {
        if (i === BURST / 4) {
          await killReaderConnection(redis, b);
          await until(() => !b.backplane.isConnected(), 'the drop');
        }
      },
      () => !b.backplane.isConnected(),
    );

    await untilReceived(b, BURST);
    await sleep(200); // copies, if any, would arrive right behind
    expect(publishedWhileDown, 'messages published while B was away').toBeGreaterThan(0);
    expect(b.backplane.isConnected()).toBe(true);
    expect(texts(b)).toEqual(expected);
  });

  it('delivers a burst once each and in order while the sender’s connection to Redis is killed', async () => {
    const redis = admin();
    const { a, b } = await pair();
    const clients = () => redis.call('CLIENT', 'LIST') as Promise<string>;

    await burst(
      a,
      async (i) => {
        if (i !== BURST / 4) return;
        const line = (await clients())
          .split('\n')
          .find((l) => l.includes(`name=signalr-backplane-pub-${a.backplane.serverId}`));
        const id = /\bid=(\d+)/.exec(line ?? '')?.[1];
        expect(await redis.call('CLIENT', 'KILL', 'ID', id ?? 'none')).toBe(1);
      },
      () => false,
    );

    await untilReceived(b, BURST);
    await sleep(200);
    expect(texts(b)).toEqual(expected);
  });

  it('delivers a burst once each and in order while Redis restarts empty', async () => {
    // A Redis of the test's own, without persistence: a restart loses the stream, as it would in production.
    const redis = await createRedis();
    cleanups.push(() => redis.stop());
    const { a, b } = await pair(redis.url());
    let redisDown = false;

    const publishedWhileDown = await burst(
      a,
      async (i) => {
        if (i === BURST / 4) {
          await redis.stop();
          redisDown = true;
        }
        if (i === BURST / 4 + 300) {
          await redis.start();
          redisDown = false;
        }
      },
      () => redisDown,
    );

    await untilReceived(b, BURST, 20_000);
    await sleep(200);
    expect(publishedWhileDown, 'messages published while Redis was down').toBe(300);
    expect(texts(b)).toEqual(expected);
  });

  it('delivers what Redis had taken but the receiver not yet read when Redis restarted empty', async () => {
    const redis = await createRedis();
    cleanups.push(() => redis.stop());
    // B reads through a relay that can hold Redis's answers back, as a busy or distant process would be late.
    const relay = await outageProxy(redis.url());
    const prefix = uniquePrefix();
    const a = server(prefix, { url: redis.url() });
    const b = server(prefix, { url: relay.url });
    await b.backplane.subscribe(HUB, 'group', 'garage-sale');
    await settledAll(a, b);
    const send = (i: number) =>
      a.backplane.publish({ hub: HUB, scope: 'group', target: 'garage-sale', frame: frame(`message ${i}`) });
    send(0);
    await untilReceived(b, 1);

    relay.stall();
    for (let i = 1; i < 100; i++) send(i);
    await a.backplane.settled(); // in the stream, all 99 of them
    await sleep(100);
    expect(b.received).toHaveLength(1);
    await redis.stop();
    await redis.start();
    await untilReceived(b, 100);
    await sleep(200);
    expect(texts(b)).toEqual(expected.slice(0, 100));
  });

  it('reconnects a reader whose connection went silent, and delivers what it missed meanwhile', async () => {
    // Redis's answers stop reaching B, its connection left open: no reset tells B, as when a network path dies.
    const relay = await outageProxy();
    const prefix = uniquePrefix();
    const a = server(prefix);
    const b = server(prefix, { url: relay.url, readBlockMs: 200 });
    await b.backplane.subscribe(HUB, 'group', 'garage-sale');
    await settledAll(a, b);

    relay.stall();
    for (let i = 0; i < 100; i++) {
      a.backplane.publish({ hub: HUB, scope: 'group', target: 'garage-sale', frame: frame(`message ${i}`) });
    }
    await untilReceived(b, 100, 15_000);
    await sleep(200);
    expect(texts(b)).toEqual(expected.slice(0, 100));
    expect(b.warnings).toContain('redis backplane: Redis stopped answering the reader; reconnecting');
  });
});
