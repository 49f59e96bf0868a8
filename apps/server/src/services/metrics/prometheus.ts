import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolUse } from '../../db/client.js';
import type { JobQueueCount, Metrics } from './index.js';

/** Web requests and hub calls: from a cached read to a slow photo upload. */
const ANSWER_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** Background work runs from milliseconds (nothing to do) to many minutes (a backup of a large site). */
const JOB_BUCKETS = [0.01, 0.1, 1, 10, 60, 300, 1800];

/** A gauge without labels that appears in the registry only once it has a value. */
function registeredWhenSet(registry: Registry, options: { name: string; help: string }) {
  const gauge = new Gauge({ ...options, registers: [] });
  return {
    set(value: number) {
      if (!registry.getSingleMetric(options.name)) registry.registerMetric(gauge);
      gauge.set(value);
    },
  };
}

/**
 * The recorder behind METRICS_TOKEN: its own registry (several apps in one test process must not share counters),
 * with Node's process metrics (CPU, memory, GC, event-loop lag) beside Rummage's own, all under `rummage_`.
 */
export function createPrometheusMetrics(): Metrics {
  const registers = [new Registry()];
  const registry = registers[0]!;
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'rummage_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status; _count is the request rate.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: ANSWER_BUCKETS,
    registers,
  });
  const invocations = new Histogram({
    name: 'rummage_hub_invocation_duration_seconds',
    help: 'Hub method calls that ran, by hub and outcome (error: the method threw or refused).',
    labelNames: ['hub', 'outcome'] as const,
    buckets: ANSWER_BUCKETS,
    registers,
  });
  const refusals = new Counter({
    name: 'rummage_hub_refusals_total',
    help: 'Hub calls refused without running: shedding (under pressure) or too_many_waiting (per connection).',
    labelNames: ['hub', 'reason'] as const,
    registers,
  });
  const rateLimited = new Counter({
    name: 'rummage_rate_limited_total',
    help: 'Refused by a rate limit: request (REST limiter, 429) or message (a person’s message budget).',
    labelNames: ['limit'] as const,
    registers,
  });
  const shed = new Counter({
    name: 'rummage_pressure_shed_total',
    help: 'Requests answered 503 by load shedding, by what was over its limit.',
    labelNames: ['pressure'] as const,
    registers,
  });
  const queries = new Histogram({
    name: 'rummage_db_query_duration_seconds',
    help: 'Database queries by outcome (error: the database refused or failed it).',
    labelNames: ['outcome'] as const,
    buckets: QUERY_BUCKETS,
    registers,
  });
  const jobs = new Histogram({
    name: 'rummage_job_duration_seconds',
    help: 'Runs of scheduled background work by job and outcome.',
    labelNames: ['task', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers,
  });
  const jobSuccess = new Gauge({
    name: 'rummage_job_last_success_timestamp_seconds',
    help: 'When each background job last finished without an error (Unix time).',
    labelNames: ['task'] as const,
    registers,
  });
  // Exposed once known: a gauge without labels reads 0 until set, and a backup "written in 1970" would page someone.
  const backupAt = registeredWhenSet(registry, {
    name: 'rummage_backup_last_success_timestamp_seconds',
    help: 'When the newest scheduled backup in BACKUP_DIR was written (Unix time).',
  });
  const backupSeconds = registeredWhenSet(registry, {
    name: 'rummage_backup_duration_seconds',
    help: 'How long the last backup this process wrote took.',
  });
  const backupFailures = new Counter({
    name: 'rummage_backup_failures_total',
    help: 'Scheduled backups that failed.',
    registers,
  });

  let hubConnections: () => Record<string, number> = () => ({});
  new Gauge({
    name: 'rummage_hub_connections',
    help: 'Open hub connections on this process, by hub.',
    labelNames: ['hub'] as const,
    registers,
    collect() {
      this.reset();
      for (const [hub, count] of Object.entries(hubConnections())) this.set({ hub }, count);
    },
  });
  let pool: () => PoolUse | undefined = () => undefined;
  new Gauge({
    name: 'rummage_db_pool_connections',
    help: 'PostgreSQL pool: connections by state (busy, idle), the pool size (max) and queries waiting for one.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.reset();
      const use = pool();
      if (!use) return;
      this.set({ state: 'busy' }, use.total - use.idle);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'max' }, use.max);
      this.set({ state: 'waiting' }, use.waiting);
    },
  });
  let jobQueue: (() => Promise<JobQueueCount[]>) | undefined;
  new Gauge({
    name: 'rummage_job_queue_jobs',
    help: 'Jobs in the queue (the whole database, not this process) by task and state: queued, scheduled, running, failed (to be retried), dead.',
    labelNames: ['task', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      // A database that does not answer leaves the gauge empty; the rest of the scrape still answers.
      const counts = await jobQueue?.().catch(() => []);
      for (const { task, state, count } of counts ?? []) this.set({ task, state }, count);
    },
  });
  let pressure: (() => number) | undefined;
  new Gauge({
    name: 'rummage_pressure_event_loop_delay_seconds',
    help: 'Mean event-loop delay of the last sample, as load shedding judges it (PRESSURE_MAX_EVENT_LOOP_DELAY_MS).',
    registers,
    collect() {
      if (pressure) this.set(pressure() / 1000);
    },
  });

  return {
    enabled: true,
    requestFinished: (method, route, status, seconds) =>
      requests.observe({ method, route, status_code: String(status) }, seconds),
    invoked: (hub, outcome, seconds) => invocations.observe({ hub, outcome }, seconds),
    refused: (hub, reason) => refusals.inc({ hub, reason }),
    rateLimited: (limit) => rateLimited.inc({ limit }),
    shed: (kind) => shed.inc({ pressure: kind }),
    queryFinished: (seconds, failed) => queries.observe({ outcome: failed ? 'error' : 'ok' }, seconds),
    jobFinished(job, seconds, failed) {
      jobs.observe({ task: job, outcome: failed ? 'error' : 'ok' }, seconds);
      if (!failed) jobSuccess.set({ task: job }, Date.now() / 1000);
    },
    backup(outcome) {
      if ('failed' in outcome) backupFailures.inc();
      else if ('newestAt' in outcome) backupAt.set(outcome.newestAt / 1000);
      else {
        backupSeconds.set(outcome.written);
        backupAt.set(outcome.at / 1000);
      }
    },
    watchHubConnections(read) {
      hubConnections = read;
    },
    watchDatabasePool(read) {
      pool = read;
    },
    watchJobQueue(read) {
      jobQueue = read;
    },
    watchPressure(read) {
      pressure = read;
    },
    async scrape() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
