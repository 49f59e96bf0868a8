/** What the backplane's publishing and reading sides agree on about the Redis stream (docs/realtime.md#scale-out). */
import type { Redis } from 'ioredis';

/** The one stream every process appends to and reads, for every hub. */
export function backplaneStream(prefix: string): string {
  return `${prefix}signalr:backplane`;
}

/** How long a message may wait for a reconnect and still be delivered, unless configured otherwise. */
export const DEFAULT_CATCH_UP_MS = 30_000;

/** Which Redis server answers (its run id changes with every start) and its clock, which stream ids are made of. */
export interface RedisServerClock {
  runId: string;
  /** Redis's time minus this process's, in milliseconds. */
  offsetMs: number;
}

export async function redisServerClock(redis: Redis): Promise<RedisServerClock> {
  const before = Date.now();
  const [info, time] = await Promise.all([redis.info('server'), redis.time()]);
  const runId = /^run_id:(\w+)/m.exec(info)?.[1];
  if (!runId) throw new Error('INFO server has no run_id');
  const redisMs = Number(time[0]) * 1000 + Math.floor(Number(time[1]) / 1000);
  return { runId, offsetMs: redisMs - Math.round((before + Date.now()) / 2) };
}

/** Orders stream ids (`<ms>-<n>`) as Redis does. */
export function compareStreamIds(a: string, b: string): number {
  const [aMs = 0, aSeq = 0] = a.split('-').map(Number);
  const [bMs = 0, bSeq = 0] = b.split('-').map(Number);
  return aMs - bMs || aSeq - bSeq;
}
