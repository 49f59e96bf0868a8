/**
 * One app process's job queue, alone in a child process, for jobs/queue/queue.processes.test.ts: the test starts
 * two of these on one PostgreSQL database and kills them as a crash would. Every run is recorded in the test's
 * `queue_test_runs` table. Run with `node --import tsx`; settings come from the environment (QUEUE_WORKER_*).
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client.js';
import { createJobQueue } from '../jobs/queue/queue.js';

const env = (name: string) => process.env[`QUEUE_WORKER_${name}`];
const number = (name: string) => (env(name) ? Number(env(name)) : undefined);

const handle = await openDatabase({ kind: 'pg', url: env('DATABASE_URL')!, poolSize: 6 });
const log = {
  info: () => undefined,
  warn: (object: object, message: string) => console.error(message, object),
  error: (object: object, message: string) => console.error(message, object),
};
const queue = createJobQueue({
  db: handle.db,
  openClient: () => handle.openClient!(),
  log,
  concurrency: 4,
  leaseMs: number('LEASE_MS'),
  pollMs: number('POLL_MS'),
  backoffMs: 50,
  maxBackoffMs: 200,
});

const record = (jobId: number, kind: string, attempt: number) =>
  handle.db.execute(
    sql`insert into queue_test_runs (job_id, kind, pid, attempt) values (${jobId}, ${kind}, ${process.pid}, ${attempt})`,
  );

queue.define({
  name: 'test-record',
  handler: async (_, run) => void (await record(run.id, run.name, run.attempt)),
});
queue.define({
  name: 'test-hold',
  handler: async (_, run) => {
    await record(run.id, run.name, run.attempt);
    // The first attempt holds its job until the test kills this process.
    if (run.attempt === 1) await new Promise(() => undefined);
  },
});
queue.define({
  name: 'test-fail',
  maxAttempts: 3,
  handler: async (_, run) => {
    await record(run.id, run.name, run.attempt);
    throw new Error(`failed in process ${process.pid} on attempt ${run.attempt}`);
  },
});
const tickMs = number('TICK_MS');
if (tickMs) {
  queue.define({
    name: 'test-tick',
    everyMs: tickMs,
    handler: async (_, run) => void (await record(run.id, run.name, run.attempt)),
  });
}

await queue.start();
process.stdout.write('ready\n');

process.on('SIGTERM', () => {
  void queue
    .stop(1_000)
    .then(() => handle.close())
    .finally(() => process.exit(0));
});
