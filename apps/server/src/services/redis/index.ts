import type { Redis } from 'ioredis';

interface Log {
  warn(object: object, message: string): void;
}

/**
 * Redis answered but refused the URL's credentials or database number: a misconfiguration that retrying will not
 * fix, so start-up stops with this one line (server.ts) instead of running on without the shared counters.
 */
export class RedisRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RedisRefusedError';
  }
}

/** Host and port of a redis:// URL, for messages (never the password). */
function redisAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}:${parsed.port || 6379}`;
  } catch {
    return 'the address in REDIS_URL';
  }
}

const OUTAGE =
  'rate limits let requests through and hub messages reach only this process until it is back; Rummage reconnects ' +
  'on its own';

/**
 * The shared Redis connection (rate limits, feed snapshots, the hub backplane's publisher). ioredis is loaded only
 * when REDIS_URL is set, so the default start skips it. Waits up to `readyWithinMs` for the connection, so the
 * first requests are counted; a Redis that stays away is not fatal (one warning says what that means), but one
 * that refuses the URL's password or database is (RedisRefusedError).
 */
export async function connectRedis(url: string, log: Log, readyWithinMs = 3_000): Promise<Redis> {
  const { Redis, ReplyError } = await import('ioredis');
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    enableAutoPipelining: true,
    // Fail at once while disconnected: every user (rate limits, feed snapshots, backplane) has a fallback, and a
    // queued command made each REST request wait for the reconnect, over 10 s during an outage (faults suite).
    enableOfflineQueue: false,
  });
  const at = `Redis at ${redisAddress(url)}`;
  let lastLogged = Date.now();
  let lastError: Error | undefined;
  redis.on('error', (error: Error) => {
    lastError = error;
    // ioredis retries forever and reports every attempt; one line a minute is enough to see the outage. A stack
    // trace says nothing more than the reason.
    if (Date.now() - lastLogged < 60_000) return;
    lastLogged = Date.now();
    log.warn({ reason: error.message }, `REDIS_URL: cannot reach ${at}; ${OUTAGE}`);
  });
  const refusal = await untilReady(redis, readyWithinMs, (error) => error instanceof ReplyError);
  if (refusal) {
    redis.disconnect();
    throw new RedisRefusedError(
      `REDIS_URL: ${at} refused the connection's settings (${refusal.message.replace(/\.$/, '')}). ` +
        'Check the user name, password and database number in REDIS_URL.',
    );
  }
  if (redis.status !== 'ready') {
    log.warn({ reason: lastError?.message ?? 'no answer' }, `REDIS_URL: cannot reach ${at} yet; ${OUTAGE}`);
  }
  return redis;
}

/** QUIT needs a live connection; when Redis is down, just drop the socket so shutdown does not wait. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit();
  else redis.disconnect();
}

/** Resolves when ready or after `ms`, or early with the first error `refuses` picks out. */
function untilReady(
  redis: Redis,
  ms: number,
  refuses: (error: Error) => boolean,
): Promise<Error | undefined> {
  if (redis.status === 'ready') return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(undefined), ms);
    const ready = () => done(undefined);
    const failed = (error: Error) => {
      if (refuses(error)) done(error);
    };
    function done(refusal: Error | undefined) {
      clearTimeout(timer);
      redis.off('ready', ready);
      redis.off('error', failed);
      resolve(refusal);
    }
    redis.once('ready', ready);
    redis.on('error', failed);
  });
}
