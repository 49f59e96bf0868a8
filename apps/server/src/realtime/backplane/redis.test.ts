import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { TEST_REDIS_URL as REDIS_URL, redisAvailable } from '../../test/redis.js';
import {
  backplaneTestServers,
  frame,
  HUB,
  killReaderConnection,
  settledAll,
  uniquePrefix,
  until,
  untilReceived,
} from '../../test/backplane.js';
import { backplaneStream } from './redis-stream.js';

const available = await redisAvailable('redis.test.ts');
const { server, admin, outageProxy, cleanups } = backplaneTestServers();

describe.skipIf(!available)('Redis backplane', () => {
  it('carries all, group, user and connection messages to the other server, never back to the sender', async () => {
    const prefix = uniquePrefix();
    const a = server(prefix);
    const b = server(prefix);
    for (const node of [a, b]) {
      node.backplane.subscribe(HUB, 'all');
      node.backplane.subscribe(HUB, 'group', 'garage-42');
      node.backplane.subscribe(HUB, 'user', '7');
      node.backplane.subscribe(HUB, 'connection', 'conn-b');
      await node.backplane.settled();
    }

    a.backplane.publish({ hub: HUB, scope: 'all', frame: frame('to everyone') });
    a.backplane.publish({ hub: HUB, scope: 'group', target: 'garage-42', frame: frame('to the group') });
    a.backplane.publish({ hub: HUB, scope: 'user', target: '7', frame: frame('to user 7') });
    a.backplane.publish({
      hub: HUB,
      scope: 'connection',
      target: 'conn-b',
      frame: frame('to one connection'),
    });
    await untilReceived(b, 4);

    expect(b.received).toEqual([
      { hub: HUB, scope: 'all', frame: frame('to everyone') },
      { hub: HUB, scope: 'group', target: 'garage-42', frame: frame('to the group') },
      { hub: HUB, scope: 'user', target: '7', frame: frame('to user 7') },
      { hub: HUB, scope: 'connection', target: 'conn-b', frame: frame('to one connection') },
    ]);
    // Redis delivers in publish order, so once B's reply reaches A, A's own four messages have passed too.
    b.backplane.publish({ hub: HUB, scope: 'all', frame: frame('from b') });
    await untilReceived(a, 1);
    expect(a.received).toEqual([{ hub: HUB, scope: 'all', frame: frame('from b') }]);
    expect(a.backplane.serverId).not.toBe(b.backplane.serverId);
  });

  it('delivers to a new connection everything published once its subscribe has been answered', async () => {
    const prefix = uniquePrefix();
    const a = server(prefix);
    const node = server(prefix);
    await a.backplane.settled();
    await node.backplane.subscribe(HUB, 'user', '12');
    a.backplane.publish({ hub: HUB, scope: 'user', target: '12', frame: frame('first tab') });
    // A second tab of the same person: one subscription, counted twice; one tab closing keeps it.
    await node.backplane.subscribe(HUB, 'user', '12');
    node.backplane.unsubscribe(HUB, 'user', '12');
    a.backplane.publish({ hub: HUB, scope: 'user', target: '12', frame: frame('second tab') });
    await untilReceived(node, 2);
    expect(node.received.map((m) => m.frame)).toEqual([frame('first tab'), frame('second tab')]);
  });

  it('delivers to audiences joined while its connection to Redis is still being set up', async () => {
    // Joins before the reader's first read, during the connection's handshake and after it: under pub/sub a channel
    // subscribed during the handshake was lost for good (redis/ioredis#2037). One new group per turn of the event
    // loop, from the start until well after the first connect, lands some in each.
    const prefix = uniquePrefix();
    const a = server(prefix);
    const b = server(prefix);
    const confirmed: Promise<void>[] = [];
    for (let i = 0; i < 300 || !b.backplane.isConnected(); i++) {
      confirmed.push(b.backplane.subscribe(HUB, 'group', `g${i}`));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(confirmed);
    await settledAll(a, b);

    for (let i = 0; i < confirmed.length; i++) {
      a.backplane.publish({ hub: HUB, scope: 'group', target: `g${i}`, frame: frame(`to g${i}`) });
    }
    await untilReceived(b, confirmed.length);
    expect(b.received.map((message) => message.target)).toEqual(confirmed.map((_, i) => `g${i}`));
    expect(b.warnings).toEqual([]);
  });

  it('keeps hubs and prefixes apart', async () => {
    const prefix = uniquePrefix();
    const a = server(prefix);
    const b = server(prefix);
    const elsewhere = server(uniquePrefix());
    b.backplane.subscribe(HUB, 'all');
    elsewhere.backplane.subscribe(HUB, 'all');
    await settledAll(a, b, elsewhere);

    a.backplane.publish({ hub: 'support', scope: 'all', frame: frame('other hub') });
    a.backplane.publish({ hub: HUB, scope: 'all', frame: frame('this hub') });
    await untilReceived(b, 1);
    expect(b.received.map((m) => m.frame)).toEqual([frame('this hub')]);
    expect(elsewhere.received).toEqual([]);
  });

  it('carries the excluded connection ids, and none when nobody is excluded', async () => {
    const prefix = uniquePrefix();
    const a = server(prefix);
    const b = server(prefix);
    b.backplane.subscribe(HUB, 'group', 'g');
    await settledAll(a, b);

    a.backplane.publish({ hub: HUB, scope: 'group', target: 'g', excluded: ['c1', 'c2'], frame: frame('x') });
    a.backplane.publish({ hub: HUB, scope: 'group', target: 'g', excluded: [], frame: frame('y') });
    await untilReceived(b, 2);
    expect(b.received[0]?.excluded).toEqual(['c1', 'c2']);
    expect(b.received[1]).not.toHaveProperty('excluded');
  });

  it('stops delivery only when the last subscriber of a channel unsubscribes', async () => {
    const prefix = uniquePrefix();
    const a = server(prefix);
    const b = server(prefix);
    b.backplane.subscribe(HUB, 'all');
    b.backplane.subscribe(HUB, 'group', 'g');
    b.backplane.subscribe(HUB, 'group', 'g');
    b.backplane.unsubscribe(HUB, 'group', 'g');
    await settledAll(a, b);

    a.backplane.publish({ hub: HUB, scope: 'group', target: 'g', frame: frame('still a member') });
    await untilReceived(b, 1);

    b.backplane.unsubscribe(HUB, 'group', 'g');
    a.backplane.publish({ hub: HUB, scope: 'group', target: 'g', frame: frame('nobody left') });
    a.backplane.publish({ hub: HUB, scope: 'all', frame: frame('marker') });
    await untilReceived(b, 2);
    expect(b.received.map((m) => m.frame)).toEqual([frame('still a member'), frame('marker')]);
  });

  it('delivers unicode and record separators byte for byte', async () => {
    const prefix = uniquePrefix();
    const a = server(prefix);
    const b = server(prefix);
    b.backplane.subscribe(HUB, 'user', 'ünïcødé 用户');
    await settledAll(a, b);
    const text = '你好，世界！ 🎉 ÆØÅ «quotes» "\\" \u2028';
    const twoRecords = frame(text) + frame('second');

    a.backplane.publish({ hub: HUB, scope: 'user', target: 'ünïcødé 用户', frame: twoRecords });
    await untilReceived(b, 1);
    expect(b.received[0]?.frame).toBe(twoRecords);
    expect(b.received[0]?.target).toBe('ünïcødé 用户');
  });

  it('skips an entry in the stream that is not a backplane message, and reads on', async () => {
    const prefix = uniquePrefix();
    const redis = admin();
    const a = server(prefix);
    const b = server(prefix);
    b.backplane.subscribe(HUB, 'all');
    await settledAll(a, b);
    await redis.xadd(backplaneStream(prefix), '*', 'o', 'someone', 'f', 'no sequence, no audience');
    a.backplane.publish({ hub: HUB, scope: 'all', frame: frame('after it') });
    await untilReceived(b, 1);
    expect(b.received.map((m) => m.frame)).toEqual([frame('after it')]);
    expect(b.warnings).toEqual(['redis backplane: unreadable message ignored']);
  });

  it('leaves a publisher it was given open when it closes', async () => {
    const publisher = new Redis(REDIS_URL);
    cleanups.push(() => void publisher.disconnect());
    const node = server(uniquePrefix(), { publisher });
    await until(() => node.backplane.isConnected() && publisher.status === 'ready', 'both connections');
    await node.backplane.close();
    expect(node.backplane.isConnected()).toBe(false);
    expect(await publisher.ping()).toBe('PONG');
  });

  it('never throws or rejects when Redis cannot be reached, and logs the outage once', async () => {
    const node = server(uniquePrefix(), { url: 'redis://127.0.0.1:1' });
    for (let i = 0; i < 50; i++) {
      node.backplane.subscribe(HUB, 'group', `g${i}`);
      node.backplane.publish({ hub: HUB, scope: 'all', frame: frame(`lost ${i}`) });
    }
    await until(() => node.warnings.length > 0, 'a warning');
    await new Promise((resolve) => setTimeout(resolve, 300)); // several ioredis retries, all quiet
    expect(node.backplane.isConnected()).toBe(false);
    expect(node.warnings).toHaveLength(1);
  });

  it('reads on after Redis drops the reader connection, subscriptions kept', async () => {
    const prefix = uniquePrefix();
    const redis = admin();
    const a = server(prefix);
    const b = server(prefix);
    b.backplane.subscribe(HUB, 'group', 'g');
    b.backplane.subscribe(HUB, 'user', '9');
    await settledAll(a, b);

    // CLIENT KILL on B's reader only: other test files share this Redis.
    await killReaderConnection(redis, b);
    await until(() => !b.backplane.isConnected(), 'the drop');
    await until(() => b.backplane.isConnected(), 'the reconnect');

    a.backplane.publish({ hub: HUB, scope: 'group', target: 'g', frame: frame('after the drop') });
    a.backplane.publish({ hub: HUB, scope: 'user', target: '9', frame: frame('to user 9') });
    await untilReceived(b, 2);
    expect(b.received.map((m) => m.frame)).toEqual([frame('after the drop'), frame('to user 9')]);
  });

  it('delivers what was published during a short outage once it ends, to subscriptions made meanwhile', async () => {
    const prefix = uniquePrefix();
    const proxy = await outageProxy();
    // Shaped like the app's own Redis: a shared connection that other features use too.
    const publisher = new Redis(proxy.url, {
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      enableOfflineQueue: false,
    });
    publisher.on('error', () => undefined);
    cleanups.push(() => void publisher.disconnect());
    const a = server(prefix, { publisher });
    const b = server(prefix);
    b.backplane.subscribe(HUB, 'all');
    a.backplane.subscribe(HUB, 'all');
    await settledAll(a, b);

    proxy.cut();
    await until(() => !a.backplane.isConnected() && publisher.status !== 'ready', 'the outage');
    expect(() =>
      a.backplane.publish({ hub: HUB, scope: 'all', frame: frame('during, from a') }),
    ).not.toThrow();
    a.backplane.subscribe(HUB, 'group', 'joined-during-outage');
    b.backplane.publish({ hub: HUB, scope: 'group', target: 'joined-during-outage', frame: frame('to a') });
    b.backplane.publish({ hub: HUB, scope: 'all', frame: frame('during, from b') });
    // Long enough for ioredis to give up on commands that have a retry limit.
    await until(() => proxy.refused() >= 8, 'several reconnect attempts');
    expect(a.warnings.length).toBeGreaterThan(0);
    expect(a.received).toEqual([]);
    expect(b.received).toEqual([]);

    proxy.restore();
    await a.backplane.settled();
    a.backplane.publish({ hub: HUB, scope: 'all', frame: frame('after, from a') });
    b.backplane.publish({ hub: HUB, scope: 'all', frame: frame('after, from b') });
    await untilReceived(b, 2);
    await untilReceived(a, 3);
    expect(b.received.map((m) => m.frame)).toEqual([frame('during, from a'), frame('after, from a')]);
    expect(a.received.map((m) => m.frame)).toEqual([
      frame('to a'),
      frame('during, from b'),
      frame('after, from b'),
    ]);
  });

  it('drops what waited longer than the catch-up window instead of delivering it late', async () => {
    const prefix = uniquePrefix();
    const proxy = await outageProxy();
    const a = server(prefix, { url: proxy.url, catchUpMs: 300 });
    const b = server(prefix, { catchUpMs: 300 });
    b.backplane.subscribe(HUB, 'all');
    a.backplane.subscribe(HUB, 'all');
    await settledAll(a, b);

    proxy.cut();
    await until(() => !a.backplane.isConnected(), 'the outage');
    a.backplane.publish({ hub: HUB, scope: 'all', frame: frame('stale, from a') });
    b.backplane.publish({ hub: HUB, scope: 'all', frame: frame('stale, from b') });
    await until(() => proxy.refused() >= 8, 'an outage well over the window');

    proxy.restore();
    await a.backplane.settled();
    a.backplane.publish({ hub: HUB, scope: 'all', frame: frame('fresh, from a') });
    b.backplane.publish({ hub: HUB, scope: 'all', frame: frame('fresh, from b') });
    await untilReceived(b, 1);
    await untilReceived(a, 1);
    expect(b.received.map((m) => m.frame)).toEqual([frame('fresh, from a')]);
    expect(a.received.map((m) => m.frame)).toEqual([frame('fresh, from b')]);
  });
});
