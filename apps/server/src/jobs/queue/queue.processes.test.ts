/**
 * The queue across real processes (decision 0013): two child processes (test/queue-worker.ts) on one PostgreSQL
 * database share jobs, survive a SIGKILL, share a recurring kind and wake each other by NOTIFY. Runs with
 * DATABASE_URL (CI sets it); on PGlite there is only ever one process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../../db/client.js';
import { freshDatabase } from '../../test/app.js';
import { createJobQueue, type JobQueue } from './queue.js';

const runs = Boolean(process.env.DATABASE_URL);
const workerScript = fileURLToPath(new URL('../../test/queue-worker.ts', import.meta.url));

interface Worker {
  child: ChildProcess;
  stderr: string[];
}

describe.skipIf(!runs)('job queue across processes (PostgreSQL)', () => {
  let database: { handle: DatabaseHandle; url?: string; drop(): Promise<void> };
  let db: DatabaseHandle['db'];
  /** This test process enqueues as a third app process would: kinds defined, never started. */
  let enqueuer: JobQueue;
  const workers: Worker[] = [];

  beforeAll(async () => {
    database = await freshDatabase();
    await database.handle.migrate();
    db = database.handle.db;
    await db.execute(sql`
      create table queue_test_runs (
        job_id bigint not null, kind text not null, pid int not null, attempt int not null,
        at timestamptz not null default clock_timestamp())`);
    enqueuer = createJobQueue({ db, log: { info() {}, warn() {}, error() {} } });
    // Attempts are fixed when a job is enqueued, by the kind as the enqueuing process defines it.
    for (const name of ['test-record', 'test-hold', 'test-fail'])
      enqueuer.define({ name, maxAttempts: 3, handler: () => Promise.reject(new Error('never runs here')) });
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map(stopWorker));
  });
  afterAll(async () => {
    await database?.handle.close();
    await database?.drop();
  });

  async function startWorker(settings: Record<string, string> = {}): Promise<Worker> {
    const env: NodeJS.ProcessEnv = { ...process.env, QUEUE_WORKER_DATABASE_URL: database.url! };
    for (const [key, value] of Object.entries(settings)) env[`QUEUE_WORKER_${key}`] = value;
    const child = spawn(process.execPath, ['--import', 'tsx', workerScript], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const worker = { child, stderr: [] as string[] };
    workers.push(worker);
    child.stderr!.on('data', (chunk: Buffer) => worker.stderr.push(chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      child.once('exit', (code) => reject(new Error(`worker exited (${code}): ${worker.stderr.join('')}`)));
    });
    return worker;
  }

  async function stopWorker({ child }: Worker) {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(kill);
  }

  const runsOf = (kind: string) =>
    queryRows<{ job_id: string; pid: number; attempt: number; at: Date | string }>(
      db,
      sql`select job_id::text, pid, attempt, at from queue_test_runs where kind = ${kind} order by at`,
    );
  const jobRow = async (id: number | undefined) =>
    (
      await queryRows<{ state: string; attempts: number; last_error: string | null }>(
        db,
        sql`select state, attempts, last_error from jobs where id = ${id!}`,
      )
    )[0];
  const until = async (check: () => Promise<boolean>, ms: number) => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out waiting');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('two processes share 1,000 jobs and run each exactly once', async () => {
    const [a, b] = await Promise.all([startWorker(), startWorker()]);
    const ids: Array<number | undefined> = [];
    for (let i = 0; i < 1000; i += 50) {
      const batch = Array.from({ length: 50 }, (_, n) => enqueuer.enqueue('test-record', { n: i + n }));
      ids.push(...(await Promise.all(batch)));
    }
    expect(new Set(ids).size).toBe(1000);
    const done = async () =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from jobs where name = 'test-record' and state = 'done'`,
        )
      )[0]!.n;
    await until(async () => (await done()) === 1000, 25_000);
    const [counts] = await queryRows<{ runs: number; jobs: number; most: number }>(
      db,
      sql`select count(*)::int as runs, count(distinct job_id)::int as jobs,
                 coalesce(max(n), 0)::int as most
          from queue_test_runs
          left join lateral (select count(*) as n from queue_test_runs r where r.job_id = queue_test_runs.job_id) c
            on true
          where kind = 'test-record'`,
    );
    expect(counts).toEqual({ runs: 1000, jobs: 1000, most: 1 });
    const pids = new Set((await runsOf('test-record')).map((run) => run.pid));
    expect(pids).toEqual(new Set([a.child.pid, b.child.pid]));
  });

  it('a job held by a process killed with SIGKILL runs again on the other after its lease', async () => {
    const settings = { LEASE_MS: '1500' };
    const [a, b] = await Promise.all([startWorker(settings), startWorker(settings)]);
    const id = await enqueuer.enqueue('test-hold', {});
    await until(async () => (await runsOf('test-hold')).length === 1, 10_000);
    const [first] = await runsOf('test-hold');
    const holder = [a, b].find((worker) => worker.child.pid === first!.pid)!;
    holder.child.kill('SIGKILL');
    await until(async () => (await jobRow(id))?.state === 'done', 15_000);
    const [, second] = await runsOf('test-hold');
    expect(second!.pid).not.toBe(first!.pid);
    expect(second!.attempt).toBe(2);
    // Not before the killed process's lease ran out.
    expect(new Date(second!.at).getTime() - new Date(first!.at).getTime()).toBeGreaterThanOrEqual(1_000);
    expect((await jobRow(id))?.attempts).toBe(2);
  });

  it('a recurring kind runs once per period across two processes', async () => {
    const settings = { TICK_MS: '1000' };
    const began = Date.now();
    await Promise.all([startWorker(settings), startWorker(settings)]);
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    const ticks = (await runsOf('test-tick')).map((run) => new Date(run.at).getTime());
    // Two processes each on their own timer would have run about twice per second. Counted from the first
    // start, as one process may be ticking while a loaded machine still starts the other.
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(ticks.length).toBeLessThanOrEqual(Math.floor((Date.now() - began) / 1000) + 1);
    for (let i = 1; i < ticks.length; i += 1) expect(ticks[i]! - ticks[i - 1]!).toBeGreaterThanOrEqual(950);
  });

  it('a job enqueued in one process runs in another within 2 s, woken by NOTIFY, not by its poll', async () => {
    // Polling once a minute: only the NOTIFY can wake it in time.
    await startWorker({ POLL_MS: '60000' });
    for (const pause of [300, 1_500]) {
      await new Promise((resolve) => setTimeout(resolve, pause));
      const started = Date.now();
      const id = await enqueuer.enqueue('test-record', { pause });
      await until(async () => (await jobRow(id))?.state === 'done', 2_000);
      expect(Date.now() - started).toBeLessThan(2_000);
    }
  });

  it('a job that keeps failing is dead after its attempts, with its last error', async () => {
    await Promise.all([startWorker(), startWorker()]);
    const id = await enqueuer.enqueue('test-fail', {});
    await until(async () => (await jobRow(id))?.state === 'dead', 15_000);
    const row = await jobRow(id);
    expect(row?.attempts).toBe(3);
    expect(row?.last_error).toMatch(/^failed in process \d+ on attempt 3$/);
    const failures = (await runsOf('test-fail')).filter((run) => run.job_id === String(id));
    expect(failures.map((run) => run.attempt)).toEqual([1, 2, 3]);
  });
});
