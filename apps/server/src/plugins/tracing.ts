import { FastifyOtelInstrumentation } from '@fastify/otel';
import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import fp from 'fastify-plugin';
import { API } from '@rummage/contract';
import { METRICS_PATH } from '../services/metrics/index.js';

export interface TracingOptions {
  /** OTEL_EXPORTER_OTLP_ENDPOINT without a trailing slash: traces go to its /v1/traces, as the spec says. */
  endpoint: string;
  serviceName: string;
  version: string;
}

/** Probes and scrapes every few seconds would bury the traces people look for. */
const UNTRACED: ReadonlySet<string> = new Set([API.health.live, API.health.ready, METRICS_PATH]);

const EXPORT_TIMEOUT_MS = 3_000;

/** One manager per process: AsyncLocalStorage carries the request's span through its awaits. */
let contextManager: AsyncLocalStorageContextManager | undefined;

/**
 * OpenTelemetry traces of every request (@fastify/otel: one span per request named after its route pattern, with
 * child spans for hooks and the handler), sent over OTLP/HTTP in batches. app.ts imports this file only with
 * OTEL_EXPORTER_OTLP_ENDPOINT set, so without it none of the SDK is loaded. Registered before the routes, which it
 * wraps as they are added; the batch still buffered is sent when the app closes.
 */
export const tracingPlugin = fp<TracingOptions>(
  async (app, { endpoint, serviceName, version }) => {
    if (!contextManager) {
      contextManager = new AsyncLocalStorageContextManager().enable();
      context.setGlobalContextManager(contextManager);
    }
    const provider = new TracerProvider({
      resource: resourceFromAttributes({ 'service.name': serviceName, 'service.version': version }),
      // Short timeouts: the last batch is sent during shutdown, which must end within its 10 s grace even when the
      // collector is down (server.ts).
      spanProcessors: [
        new BatchSpanProcessor({
          exporter: new OTLPTraceExporter({ url: `${endpoint}/v1/traces`, timeoutMillis: EXPORT_TIMEOUT_MS }),
          exportTimeoutMillis: EXPORT_TIMEOUT_MS,
        }),
      ],
    });
    // Its own provider rather than the global one: tests build several apps in one process.
    const instrumentation = new FastifyOtelInstrumentation({
      ignorePaths: ({ url }) => UNTRACED.has(url),
    });
    instrumentation.setTracerProvider(provider);
    await app.register(instrumentation.plugin());
    app.addHook('onClose', async () => {
      await provider.shutdown().catch((error: unknown) => {
        app.log.warn({ err: error }, 'traces not sent at shutdown');
      });
    });
  },
  { name: 'tracing' },
);
