/**
 * The durable job queue (decision 0013): jobs live in the database, so a job enqueued survives a restart and runs
 * once on whichever process claims it. Kinds are defined once (a handler and its retry policy) in the composition
 * root; services enqueue by name, inside their own transaction when the job must exist exactly when the write does.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database, DatabaseHandle } from '../../db/client.js';
import { noMetrics, type Metrics } from '../../services/metrics/index.js';
import {
  claimJobs,
  completeJob,
  deleteFinishedJobs,
  ensureRecurringJob,
  extendLease,
  failJob,
  insertJob,
  msUntilNextDue,
  releaseExpiredLeases,
  releaseJob,
  type ClaimedJob,
  type Executor,
} from './queue.repository.js';
import { forgetProcessedEvents } from '../../events/durable.js';
import { listenForJobs, type JobListener } from './listen.js';

interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** What a handler knows of its run. `signal` aborts when the queue stops or the run overstays its time limit. */
export interface JobRun {
  id: number;
  name: string;
  attempt: number;
  maxAttempts: number;
  signal: AbortSignal;
}

export type JobHandler<P = unknown> = (payload: P, run: JobRun) => Promise<void>;

export interface JobKind<P = unknown> {
  name: string;
  handler: JobHandler<P>;
  /** Attempts before the job is dead (default 8). */
  maxAttempts?: number;
  /** A run that takes longer is aborted and counts as failed (default 60 s). */
  timeoutMs?: number;
  /** Set for recurring work: the queue keeps one row that runs this often. */
  everyMs?: number;
}

/** The longest a handler may ask to wait before its next try. */
export const MAX_RETRY_LATER_MS = 24 * 60 * 60 * 1000;

/**
 * Thrown by a handler to be tried again no sooner than `afterMs` (a push service's Retry-After). The wait is a
 * whole number of milliseconds between 0 and MAX_RETRY_LATER_MS whatever the caller passes: NaN, Infinity or
 * 1e300 would make failJob's SQL fail, and the job would then sit "running" until its lease ran out.
 */
export class RetryLaterError extends Error {
  readonly afterMs: number;
  constructor(message: string, afterMs: number) {
    super(message);
    this.afterMs = Number.isFinite(afterMs)
      ? Math.min(Math.max(0, Math.round(afterMs)), MAX_RETRY_LATER_MS)
      : afterMs > 0
        ? MAX_RETRY_LATER_MS
        : 0;
  }
}

/** Why a run was cut short without counting as a failure: the queue stops, or the lease went to someone else. */
class HandedBack extends Error {}

/** Thrown by a handler when trying again cannot help: the job is dead at once, with this message. */
export class PermanentJobError extends Error {}

export interface EnqueueOptions {
  /** When the job becomes due (default now). */
  runAt?: Date;
  /** Due this long after the database's now (rather than this process's clock). */
  delayMs?: number;
  /** Enqueueing with a key already used does nothing: the same event enqueued twice runs once. */
  idempotencyKey?: string;
  /**
   * Jobs enqueued with the same key (of any kind) run one at a time, in the order enqueued; a job failing and
   * backing off holds the later ones back until it is done or dead.
   */
  inOrderOf?: string;
  /** Inside the caller's transaction, so the job exists exactly when the caller's write commits. */
  tx?: Executor;
}

export interface JobQueue {
  define<P>(kind: JobKind<P>): void;
  /** Answers the new job's id, or undefined when the idempotency key was used already. */
  enqueue(name: string, payload: unknown, options?: EnqueueOptions): Promise<number | undefined>;
  /** Starts claiming: recurring jobs are made sure of, then workers poll (and wake on enqueue). */
  start(): Promise<void>;
  /** Stops claiming and waits for the runs in progress (aborting them after `graceMs`). */
  stop(graceMs?: number): Promise<void>;
  /** Asks the workers to look now (an enqueue on this process does it by itself). */
  wake(): void;
  /** The kinds defined, for tests and docs. */
  readonly kinds: readonly string[];
}

