import type { Redis } from 'ioredis';
import type { BudgetStore, BudgetTake, BudgetWindow } from './index.js';

/**
 * Read, compare and spend in one step inside Redis, so two processes taking the last write at the same moment
 * cannot both get it. Answers { allowed (1/0), spent, milliseconds until the window ends }.
 */
const TAKE = `
local ttl = redis.call('PTTL', KEYS[1])
if ttl == -1 then redis.call('DEL', KEYS[1]) ttl = -2 end
local spent = tonumber(redis.call('GET', KEYS[1]) or '0')
if spent >= tonumber(ARGV[2]) then return {0, spent, ttl} end
spent = redis.call('INCR', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {1, spent, ttl}
`;

interface Log {
  warn(object: object, message: string): void;
}

/**
 * Budgets every process shares, on the app's Redis connection. While Redis is unreachable writes go through, as
 * the REST rate limiter lets requests through: an outage must not stop people talking.
 */
export function createRedisBudgetStore(redis: Redis, keyPrefix: string, log?: Log): BudgetStore {
  let lastLogged = 0;
  return {
    async take(key: string, { max, windowMs }: BudgetWindow): Promise<BudgetTake> {
      try {
        const [allowed, spent, ttl] = (await redis.eval(
          TAKE,
          1,
          `${keyPrefix}budget:${key}`,
          windowMs,
          max,
        )) as [number, number, number];
        return {
          allowed: allowed === 1,
          limit: max,
          remaining: Math.max(0, max - spent),
          resetMs: ttl > 0 ? ttl : windowMs,
        };
      } catch (error) {
        if (Date.now() - lastLogged >= 60_000) {
          lastLogged = Date.now();
          log?.warn({ err: error }, 'write budgets unavailable (redis); letting writes through');
        }
        return { allowed: true, limit: max, remaining: max, resetMs: windowMs };
      }
    },
  };
}
