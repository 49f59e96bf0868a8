import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { messages } from '@rummage/contract';
import type { AppConfig, RateLimitWindow } from '../config.js';
import { HttpError } from '../lib/http-error.js';

const tooMany = () => new HttpError(429, messages.common.tooManyRequests);

/** A stricter limit for one route (login, register, password reset); counted apart from the global one. */
export function routeRateLimit(window: RateLimitWindow): RateLimitOptions {
  return { max: window.max, timeWindow: window.windowMs, errorResponseBuilder: tooMany };
}

/**
 * Counts API requests per client IP. Counters live in memory, or in Redis when REDIS_URL is set so every process
 * shares them. A Redis outage lets requests through rather than taking the site down with it.
 */
export const rateLimitPlugin = fp<{ config: AppConfig; redis?: Redis }>(
  async (app, { config, redis }) => {
    await app.register(rateLimit, {
      global: true,
      max: config.rateLimit.global.max,
      timeWindow: config.rateLimit.global.windowMs,
      // Static files, health checks and hub traffic are not API calls; a page load fetches many assets at once.
      allowList: (request) => !request.url.startsWith('/api/'),
      errorResponseBuilder: tooMany,
      ...(redis && { redis, nameSpace: `${config.redisKeyPrefix}rate-limit:`, skipOnError: true }),
    });
  },
  { name: 'rate-limit' },
);
