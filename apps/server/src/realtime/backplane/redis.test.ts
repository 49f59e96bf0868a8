import { randomBytes } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BackplaneMessage } from './backplane.js';
import { TEST_REDIS_URL as REDIS_URL, redisAvailable } from '../../test/redis.js';
import { backplaneChannel, createRedisBackplane, type RedisBackplane } from './redis.js';

const available = await redisAvailable('redis.test.ts');

const HUB = 'chat';
const frame = (text: string) => `${JSON.stringify({ type: 1, target: 'message', arguments: [text] })}\u001e`;

interface TestServer {
  backplane: RedisBackplane;
  received: BackplaneMessage[];
  warnings: string[];
}

const cleanups: Array<() => Promise<unknown> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** One "server process": a backplane plus what its handler received. */
function server(prefix: string, options: { url?: string; publisher?: Redis } = {}): TestServer {
  const warnings: string[] = [];
  const log = { info: () => undefined, warn: (_: object, msg?: string) => void warnings.push(msg ?? '') };
  const backplane = createRedisBackplane({
    channelPrefix: prefix,
    log,
    ...(options.publisher ? { publisher: options.publisher } : { url: options.url ?? REDIS_URL }),
  });
  const received: BackplaneMessage[] = [];
  backplane.onMessage((message) => received.push(message));
  cleanups.push(() => backplane.close());
  return { backplane, received, warnings };
}

/** A publisher drops what it is given before its first connect (by design), so tests wait for every node. */
const settledAll = (...nodes: TestServer[]) => Promise.all(nodes.map((node) => node.backplane.settled()));

const uniquePrefix = () => `bp_test_${randomBytes(6).toString('hex')}:`;

async function untilReceived(node: TestServer, count: number) {
  await vi.waitFor(
    () => {
      if (node.received.length < count) throw new Error(`received ${node.received.length} of ${count}`);
    },
    { timeout: 10_000, interval: 10 },
  );
}

async function until(condition: () => boolean, what: string) {
  await vi.waitFor(
    () => {
      if (!condition()) throw new Error(`still waiting for ${what}`);
    },
    { timeout: 15_000, interval: 20 },
  );
}

