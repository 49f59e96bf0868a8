import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { messages } from '@rummage/contract';
import type { AppConfig, RateLimitWindow } from '../config.js';
import { HttpError } from '../lib/http-error.js';
import type { Metrics } from '../services/metrics/index.js';
import { messageBudgetWindow, type BudgetListener } from '../services/rate-budget/index.js';

const tooMany = () => new HttpError(429, messages.common.tooManyRequests);

/** Who a request's budget belongs to: the signed-in person, or the address of a visitor. */
export function budgetOwner(request: FastifyRequest): string {
  return request.user ? `user:${request.user.id}` : request.ip;
}

/** A stricter limit for one route, counted apart from the global one, per person (or visitor address). */
export function routeRateLimit(window: RateLimitWindow): RateLimitOptions {
  return { max: window.max, timeWindow: window.windowMs, errorResponseBuilder: tooMany };
}

/**
 * The write limit of one family of routes (listings, garage sales, profiles, chat reads and deletes, tickets): as
 * large as the message budget, a tenth of the global limit but never under 30 per global window. A script could
 * write in a loop; a person never comes near it.
 */
export function writesRateLimit(config: Pick<AppConfig, 'rateLimit'>): RateLimitOptions {
  return routeRateLimit(messageBudgetWindow(config.rateLimit.global));
}

/**
 * A stricter limit counted per address even for someone signed in (login, register, password reset): the
 * person is not known yet, or is the one an attacker claims to be.
 */
export function addressRateLimit(window: RateLimitWindow): RateLimitOptions {
  return { ...routeRateLimit(window), keyGenerator: (request) => request.ip };
}

/**
 * The x-ratelimit-* headers (and Retry-After when refused) from a write budget a service spent from, as the
 * REST limiter sets them for its own counters.
 */
export function budgetHeaders(reply: FastifyReply): BudgetListener {
  return (take) => {
    const resetSeconds = Math.max(0, Math.ceil(take.resetMs / 1000));
    reply.header('x-ratelimit-limit', take.limit);
    reply.header('x-ratelimit-remaining', take.remaining);
    reply.header('x-ratelimit-reset', resetSeconds);
    if (!take.allowed) reply.header('retry-after', Math.max(1, resetSeconds));
  };
}

/**
 * Counts API requests per person when the request carries a valid session, per client address otherwise. The
 * limiter runs as a route-level onRequest hook, after the auth plugin's app-level one has resolved the user.
 * Counters live in memory, or in Redis when REDIS_URL is set so every process shares them. A Redis outage lets
 * requests through rather than taking the site down with it.
 */
export const rateLimitPlugin = fp<{ config: AppConfig; redis?: Redis; metrics?: Metrics }>(
  async (app, { config, redis, metrics }) => {
    await app.register(rateLimit, {
      global: true,
      max: config.rateLimit.global.max,
      timeWindow: config.rateLimit.global.windowMs,
      // Static files, health checks and hub traffic are not API calls; a page load fetches many assets at once.
      allowList: (request) => !request.url.startsWith('/api/'),
      keyGenerator: budgetOwner,
      errorResponseBuilder: tooMany,
      // Route limits (routeRateLimit, addressRateLimit) are merged over these options, so this counts theirs too.
      ...(metrics?.enabled && { onExceeded: () => metrics.rateLimited('request') }),
      ...(redis && { redis, nameSpace: `${config.redisKeyPrefix}rate-limit:`, skipOnError: true }),
    });
  },
  { name: 'rate-limit' },
);
