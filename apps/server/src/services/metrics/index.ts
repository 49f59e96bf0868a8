/**
 * What the server counts for Prometheus (docs/operations.md): one recorder made in the composition root and handed
 * to each part that records. Without METRICS_TOKEN it is `noMetrics`, whose `enabled` is false: callers skip their
 * per-request work (timers, hooks) altogether, and prom-client is never loaded.
 */
import type { PoolUse } from '../../db/client.js';

/** Where Prometheus scrapes; answered only with METRICS_TOKEN set (plugins/metrics.ts). */
export const METRICS_PATH = '/metrics';

/**
 * Jobs in the queue by kind and state (jobs/queue): queued (due, waiting for a worker), scheduled (due later),
 * running, failed (waiting to be tried again), dead (out of attempts; someone should look).
 */
export interface JobQueueCount {
  task: string;
  state: 'queued' | 'scheduled' | 'running' | 'failed' | 'dead';
  count: number;
}

/** Why a hub invocation was answered with a refusal instead of run (realtime/protocol/connection.ts). */
export type HubRefusal = 'shedding' | 'too_many_waiting';

/** What the hubs record; realtime/index.ts takes it so this folder never imports realtime/. */
export interface HubMetrics {
  readonly enabled: boolean;
  invoked(hub: string, outcome: 'ok' | 'error', seconds: number): void;
  refused(hub: string, reason: HubRefusal): void;
}

export interface Metrics extends HubMetrics {
  /** HTTP answers by route pattern (`/api/Product/:id`, never a concrete id). */
  requestFinished(method: string, route: string, status: number, seconds: number): void;
  /** A request or a message refused by a limit: the REST limiter ('request') or a write budget ('message'). */
  rateLimited(limit: 'request' | 'message'): void;
  /** A request answered 503 by load shedding, with what was over its limit (eventLoopDelay, heapUsedBytes…). */
  shed(pressure: string): void;
  queryFinished(seconds: number, failed: boolean): void;
  jobFinished(job: string, seconds: number, failed: boolean): void;
  /** A scheduled backup: written (`seconds` it took), failed, or seen in BACKUP_DIR (`at`, after a restart). */
  backup(outcome: { written: number; at: number } | { failed: true } | { newestAt: number }): void;
  /** Read at scrape time, so a connection opening or closing costs nothing. */
  watchHubConnections(read: () => Record<string, number>): void;
  watchDatabasePool(read: () => PoolUse | undefined): void;
  /** Counted by the database at scrape time: every process shows the same numbers for the one queue. */
  watchJobQueue(read: () => Promise<JobQueueCount[]>): void;
  /** The event-loop delay load shedding judges (under-pressure's sample), in milliseconds. */
  watchPressure(read: () => number): void;
  /** The Prometheus text exposition of everything above, plus the process's own (CPU, memory, event-loop lag). */
  scrape(): Promise<{ contentType: string; body: string }>;
}

const nothing = () => undefined;

/** Records nothing; what every part gets when METRICS_TOKEN is unset. */
export const noMetrics: Metrics = {
  enabled: false,
  invoked: nothing,
  refused: nothing,
  requestFinished: nothing,
  rateLimited: nothing,
  shed: nothing,
  queryFinished: nothing,
  jobFinished: nothing,
  backup: nothing,
  watchHubConnections: nothing,
  watchDatabasePool: nothing,
  watchJobQueue: nothing,
  watchPressure: nothing,
  scrape: () => Promise.reject(new Error('metrics are off (METRICS_TOKEN is unset)')),
};

/** Prometheus metrics when a token is set (prom-client is loaded only then), otherwise `noMetrics`. */
export async function createMetrics(token: string | undefined): Promise<Metrics> {
  if (!token) return noMetrics;
  const { createPrometheusMetrics } = await import('./prometheus.js');
  return createPrometheusMetrics();
}