/** A TCP relay to Redis that the test can cut and restore: a network outage without stopping the shared Redis. */
async function outageProxy() {
  const target = new URL(REDIS_URL);
  const sockets = new Set<Socket>();
  let up = true;
  let refused = 0;
  const relay: Server = createServer((client) => {
    if (!up) return void (refused++, client.destroy());
    const upstream = connect(Number(target.port || 6379), target.hostname);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', end).on('close', end);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const address = relay.address();
  const url = new URL(REDIS_URL);
  url.hostname = '127.0.0.1';
  url.port = String(typeof address === 'object' && address ? address.port : 0);
  cleanups.push(
    () => new Promise((resolve) => ((up = false), sockets.forEach((s) => s.destroy()), relay.close(resolve))),
  );
  return {
    url: url.toString(),
    cut() {
      up = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      up = true;
    },
    /** Connection attempts turned away since the start: ioredis reconnect attempts during the outage. */
    refused: () => refused,
  };
}

function admin(): Redis {
  const redis = new Redis(REDIS_URL, { lazyConnect: false });
  cleanups.push(() => void redis.disconnect());
  return redis;
}

async function subscriberCount(redis: Redis, channel: string): Promise<number> {
  const reply = (await redis.call('PUBSUB', 'NUMSUB', channel)) as [string, number];
  return Number(reply[1]);
}

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

  it('answers a subscribe once Redis has confirmed the channel', async () => {
    const prefix = uniquePrefix();
    const redis = admin();
    const node = server(prefix);
    await node.backplane.subscribe(HUB, 'user', '12');
    expect(await subscriberCount(redis, backplaneChannel(prefix, HUB, 'user', '12'))).toBe(1);
    // A second tab of the same person waits for the same confirmation, and needs no command of its own.
    await node.backplane.subscribe(HUB, 'user', '12');
    node.backplane.unsubscribe(HUB, 'user', '12');
    await node.backplane.settled();
    expect(await subscriberCount(redis, backplaneChannel(prefix, HUB, 'user', '12'))).toBe(1);
  });

  it('keeps every channel subscribed while its connection to Redis is still being set up', async () => {
    // A SUBSCRIBE that overtook ioredis's handshake made it reconnect and forget the channels (redis/ioredis#2037):
    // under CPU load a hub process lost its `all` channel for good. One new channel per turn of the event loop,
    // from the start until well after the first connect, lands some in that window.
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
    const redis = admin();
    const a = server(prefix);
    const b = server(prefix);
    const channel = backplaneChannel(prefix, HUB, 'group', 'g');
    b.backplane.subscribe(HUB, 'all');
    b.backplane.subscribe(HUB, 'group', 'g');
    b.backplane.subscribe(HUB, 'group', 'g');
    b.backplane.unsubscribe(HUB, 'group', 'g');
    await settledAll(a, b);

    a.backplane.publish({ hub: HUB, scope: 'group', target: 'g', frame: frame('still a member') });
    await untilReceived(b, 1);
    expect(await subscriberCount(redis, channel)).toBe(1);

    b.backplane.unsubscribe(HUB, 'group', 'g');
    await b.backplane.settled();
    expect(await subscriberCount(redis, channel)).toBe(0);
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

  it('understands the envelope of the release before (the frame inside the JSON), for rolling deploys', async () => {
    const prefix = uniquePrefix();
    const redis = admin();
    const b = server(prefix);
    await b.backplane.subscribe(HUB, 'all');
    const old = { o: 'a-process-of-the-release-before', x: ['conn-1'], f: frame('from an old process') };
    await redis.publish(backplaneChannel(prefix, HUB, 'all'), JSON.stringify(old));
    await untilReceived(b, 1);
    expect(b.received).toEqual([
      { hub: HUB, scope: 'all', excluded: ['conn-1'], frame: frame('from an old process') },
    ]);
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

  it('re-subscribes after Redis drops the subscriber connection', async () => {
    const prefix = uniquePrefix();
    const redis = admin();
    const a = server(prefix);
    const b = server(prefix);
    b.backplane.subscribe(HUB, 'group', 'g');
    b.backplane.subscribe(HUB, 'user', '9');
    await settledAll(a, b);

    // CLIENT KILL on B's subscriber only: other test files share this Redis.
    const clients = (await redis.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string;
    const line = clients
      .split('\n')
      .find((l) => l.includes(`name=signalr-backplane-sub-${b.backplane.serverId}`));
    const id = /\bid=(\d+)/.exec(line ?? '')?.[1];
    expect(id).toBeDefined();
    expect(await redis.call('CLIENT', 'KILL', 'ID', id as string)).toBe(1);
    await until(() => !b.backplane.isConnected(), 'the drop');
    await until(() => b.backplane.isConnected(), 'the reconnect');
    const channel = backplaneChannel(prefix, HUB, 'user', '9');
    await vi.waitFor(async () => expect(await subscriberCount(redis, channel)).toBe(1), { timeout: 10_000 });

    a.backplane.publish({ hub: HUB, scope: 'group', target: 'g', frame: frame('after the drop') });
    a.backplane.publish({ hub: HUB, scope: 'user', target: '9', frame: frame('to user 9') });
    await untilReceived(b, 2);
    expect(b.received.map((m) => m.frame)).toEqual([frame('after the drop'), frame('to user 9')]);
  });

  it('drops messages published during an outage, applies subscriptions made meanwhile, and resumes', async () => {
    const prefix = uniquePrefix();
    const proxy = await outageProxy();
    // Shaped like the app's own Redis: a shared connection that keeps its offline queue for other features.
    const publisher = new Redis(proxy.url, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
    publisher.on('error', () => undefined);
    cleanups.push(() => void publisher.disconnect());
    const a = server(prefix, { publisher });
    const b = server(prefix);
    b.backplane.subscribe(HUB, 'all');
    a.backplane.subscribe(HUB, 'all');
    await Promise.all([a.backplane.settled(), b.backplane.settled()]);
    await until(() => publisher.status === 'ready', 'the publisher');

    proxy.cut();
    await until(() => !a.backplane.isConnected() && publisher.status !== 'ready', 'the outage');
    expect(() => a.backplane.publish({ hub: HUB, scope: 'all', frame: frame('stale') })).not.toThrow();
    a.backplane.subscribe(HUB, 'group', 'joined-during-outage');
    // Long enough for ioredis to give up on queued commands that have a retry limit.
    await until(() => proxy.refused() >= 8, 'several reconnect attempts');
    expect(a.warnings.length).toBeGreaterThan(0);

    proxy.restore();
    await until(() => a.backplane.isConnected() && publisher.status === 'ready', 'the reconnect');
    await a.backplane.settled();
    a.backplane.publish({ hub: HUB, scope: 'all', frame: frame('fresh') });
    b.backplane.publish({ hub: HUB, scope: 'group', target: 'joined-during-outage', frame: frame('to a') });
    b.backplane.publish({ hub: HUB, scope: 'all', frame: frame('all from b') });
    await untilReceived(b, 1);
    await untilReceived(a, 2);
    expect(b.received.map((m) => m.frame)).toEqual([frame('fresh')]);
    expect(a.received.map((m) => m.frame)).toEqual([frame('to a'), frame('all from b')]);
  });
});
