import { noMetrics, type Metrics } from '../services/metrics/index.js';

interface Log {
  error(object: object, message: string): void;
}

export interface Job {
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

export interface Scheduler {
  /** Stops the timers and waits for a run in progress, so the database is not closed under it. */
  stop(): Promise<void>;
}

/**
 * Runs each job on its own interval. Timers are unref'd so they never keep the process alive, and a slow run
 * is never overlapped by the next one.
 */
export function startJobs(jobs: Job[], log: Log, metrics: Metrics = noMetrics): Scheduler {
  const running = new Set<Promise<void>>();
  const timers = jobs.map((job) => {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      const started = performance.now();
      const finished = (failed: boolean) =>
        metrics.jobFinished(job.name, (performance.now() - started) / 1000, failed);
      const run = job
        .run()
        .then(
          () => finished(false),
          (error: unknown) => {
            finished(true);
            log.error({ err: error, job: job.name }, 'scheduled job failed');
          },
        )
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    }, job.everyMs);
    timer.unref();
    return timer;
  });
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running]);
    },
  };
}
