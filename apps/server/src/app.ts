import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { composeServer, type AppOverrides, type ServerParts } from './composition/index.js';
import type { AppConfig } from './config.js';
import { loggerOptions, oneLinePerRequest } from './lib/logger.js';
import { serverPackageDir } from './lib/package-paths.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin, frameworkErrors } from './plugins/errors.js';
import { localeOfRequest, localePlugin, sayerFor } from './plugins/locale.js';
import { metricsPlugin } from './plugins/metrics.js';
import { openApiPlugin } from './plugins/openapi.js';
import { pressurePlugin, PRESSURE_RETRY_AFTER_SECONDS } from './plugins/pressure.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { securityPlugin } from './plugins/security.js';
import { staticSpaPlugin } from './plugins/static-spa.js';
import { uploadsPlugin } from './plugins/uploads.js';
import { realtimePlugin } from './realtime/index.js';
import { registerRoutes } from './routes.js';

export type { AppOverrides } from './composition/index.js';
export { databaseOptions } from './composition/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What the server is made of (composition/), for tests and diagnostics only: plugins and routes get their
     * parts as options, never from here.
     */
    readonly parts: ServerParts;
  }
}

const version = (
  JSON.parse(readFileSync(join(serverPackageDir, 'package.json'), 'utf8')) as { version: string }
).version;

/**
 * Builds the whole application without listening: makes its parts (composition/: opens, migrates and seeds the
 * database), then registers plugins and routes with the parts they need. `app.close()` ends hub connections,
 * stops jobs, then closes the parts.
 */
export async function buildApp(config: AppConfig, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: overrides.logger ?? loggerOptions(config),
    logController: oneLinePerRequest(),
    bodyLimit: config.bodyLimitBytes,
    // Time a client may take to send its request; the default (none) lets slow clients hold sockets forever.
    requestTimeout: config.requestTimeoutMs,
    // Node enforces both timeouts only when it scans its connections, every 30 s by default: a slowloris socket
    // then lived up to 30 s past HEADERS_TIMEOUT_MS (measured 41.7 s with 15 s). Scan at least every second.
    http: { connectionsCheckingInterval: Math.min(1_000, Math.floor(config.headersTimeoutMs / 2)) },
    trustProxy: config.trustProxy,
    frameworkErrors,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  });
  app.server.headersTimeout = config.headersTimeoutMs;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only at the root; a feature that needs another body type (multipart, hub frames) adds its own parser.
  app.removeContentTypeParser('text/plain');

  let parts: ServerParts | undefined;
  let stopped: Promise<void> | undefined;
  const shutdown = () =>
    (stopped ??= (async () => {
      await parts?.queue.stop();
      await parts?.close();
    })());
  try {
    parts = await composeServer(config, overrides, app.log);
    const { storage, people, realtime, metrics } = parts;
    app.decorate('parts', parts);

    await app.register(errorsPlugin);
    // Before every route, so each answer's message is said in the request's language.
    await app.register(localePlugin, config.locale);
    // Loaded only with OTEL_EXPORTER_OTLP_ENDPOINT set: without it, not one OpenTelemetry module is imported.
    if (config.tracing.endpoint) {
      const { tracingPlugin } = await import('./plugins/tracing.js');
      await app.register(tracingPlugin, { ...config.tracing, endpoint: config.tracing.endpoint, version });
    }
    // Before every other plugin and route, so each answer is timed, shed and rate-limited ones too. Without
    // METRICS_TOKEN not registered at all: no route, no hook, no work per request.
    if (metrics.enabled) await app.register(metricsPlugin, { metrics, token: config.metrics.token });
    await app.register(securityPlugin, { config });
    await app.register(pressurePlugin, { config, metrics });
    await app.register(rateLimitPlugin, { config, redis: storage.redis ?? undefined, metrics });
    await app.register(openApiPlugin, { config, version });
    await app.register(authPlugin, { sessions: people.sessions });
    await registerRoutes(app, parts);
    await app.register(realtimePlugin, {
      server: realtime.server,
      authenticate: (token) => people.sessions.authenticate(token),
      allowedOrigins: config.corsOrigins,
      shedding: () => (app.isUnderPressure() ? PRESSURE_RETRY_AFTER_SECONDS : undefined),
      wording: (headers, user) =>
        sayerFor(localeOfRequest(headers, user.language, config.locale.defaultLocale), config.locale),
    });
    await app.register(uploadsPlugin, { config });
    await app.register(staticSpaPlugin, { distDir: config.webDistDir });

    if (overrides.queue !== false) await parts.queue.start();
    app.addHook('onClose', shutdown);
    await app.ready();
    return app;
  } catch (error) {
    await shutdown();
    await app.close().catch(() => undefined);
    throw error;
  }
}
