import type { Redis } from 'ioredis';

interface Log {
  warn(object: object, message: string): void;
}

/**
 * The shared Redis connection (rate limits, feed snapshots, the hub backplane's publisher). ioredis is loaded only
 * when REDIS_URL is set, so the default start skips it. Waits up to `readyWithinMs` for the connection, so the
 * first requests are counted; a Redis that stays away is not fatal.
 */
export async function connectRedis(url: string, log: Log, readyWithinMs = 3_000): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    enableAutoPipelining: true,
    // Fail at once while disconnected: every user (rate limits, feed snapshots, backplane) has a fallback, and a
    // queued command made each REST request wait for the reconnect, over 10 s during an outage (faults suite).
    enableOfflineQueue: false,
  });
  let lastLogged = 0;
  redis.on('error', (error) => {
    // ioredis retries forever and reports every attempt; one line a minute is enough to see the outage.
    if (Date.now() - lastLogged < 60_000) return;
    lastLogged = Date.now();
    log.warn({ err: error }, 'redis unavailable; rate limits fall back to letting requests through');
  });
  await untilReady(redis, readyWithinMs);
  return redis;
}

/** QUIT needs a live connection; when Redis is down, just drop the socket so shutdown does not wait. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit();
  else redis.disconnect();
}

function untilReady(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    }
    redis.once('ready', done);
  });
}
