import underPressure, {
  TYPE_EVENT_LOOP_DELAY,
  type FastifyUnderPressureOptions,
} from '@fastify/under-pressure';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API, HUBS, messages, type ErrorBody } from '@rummage/contract';
import type { AppConfig } from '../config.js';
import { METRICS_PATH, noMetrics, type Metrics } from '../services/metrics/index.js';

/** What a shed request is told: soon enough for a person to retry by hand, long enough to let the process drain. */
export const PRESSURE_RETRY_AFTER_SECONDS = 5;

/**
 * How often the event loop's delay is judged: under-pressure's mean delay of 10 ms ticks over one sample. A tenth
 * of a second saw stalls sooner but shed healthy requests on a loaded 2-core machine; the hub's bounds and turns
 * (docs/realtime.md, Backpressure) keep a burst from building a stall, so the judgement can be slow and calm.
 */
export const PRESSURE_SAMPLE_INTERVAL_MS = 1_000;

/** How often a sustained overload is logged (each shed request would add log work exactly when there is none to spare). */
const LOG_EVERY_MS = 10_000;

/**
 * Routes answered even under pressure:
 * - /healthz: liveness. A 503 there makes an orchestrator restart a process that is only busy, throwing away
 *   every connection it holds; /readyz is shed on purpose so a load balancer stops sending it new work instead.
 * - the hub transport paths (long-polling polls and sends, SSE streams, DELETE) of connections that already exist:
 *   refusing them would break live chats, and each client would then reconnect (negotiate, handshake, Join),
 *   which costs more than the traffic saved. New hub connections are shed where they are created: POST
 *   …/negotiate here (a route like any other), WebSocket upgrades without a negotiated id in realtime/protocol/upgrade.ts.
 * - /metrics: a scrape that fails under load would read as "down" exactly when the numbers matter most.
 */
const EXEMPT_ROUTES: ReadonlySet<string> = new Set([API.health.live, METRICS_PATH, ...Object.values(HUBS)]);

export interface PressureOptions {
  config: Pick<AppConfig, 'pressure'>;
  /** How often the process's load is sampled (PRESSURE_SAMPLE_INTERVAL_MS unless a test needs another). */
  sampleIntervalMs?: number;
  /** Counts shed requests and reads the sampled delay (METRICS_TOKEN). */
  metrics?: Metrics;
}

/**
 * Load shedding (@fastify/under-pressure): while the event loop lags, or heap or RSS are over their limits, new
 * requests get a quick 503 with Retry-After and the contract's readable message instead of queueing behind the
 * stall until every client times out. Registered before rate limiting and authentication, so a shed request costs
 * neither a Redis round trip nor a session lookup.
 */
export const pressurePlugin = fp<PressureOptions>(
  async (app, { config, sampleIntervalMs = PRESSURE_SAMPLE_INTERVAL_MS, metrics = noMetrics }) => {
    const limits = config.pressure;
    const body: ErrorBody = { message: messages.common.serviceUnavailable };
    let lastLogged = 0;
    // The first event-loop samples still hold start-up's synchronous work (module loading, opening PGlite,
    // migrations): shedding on them would fail a fresh process's readiness probe for no load at all.
    // Two samples, and never under the two seconds it was with one-second samples: a loaded machine may still be
    // finishing start-up's work just after onReady.
    const startupGraceMs = Math.max(2 * sampleIntervalMs, 2_000);
    let sheddingFrom = Number.POSITIVE_INFINITY;
    app.addHook('onReady', async () => {
      sheddingFrom = Date.now() + startupGraceMs;
    });

    const shed = (request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => {
      const route = request.routeOptions.url;
      if (route !== undefined && EXEMPT_ROUTES.has(route)) return undefined;
      if (type === TYPE_EVENT_LOOP_DELAY && Date.now() < sheddingFrom) return undefined;
      metrics.shed(type);
      if (Date.now() - lastLogged >= LOG_EVERY_MS) {
        lastLogged = Date.now();
        request.log.warn(
          { pressure: type, value, limits },
          'under pressure: answering new requests with 503',
        );
      }
      reply
        .code(503)
        .header('retry-after', String(PRESSURE_RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8');
      // under-pressure sends any non-promise, non-nullish return value itself and then stops the request there.
      // Sending here and returning nothing would let it continue to the route, whose reply would then collide.
      return body;
    };

    await app.register(underPressure, {
      maxEventLoopDelay: limits.maxEventLoopDelayMs,
      maxHeapUsedBytes: limits.maxHeapBytes,
      maxRssBytes: limits.maxRssBytes,
      sampleInterval: sampleIntervalMs,
      // The declared type allows only void, though the plugin documents sending whatever else is returned.
      pressureHandler: shed as unknown as FastifyUnderPressureOptions['pressureHandler'],
    });
    metrics.watchPressure(() => app.memoryUsage().eventLoopDelay);
  },
  { name: 'pressure' },
);
