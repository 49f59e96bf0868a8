import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction, type DatabaseHandle } from '../../db/client.js';
import { freshDatabase } from '../../test/app.js';
import {
  backoffDelay,
  createJobQueue,
  forgetFinishedJobsKind,
  MAX_RETRY_LATER_MS,
  PermanentJobError,
  RetryLaterError,
} from './queue.js';
import { createMetrics } from '../../services/metrics/index.js';
import { countJobs, countQueueJobs } from './queue.repository.js';

let database: { handle: DatabaseHandle; drop(): Promise<void> };
beforeAll(async () => {
  database = await freshDatabase();
  await database.handle.migrate();
});
afterAll(async () => {
  await database?.handle.close();
  await database?.drop();
});

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const job = async (id: number | undefined) =>
  (
    (await database.handle.db.execute(
      `select state, attempts, locked_by, last_error from jobs where id = ${Number(id)}` as never,
    )) as unknown as {
      rows: Array<{ state: string; attempts: number; locked_by: string | null; last_error: string | null }>;
    }
  ).rows[0];
const until = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('job queue', () => {
  it('runs an enqueued job within moments, once, and an idempotency key makes a repeat nothing', async () => {
    const queue = createJobQueue({ db: database.handle.db, log: quiet, pollMs: 1000 });
    const seen: unknown[] = [];
    queue.define<{ n: number }>({ name: 'test-once', handler: async (payload) => void seen.push(payload.n) });
    await queue.start();
    const started = Date.now();
    expect(await queue.enqueue('test-once', { n: 1 }, { idempotencyKey: 'once-1' })).toBeTypeOf('number');
    expect(await queue.enqueue('test-once', { n: 1 }, { idempotencyKey: 'once-1' })).toBeUndefined();
    await until(() => seen.length === 1);
    expect(Date.now() - started).toBeLessThan(2000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toEqual([1]);
    await queue.stop();
  });

  it('retries a failing job with backoff and keeps the last error when it is dead', async () => {
    const queue = createJobQueue({ db: database.handle.db, log: quiet, backoffMs: 10, maxBackoffMs: 50 });
    let calls = 0;
    queue.define({
      name: 'test-fails',
      maxAttempts: 3,
      handler: async () => {
        calls += 1;
        throw new Error(`boom ${calls}`);
      },
    });
    queue.define({
      name: 'test-permanent',
      handler: async () => {
        throw new PermanentJobError('no use trying again');
      },
    });
    await queue.start();
    const failing = await queue.enqueue('test-fails', {});
    const permanent = await queue.enqueue('test-permanent', {});
    const row = async (id: number | undefined) =>
      (
        (await database.handle.db.execute(
          `select state, attempts, last_error from jobs where id = ${Number(id)}` as never,
        )) as unknown as { rows: Array<{ state: string; attempts: number; last_error: string }> }
      ).rows[0];
    await until(async () => (await row(failing))?.state === 'dead');
    expect(await row(failing)).toEqual({ state: 'dead', attempts: 3, last_error: 'boom 3' });
    await until(async () => (await row(permanent))?.state === 'dead');
    expect((await row(permanent))?.attempts).toBe(1);
    await queue.stop();
    expect((await countJobs(database.handle.db)).dead).toBeGreaterThanOrEqual(2);
  });

  it('waits at least what a RetryLaterError asks', async () => {
    const queue = createJobQueue({ db: database.handle.db, log: quiet, backoffMs: 1 });
    const runs: number[] = [];
    queue.define({
      name: 'test-later',
      handler: async () => {
        runs.push(Date.now());
        if (runs.length === 1) throw new RetryLaterError('429', 1200);
      },
    });
    await queue.start();
    await queue.enqueue('test-later', {});
    await until(() => runs.length === 2, 5000);
    expect(runs[1]! - runs[0]!).toBeGreaterThanOrEqual(1150);
    await queue.stop();
  });

  it('waits at most a day, whatever a RetryLaterError asks (a huge number does not break the retry)', async () => {
    const queue = createJobQueue({ db: database.handle.db, log: quiet, backoffMs: 1 });
    const asks = [1e300, Infinity, 9_007_199_254_740_993_000];
    queue.define({
      name: 'test-much-later',
      handler: async ({ ask }: { ask: number }) => {
        throw new RetryLaterError('429', asks[ask]!);
      },
    });
    await queue.start();
    const ids = await Promise.all(asks.map((_ask, ask) => queue.enqueue('test-much-later', { ask })));
    const waits = async () =>
      (
        (await database.handle.db.execute(
          `select state, attempts, extract(epoch from run_at - now()) * 1000 as wait_ms from jobs
           where id in (${ids.map(Number).join(',')})` as never,
        )) as unknown as { rows: Array<{ state: string; attempts: number; wait_ms: string | number }> }
      ).rows;
    // Ready again after one failed attempt (before the first claim they are ready too, with no attempt).
    await until(
      async () => (await waits()).every((row) => row.state === 'ready' && Number(row.attempts) >= 1),
      5000,
    );
    for (const row of await waits()) {
      expect(Number(row.wait_ms)).toBeGreaterThan(MAX_RETRY_LATER_MS - 60_000);
      expect(Number(row.wait_ms)).toBeLessThanOrEqual(MAX_RETRY_LATER_MS);
    }
    await queue.stop();
  });

  it('runs jobs of one order one after another, as enqueued, while others run beside them', async () => {
    const queue = createJobQueue({ db: database.handle.db, log: quiet, concurrency: 4, pollMs: 50 });
    const log: string[] = [];
    const release = new Map<string, () => void>();
    queue.define<{ n: string }>({
      name: 'test-in-order',
      handler: ({ n }) =>
        new Promise<void>((resolve) => {
          log.push(`start ${n}`);
          release.set(n, () => {
            log.push(`end ${n}`);
            resolve();
          });
        }),
    });
    // Enqueued before the start, so one claim could take all three at once.
    await queue.enqueue('test-in-order', { n: 'a1' }, { inOrderOf: 'order-a' });
    await queue.enqueue('test-in-order', { n: 'a2' }, { inOrderOf: 'order-a' });
    await queue.enqueue('test-in-order', { n: 'b1' }, { inOrderOf: 'order-b' });
    await queue.start();
    await until(() => release.has('a1') && release.has('b1'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(log).not.toContain('start a2');
    release.get('a1')!();
    await until(() => release.has('a2'));
    release.get('a2')!();
    release.get('b1')!();
    await until(() => log.length === 6);
    expect(log.indexOf('start a2')).toBeGreaterThan(log.indexOf('end a1'));
    await queue.stop();
  });

  // Two connections are needed for two open transactions: PGlite has one.
  it.skipIf(!process.env.DATABASE_URL)(
    'runs an order in the order its transactions committed, when the one that enqueued first commits last',
    async () => {
      const db = database.handle.db;
      const queue = createJobQueue({ db, log: quiet, pollMs: 20 });
      const runs: string[] = [];
      queue.define<{ n: string }>({
        name: 'test-order-commits',
        handler: async ({ n }) => void runs.push(n),
      });
      await queue.start();
      let commitFirst!: () => void;
      let firstEnqueued!: () => void;
      const enqueued = new Promise<void>((resolve) => (firstEnqueued = resolve));
      const first = withTransaction(db, async (tx) => {
        await queue.enqueue('test-order-commits', { n: 'first' }, { inOrderOf: 'order-commits', tx });
        firstEnqueued();
        await new Promise<void>((resolve) => (commitFirst = resolve));
      });
      await enqueued;
      // Enqueued and, on its own, committed while the first transaction is still open.
      const second = queue.enqueue('test-order-commits', { n: 'second' }, { inOrderOf: 'order-commits' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(runs).toEqual([]);
      commitFirst();
      await Promise.all([first, second]);
      await until(() => runs.length === 2);
      expect(runs).toEqual(['first', 'second']);
      await queue.stop();
    },
  );

  it('does not hold an order back behind a job of a kind no process knows any more', async () => {
    const queue = createJobQueue({ db: database.handle.db, log: quiet, pollMs: 20 });
    const runs: string[] = [];
    queue.define<{ n: string }>({ name: 'test-order-known', handler: async ({ n }) => void runs.push(n) });
    // Left ready by a processor an upgrade renamed: nothing will ever run it.
    await database.handle.db.execute(
      `insert into jobs (name, payload, max_attempts, in_order_of)
       values ('test-order-renamed', '{}', 8, 'order-gone')` as never,
    );
    await queue.enqueue('test-order-known', { n: 'after it' }, { inOrderOf: 'order-gone' });
    await queue.start();
    await until(() => runs.length === 1, 3_000);
    await queue.stop();
  });

  it('holds an order back while its earlier job backs off, and lets it go once that job is dead', async () => {
    const queue = createJobQueue({ db: database.handle.db, log: quiet, backoffMs: 400, maxBackoffMs: 400 });
    const runs: string[] = [];
    queue.define<{ n: string }>({
      name: 'test-order-held',
      maxAttempts: 2,
      handler: async ({ n }) => {
        runs.push(n);
        if (n === 'first') throw new Error('the push service is down');
      },
    });
    await queue.start();
    const first = await queue.enqueue('test-order-held', { n: 'first' }, { inOrderOf: 'order-held' });
    await queue.enqueue('test-order-held', { n: 'second' }, { inOrderOf: 'order-held' });
    await until(async () => (await job(first))?.state === 'dead', 5_000);
    await until(() => runs.includes('second'), 3_000);
    expect(runs).toEqual(['first', 'first', 'second']);
    await queue.stop();
  });

  it('cuts a run short when its lease went to someone else, and records nothing for it', async () => {
    const queue = createJobQueue({ db: database.handle.db, log: quiet, leaseMs: 600 });
    let signal: AbortSignal | undefined;
    queue.define({
      name: 'test-lease-lost',
      handler: (_, run) => new Promise<void>(() => void (signal = run.signal)),
    });
    await queue.start();
    const id = await queue.enqueue('test-lease-lost', {});
    await until(() => signal !== undefined);
    // As when this process stalled past its lease and another claimed the job.
    await database.handle.db.execute(
      `update jobs set locked_by = 'another-process' where id = ${id}` as never,
    );
    await until(() => signal!.aborted, 3_000);
    await queue.stop();
    expect(await job(id)).toMatchObject({ state: 'running', attempts: 1, locked_by: 'another-process' });
  });

  it('hands unfinished jobs back when it stops, so another process takes them at once', async () => {
    const first = createJobQueue({ db: database.handle.db, log: quiet });
    first.define({ name: 'test-handed-back', handler: () => new Promise<void>(() => undefined) });
    let ranOnSecond = false;
    const second = createJobQueue({ db: database.handle.db, log: quiet, pollMs: 50 });
    second.define({ name: 'test-handed-back', handler: async () => void (ranOnSecond = true) });
    await first.start();
    const id = await first.enqueue('test-handed-back', {});
    await until(async () => (await job(id))?.state === 'running');
    await first.stop(100);
    expect(await job(id)).toMatchObject({ state: 'ready', attempts: 0, locked_by: null });
    const handedBack = Date.now();
    await second.start();
    await until(() => ranOnSecond, 2_000);
    expect(Date.now() - handedBack).toBeLessThan(1_000);
    await second.stop();
  });

  it('forgets done jobs after a week and dead ones after 30 days', async () => {
    const db = database.handle.db;
    const insert = (state: string, daysAgo: number) =>
      db.execute(
        `insert into jobs (name, state, finished_at) values ('test-old', '${state}', now() - interval '${daysAgo} days') returning id` as never,
      ) as unknown as Promise<{ rows: Array<{ id: number }> }>;
    const kept = [await insert('done', 6), await insert('dead', 29)].map((r) => Number(r.rows[0]!.id));
    const gone = [await insert('done', 8), await insert('dead', 31)].map((r) => Number(r.rows[0]!.id));
    const kind = forgetFinishedJobsKind(db);
    expect(kind.everyMs).toBe(60 * 60 * 1000);
    await kind.handler(
      {},
      { id: 0, name: kind.name, attempt: 1, maxAttempts: 1, signal: new AbortController().signal },
    );
    for (const id of kept) expect(await job(id)).toBeDefined();
    for (const id of gone) expect(await job(id)).toBeUndefined();
  });

  it('shows the jobs by task and state on /metrics, counted by the database at scrape time', async () => {
    const db = database.handle.db;
    await db.execute(
      `
      insert into jobs (name, state, run_at, last_error, lease_until) values
        ('test-gauge', 'ready', now() - interval '1 minute', null, null),
        ('test-gauge', 'ready', now() - interval '1 minute', null, null),
        ('test-gauge', 'ready', now() + interval '1 hour', null, null),
        ('test-gauge', 'ready', now() + interval '1 minute', 'smtp down', null),
        ('test-gauge', 'running', now(), null, now() + interval '1 minute'),
        ('test-gauge', 'dead', now(), 'gave up', null),
        ('test-gauge', 'done', now(), null, null)` as never,
    );
    const metrics = await createMetrics('metrics-token-for-tests-0123456789');
    metrics.watchJobQueue(() => countQueueJobs(db));
    const { body } = await metrics.scrape();
    const gauge = body
      .split('\n')
      .filter((line) => line.startsWith('rummage_job_queue_jobs{task="test-gauge"'));
    expect(gauge.sort()).toEqual([
      'rummage_job_queue_jobs{task="test-gauge",state="dead"} 1',
      'rummage_job_queue_jobs{task="test-gauge",state="failed"} 1',
      'rummage_job_queue_jobs{task="test-gauge",state="queued"} 2',
      'rummage_job_queue_jobs{task="test-gauge",state="running"} 1',
      'rummage_job_queue_jobs{task="test-gauge",state="scheduled"} 1',
    ]);
  });

  it('brings a recurring kind forward when it restarts with a shorter interval', async () => {
    const dueInSeconds = async () =>
      Number(
        (
          (await database.handle.db.execute(
            `select extract(epoch from run_at - now()) as s from jobs where idempotency_key = 'recurring:test-interval'` as never,
          )) as unknown as { rows: Array<{ s: number | string }> }
        ).rows[0]!.s,
      );
    for (const everyMs of [6 * 60 * 60 * 1000, 60_000]) {
      const queue = createJobQueue({ db: database.handle.db, log: quiet });
      queue.define({ name: 'test-interval', everyMs, handler: async () => undefined });
      await queue.start();
      await queue.stop();
      expect(await dueInSeconds()).toBeGreaterThan(everyMs / 1000 - 5);
      expect(await dueInSeconds()).toBeLessThanOrEqual(everyMs / 1000);
    }
  });

  it('backs off exponentially with jitter, capped', () => {
    expect(backoffDelay(1, 1000, 60_000, () => 0)).toBe(500);
    expect(backoffDelay(3, 1000, 60_000, () => 1)).toBe(4000);
    expect(backoffDelay(20, 1000, 60_000, () => 1)).toBe(60_000);
  });
});