export interface JobQueueOptions {
  db: Database;
  /** A connection of its own to LISTEN on (PostgreSQL): another process's enqueue wakes this one at once. */
  openClient?: DatabaseHandle['openClient'];
  log: Log;
  metrics?: Metrics;
  /** Runs at once in this process (1 on PGlite: its one connection serialises queries anyway). */
  concurrency?: number;
  /** How long a claim holds a job before another process may take it (renewed while the job runs). */
  leaseMs?: number;
  /** The longest an idle worker sleeps before looking again (the fallback when no wake reaches it). */
  pollMs?: number;
  /** Backoff base: attempt n waits about base · 2^(n-1), with jitter, capped at `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

const DEFAULTS = {
  concurrency: 2,
  leaseMs: 60_000,
  pollMs: 1_000,
  backoffMs: 5_000,
  maxBackoffMs: 3_600_000,
};

/** Exponential backoff with full jitter in its upper half: retries of many failed jobs do not arrive together. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db, log } = options;
  const metrics = options.metrics ?? noMetrics;
  const settings = { ...DEFAULTS, ...stripUndefined(options) };
  const workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const kinds = new Map<string, JobKind>();
  const running = new Set<Promise<void>>();
  const controllers = new Set<AbortController>();
  let started = false;
  let stopping = false;
  let sleeper: { timer: NodeJS.Timeout; resolve: () => void } | undefined;
  let loop: Promise<void> | undefined;
  let wakeRequested = false;
  let listener: JobListener | undefined;

  const wake = () => {
    wakeRequested = true;
    if (sleeper) {
      clearTimeout(sleeper.timer);
      sleeper.resolve();
    }
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (wakeRequested || stopping) return resolve();
      const timer = setTimeout(resolve, Math.max(0, ms));
      timer.unref();
      sleeper = { timer, resolve };
    }).finally(() => (sleeper = undefined));

  const handBack = (job: ClaimedJob) =>
    releaseJob(db, job.id, workerId).catch((error: unknown) =>
      log.warn({ err: error, jobId: job.id }, 'job not handed back; it runs again when its lease runs out'),
    );

  async function runOne(job: ClaimedJob) {
    const kind = kinds.get(job.name);
    if (!kind || stopping) return void (await handBack(job));
    const controller = new AbortController();
    controllers.add(controller);
    const timeoutMs = kind.timeoutMs ?? 60_000;
    const timeout = setTimeout(
      () => controller.abort(new Error(`timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    // A long run (a backup) keeps its lease. A lease lost meanwhile (this process stalled past it, and another
    // may be running the job now) aborts the run: two runs of one job must not go on side by side.
    const renew = setInterval(
      () =>
        void extendLease(db, job.id, workerId, settings.leaseMs).then(
          (kept) => kept || controller.abort(new HandedBack('the lease ran out and the job went back')),
          () => undefined,
        ),
      Math.max(200, settings.leaseMs / 3),
    );
    renew.unref();
    const startedAt = performance.now();
    try {
      const run = { id: job.id, name: job.name, attempt: job.attempts, maxAttempts: job.maxAttempts };
      await Promise.race([
        kind.handler(job.payload, { ...run, signal: controller.signal }),
        new Promise<never>((_, reject) =>
          controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error)),
        ),
      ]);
      metrics.jobFinished(job.name, (performance.now() - startedAt) / 1000, false);
      await completeJob(db, job.id, workerId);
    } catch (error) {
      const cut = controller.signal.reason;
      if (cut instanceof HandedBack) {
        log.warn({ job: job.name, jobId: job.id, reason: cut.message }, 'job run cut short; it runs again');
        // Stopping: hand it back now. A lost lease: it is someone else's already, and nothing is recorded.
        if (stopping) await handBack(job);
        return;
      }
      metrics.jobFinished(job.name, (performance.now() - startedAt) / 1000, true);
      const message = error instanceof Error ? error.message : String(error);
      const delay =
        error instanceof RetryLaterError
          ? Math.max(error.afterMs, backoffDelay(job.attempts, settings.backoffMs, settings.maxBackoffMs))
          : backoffDelay(job.attempts, settings.backoffMs, settings.maxBackoffMs);
      const outcome = await failJob(
        db,
        job.id,
        workerId,
        message,
        delay,
        error instanceof PermanentJobError,
      ).catch(() => 'lost' as const);
      const level = outcome === 'dead' ? 'error' : 'warn';
      log[level]({ err: error, job: job.name, jobId: job.id, attempt: job.attempts, outcome }, 'job failed');
    } finally {
      clearTimeout(timeout);
      clearInterval(renew);
      controllers.delete(controller);
    }
  }

  async function work() {
    const names = () => [...kinds.keys()];
    while (!stopping) {
      wakeRequested = false;
      const free = settings.concurrency - running.size;
      let claimed: ClaimedJob[] = [];
      try {
        await releaseExpiredLeases(db);
        claimed = free > 0 ? await claimJobs(db, names(), workerId, settings.leaseMs, free) : [];
      } catch (error) {
        if (stopping) break;
        log.warn({ err: error }, 'job queue could not claim jobs; trying again');
      }
      for (const job of claimed) {
        const run = runOne(job).finally(() => {
          running.delete(run);
          wake();
        });
        running.add(run);
      }
      if (claimed.length === free && free > 0) continue; // more may be due: look again at once
      let wait = settings.pollMs;
      if (running.size < settings.concurrency) {
        const due = await msUntilNextDue(db, names()).catch(() => undefined);
        if (due !== undefined) wait = Math.min(wait, due);
      }
      await sleep(wait);
    }
  }

  return {
    get kinds() {
      return [...kinds.keys()];
    },
    define(kind) {
      if (started) throw new Error(`job kind ${kind.name} defined after the queue started`);
      kinds.set(kind.name, kind as JobKind);
    },
    async enqueue(name, payload, enqueueOptions = {}) {
      const kind = kinds.get(name);
      if (!kind) throw new Error(`unknown job kind ${name}`);
      const id = await insertJob(enqueueOptions.tx ?? db, {
        name,
        payload,
        runAt: enqueueOptions.runAt,
        delayMs: enqueueOptions.delayMs,
        maxAttempts: kind.maxAttempts ?? 8,
        idempotencyKey: enqueueOptions.idempotencyKey,
        inOrderOf: enqueueOptions.inOrderOf,
      });
      // Inside a transaction the row is not visible until the commit; the next poll finds it then.
      if (id !== undefined && !enqueueOptions.tx) wake();
      return id;
    },
    async start() {
      if (started) return;
      started = true;
      for (const kind of kinds.values()) {
        if (kind.everyMs) await ensureRecurringJob(db, kind.name, kind.everyMs);
      }
      // Nothing to claim here (a process whose parts define no kinds): no connection held, no polling.
      if (kinds.size === 0) return;
      if (options.openClient) listener = listenForJobs(options.openClient, wake, log);
      loop = work().catch((error: unknown) => log.error({ err: error }, 'job queue stopped'));
    },
    async stop(graceMs = 10_000) {
      stopping = true;
      wake();
      await Promise.all([loop, listener?.stop()]);
      // Runs still going after the grace are cut short and handed back, for another process to take at once.
      const grace = setTimeout(() => {
        for (const controller of controllers) controller.abort(new HandedBack('the server is stopping'));
      }, graceMs);
      grace.unref();
      await Promise.allSettled([...running]);
      clearTimeout(grace);
    },
    wake,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The queue's own upkeep, a recurring kind: done jobs go after a week (long enough for an idempotency key to catch
 * a repeated event), dead ones after 30 days (long enough for someone to look at them). What event processors
 * recorded as handled goes with the done jobs: only a job not yet finished can run again.
 */
export function forgetFinishedJobsKind(
  db: Database,
  keep = { doneMs: 7 * DAY_MS, deadMs: 30 * DAY_MS },
  everyMs = 60 * 60 * 1000,
): JobKind {
  return {
    name: 'queue.forget-finished-jobs',
    everyMs,
    timeoutMs: 10 * 60 * 1000,
    handler: async () => {
      await deleteFinishedJobs(db, keep);
      await forgetProcessedEvents(db, keep.doneMs);
    },
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
