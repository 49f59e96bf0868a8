import { connect } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll } from 'vitest';

/** The Redis the realtime tests use: REDIS_URL, or the one a developer usually has on 127.0.0.1:6379. */
export const TEST_REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/**
 * CI always has Redis (REDIS_URL set); locally a Redis test file is skipped only when REDIS_URL is unset and
 * nothing listens on 6379, and says so.
 */
export async function redisAvailable(file: string): Promise<boolean> {
  if (process.env.REDIS_URL) return true;
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = connect(6379, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
  if (!reachable) console.warn(`${file} skipped: REDIS_URL is unset and nothing listens on 127.0.0.1:6379`);
  return reachable;
}

/** For a describe block: opens Redis connections on demand and closes them all after the block. */
export function redisConnections(): () => Redis {
  const connections: Redis[] = [];
  afterAll(async () => {
    await Promise.all(connections.map((redis) => redis.quit()));
  });
  return () => {
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    connections.push(redis);
    return redis;
  };
}
