/**
 * Presence shared by every process through Redis. Each person has a sorted set whose members are connections
 * (`<process>:<connection id>`) scored by when they stop counting. A heartbeat moves the scores of this process's
 * connections forward; a killed process stops doing that, so its connections drop out after `ttlMs` without
 * anyone cleaning up. Online means: a member whose score is still in the future.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { createMemoryPresence, type Presence } from './presence.js';

interface Log {
  warn(object: object, message: string): void;
}

export interface RedisPresenceOptions {
  redis: Redis;
  keyPrefix: string;
  log: Log;
  /** How long a connection counts without a heartbeat (default 30 s). */
  ttlMs?: number;
  /** How often this process refreshes its connections (default a third of ttlMs). */
  heartbeatMs?: number;
}

/** How long new connections gather before one MULTI tells Redis of them all. */
const ARRIVALS_GATHER_MS = 20;

export function createRedisPresence(options: RedisPresenceOptions): Presence {
  const { redis, log } = options;
  const ttlMs = options.ttlMs ?? 30_000;
  const heartbeatMs = options.heartbeatMs ?? Math.max(100, Math.floor(ttlMs / 3));
  const processId = randomBytes(6).toString('hex');
  const keyOf = (userId: number) => `${options.keyPrefix}presence:${userId}`;
  const memberOf = (connectionId: string) => `${processId}:${connectionId}`;
  // What this process knows for itself: refreshed by the heartbeat, and the answer while Redis is away.
  const local = createMemoryPresence();
  const mine = new Map<number, Set<string>>();
  let lastWarned = 0;
  const warn = (error: unknown) => {
    if (Date.now() - lastWarned < 60_000) return;
    lastWarned = Date.now();
    log.warn({ err: error }, 'presence: Redis did not answer; using this process’s connections only');
  };

  /** One MULTI for many people: a reconnect storm's arrivals and each heartbeat go to Redis together. */
  const refresh = async (people: Iterable<[number, Iterable<string>]>) => {
    const until = Date.now() + ttlMs;
    const multi = redis.multi();
    let commands = 0;
    for (const [userId, connectionIds] of people) {
      const members = [...connectionIds].flatMap((id) => [until, memberOf(id)]);
      if (members.length === 0) continue;
      multi
        .zadd(keyOf(userId), ...members)
        // Members of killed processes are dropped as they are passed; the key itself expires when everyone left.
        .zremrangebyscore(keyOf(userId), '-inf', Date.now())
        .pexpire(keyOf(userId), ttlMs * 2);
      commands++;
    }
    if (commands === 0) return;
    await multi.exec();
  };

  const heartbeat = setInterval(() => void refresh(mine).catch(warn), heartbeatMs);
  heartbeat.unref();

  // New connections are told to Redis a few at a time: when thousands come back at once, a round trip each cost
  // the process more than the rest of their presence.
  let arriving = new Set<number>();
  let arrivalTimer: NodeJS.Timeout | undefined;
  const tellArrivals = () => {
    arrivalTimer = undefined;
    const people = arriving;
    arriving = new Set();
    void refresh(
      [...people].flatMap((userId) => {
        const ids = mine.get(userId);
        return ids ? [[userId, ids] as [number, Set<string>]] : [];
      }),
    ).catch(warn);
  };

  return {
    connected(userId, connectionId) {
      local.connected(userId, connectionId);
      const ids = mine.get(userId) ?? new Set<string>();
      ids.add(connectionId);
      mine.set(userId, ids);
      arriving.add(userId);
      arrivalTimer ??= setTimeout(tellArrivals, ARRIVALS_GATHER_MS);
    },
    disconnected(userId, connectionId) {
      local.disconnected(userId, connectionId);
      const ids = mine.get(userId);
      if (ids?.delete(connectionId) && ids.size === 0) mine.delete(userId);
      void redis.zrem(keyOf(userId), memberOf(connectionId)).catch(warn);
    },
    async isOnline(userId) {
      if (await local.isOnline(userId)) return true;
      try {
        return (await redis.zcount(keyOf(userId), Date.now(), '+inf')) > 0;
      } catch (error) {
        warn(error);
        return false;
      }
    },
    async close() {
      clearInterval(heartbeat);
      clearTimeout(arrivalTimer);
      const leaving = [...mine].map(([userId, ids]) =>
        redis.zrem(keyOf(userId), ...[...ids].map(memberOf)).catch(() => 0),
      );
      mine.clear();
      await local.close();
      await Promise.all(leaving);
    },
  };
}
