/**
 * Wakes this process's workers when another process enqueues (decision 0013): on PostgreSQL, inserting a due job
 * sends NOTIFY on JOBS_CHANNEL (queue.repository.ts), and a connection of its own here LISTENs. A lost connection
 * is opened again; meanwhile the workers' poll (at most a second) still finds every job.
 */
import type { Client } from 'pg';

export const JOBS_CHANNEL = 'rummage_jobs';

interface Log {
  warn(object: object, message: string): void;
}

export interface JobListener {
  stop(): Promise<void>;
}

export function listenForJobs(
  openClient: () => Promise<Client>,
  onJob: () => void,
  log: Log,
  retryMs = 2_000,
): JobListener {
  let stopping = false;
  let client: Client | undefined;
  let retry: { timer: NodeJS.Timeout; resolve: () => void } | undefined;

  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, retryMs);
      timer.unref();
      retry = { timer, resolve };
    }).finally(() => (retry = undefined));

  async function listenOnce() {
    const opened = await openClient();
    client = opened;
    const lost = new Promise<void>((resolve) => {
      opened.on('error', (error) => {
        if (!stopping) log.warn({ err: error }, 'job queue lost its LISTEN connection; opening it again');
        resolve();
      });
      opened.on('end', resolve);
    });
    opened.on('notification', onJob);
    if (stopping) return void (await opened.end().catch(() => undefined));
    await opened.query(`listen ${JOBS_CHANNEL}`);
    // Jobs enqueued while no connection listened are found now rather than at the next poll.
    onJob();
    await lost;
  }

  const loop = (async () => {
    while (!stopping) {
      await listenOnce().catch((error: unknown) => {
        if (!stopping) log.warn({ err: error }, 'job queue could not LISTEN; polling until it can');
      });
      void client?.end().catch(() => undefined);
      client = undefined;
      if (!stopping) await pause();
    }
  })();

  return {
    async stop() {
      stopping = true;
      if (retry) {
        clearTimeout(retry.timer);
        retry.resolve();
      }
      await client?.end().catch(() => undefined);
      await loop;
    },
  };
}
