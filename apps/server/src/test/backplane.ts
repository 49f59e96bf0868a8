/**
 * "Server processes" for the Redis backplane's tests: each a backplane plus what its handler received and
 * warned, closed after each test.
 */
import { randomBytes } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterEach, vi } from 'vitest';
import type { BackplaneMessage } from '../realtime/backplane/backplane.js';
import { createRedisBackplane, type RedisBackplane } from '../realtime/backplane/redis.js';
import { TEST_REDIS_URL } from './redis.js';

export interface TestServer {
  backplane: RedisBackplane;
  received: BackplaneMessage[];
  warnings: string[];
}

export interface TestServerOptions {
  url?: string;
  publisher?: Redis;
  catchUpMs?: number;
  readBlockMs?: number;
}

export const HUB = 'chat';

export const frame = (text: string) =>
  `${JSON.stringify({ type: 1, target: 'message', arguments: [text] })}\u001e`;

export const uniquePrefix = () => `bp_test_${randomBytes(6).toString('hex')}:`;

/** Registers the afterEach that closes what a test opened; call once per file. */
export function backplaneTestServers() {
  const cleanups: Array<() => Promise<unknown> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  function server(prefix: string, options: TestServerOptions = {}): TestServer {
    const warnings: string[] = [];
    const log = { info: () => undefined, warn: (_: object, msg?: string) => void warnings.push(msg ?? '') };
    const backplane = createRedisBackplane({
      keyPrefix: prefix,
      log,
      ...(options.catchUpMs !== undefined && { catchUpMs: options.catchUpMs }),
      ...(options.readBlockMs !== undefined && { readBlockMs: options.readBlockMs }),
      ...(options.publisher ? { publisher: options.publisher } : { url: options.url ?? TEST_REDIS_URL }),
    });
    const received: BackplaneMessage[] = [];
    backplane.onMessage((message) => received.push(message));
    cleanups.push(() => backplane.close());
    return { backplane, received, warnings };
  }

  function admin(url = TEST_REDIS_URL): Redis {
    const redis = new Redis(url, { lazyConnect: false });
    redis.on('error', () => undefined);
    cleanups.push(() => void redis.disconnect());
    return redis;
  }

  /** A TCP relay to Redis that a test can cut and restore: a network outage without stopping the shared Redis. */
  async function outageProxy(redisUrl = TEST_REDIS_URL) {
    const target = new URL(redisUrl);
    const sockets = new Set<Socket>();
    const relayed = new Map<Socket, Socket>();
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
        relayed.delete(upstream);
      };
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('error', end).on('close', end);
      }
      client.pipe(upstream).pipe(client);
      relayed.set(upstream, client);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const address = relay.address();
    const url = new URL(redisUrl);
    url.hostname = '127.0.0.1';
    url.port = String(typeof address === 'object' && address ? address.port : 0);
    cleanups.push(
      () =>
        new Promise((resolve) => ((up = false), sockets.forEach((s) => s.destroy()), relay.close(resolve))),
    );
    return {
      url: url.toString(),
      /** From now on, what Redis sends on the open connections is lost on the way: a reader that reads nothing. */
      stall() {
        for (const [upstream, client] of relayed) {
          upstream.unpipe(client);
          // Still read, so that Redis going away still closes the client's side.
          upstream.on('data', () => undefined).resume();
        }
      },
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

  return { server, admin, outageProxy, cleanups };
}

/** A publisher keeps what it is given before its first connect; tests still wait for every node to be up. */
export const settledAll = (...nodes: TestServer[]) =>
  Promise.all(nodes.map((node) => node.backplane.settled()));

export async function untilReceived(node: TestServer, count: number, timeout = 10_000) {
  await vi.waitFor(
    () => {
      if (node.received.length < count) throw new Error(`received ${node.received.length} of ${count}`);
    },
    { timeout, interval: 10 },
  );
}

export async function until(condition: () => boolean, what: string) {
  await vi.waitFor(
    () => {
      if (!condition()) throw new Error(`still waiting for ${what}`);
    },
    { timeout: 15_000, interval: 20 },
  );
}

/** Closes the connection a backplane reads the stream on, as Redis does to a client it drops. */
export async function killReaderConnection(redis: Redis, node: TestServer): Promise<void> {
  const clients = (await redis.call('CLIENT', 'LIST')) as string;
  const line = clients
    .split('\n')
    .find((l) => l.includes(`name=signalr-backplane-sub-${node.backplane.serverId}`));
  const id = /\bid=(\d+)/.exec(line ?? '')?.[1];
  if (!id) throw new Error(`no reader connection of ${node.backplane.serverId} in CLIENT LIST`);
  const killed = await redis.call('CLIENT', 'KILL', 'ID', id);
  if (killed !== 1) throw new Error(`CLIENT KILL ID ${id} answered ${String(killed)}`);
}
