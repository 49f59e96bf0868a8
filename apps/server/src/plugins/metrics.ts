import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { messages } from '@rummage/contract';
import { HttpError } from '../lib/http-error.js';
import { METRICS_PATH, type Metrics } from '../services/metrics/index.js';

export interface MetricsPluginOptions {
  metrics: Metrics;
  /** METRICS_TOKEN; without it nothing is registered, not even the route (404). */
  token: string | undefined;
}

/**
 * Requests that matched no route (404s, and web-app pages the not-found handler answers with index.html) are
 * counted under one name, so a scan of random URLs adds no series.
 */
const UNMATCHED = 'unmatched';

/** Compared as digests, so neither the token's length nor its first wrong byte shows in the answer's timing. */
const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics for Prometheus (docs/operations.md), behind `Authorization: Bearer METRICS_TOKEN`, and the hook that
 * times every HTTP answer by its route pattern. With METRICS_TOKEN unset neither exists: no per-request work.
 */
export const metricsPlugin = fp<MetricsPluginOptions>(
  async (app, { metrics, token }) => {
    if (!token || !metrics.enabled) return;
    const expected = digest(`Bearer ${token}`);

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? UNMATCHED;
      metrics.requestFinished(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    });

    app.get(
      METRICS_PATH,
      // Not part of the API: kept out of the OpenAPI document (the security suite's route table follows that).
      { schema: { hide: true } },
      async (request, reply) => {
        const given = request.headers.authorization;
        if (!given || !timingSafeEqual(digest(given), expected)) {
          reply.header('www-authenticate', 'Bearer realm="metrics"');
          throw new HttpError(401, messages.common.loginRequired);
        }
        const { contentType, body } = await metrics.scrape();
        return reply.header('cache-control', 'no-store').type(contentType).send(body);
      },
    );
  },
  { name: 'metrics' },
);
