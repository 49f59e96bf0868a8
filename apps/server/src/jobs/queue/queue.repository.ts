/**
 * The job queue's SQL (decision 0013). Every statement is one short statement or transaction: PGlite has a single
 * connection, and a claim must never be held open across the job's own work.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { JobRow } from '../../db/schema.js';
import type { JobQueueCount } from '../../services/metrics/index.js';
import { JOBS_CHANNEL } from './listen.js';

export type { Executor };

export interface NewJob {
  name: string;
  payload: unknown;
  /** When it becomes due; without it, `delayMs` after the database's now (every process then agrees). */
  runAt?: Date;
  delayMs?: number;
  maxAttempts: number;
  idempotencyKey?: string;
  /** Runs after every earlier unfinished job of this key (see `claimJobs`). */
  inOrderOf?: string;
}

export interface ClaimedJob {
  id: number;
  name: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  everyMs: number | null;
}

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/**
 * Takes the transaction-long locks of order keys, each once and in one order (so two transactions that take
 * several cannot deadlock): a CTE for `with`. The job ids drawn after it then follow the commits of each key, since
 * a second transaction inserting a key waits here for the first one's commit. Without the lock, the transaction
 * that drew the lower id could commit later, and its job would run beside, or after, the one that came second.
 */
export const orderKeysLocked = (keys: readonly string[]) => sql`
  order_keys_locked as (
    select count(*) from (
      select pg_advisory_xact_lock(hashed) from (
        select distinct hashtextextended(key, 0) as hashed
        from unnest(array[${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )}]::text[]) as key
        order by hashed) as sorted) as locks)`;

/** Inserts a job; with an idempotency key already used, inserts nothing and answers undefined. */
export async function insertJob(db: Executor, job: NewJob): Promise<number | undefined> {
  const result = await db.execute(sql`
    ${job.inOrderOf ? sql`with ${orderKeysLocked([job.inOrderOf])}` : sql``}
    insert into jobs (name, payload, run_at, max_attempts, idempotency_key, in_order_of)
    select ${job.name}::text, ${JSON.stringify(job.payload ?? {})}::jsonb, ${dueAt(job)},
           ${job.maxAttempts}::int, ${job.idempotencyKey ?? null}::text, ${job.inOrderOf ?? null}::text
    ${job.inOrderOf ? sql`from order_keys_locked` : sql``}
    on conflict (idempotency_key) do nothing
    returning id, case when run_at <= now() then pg_notify(${JOBS_CHANNEL}, name) end is null as quiet`);
  // The NOTIFY (PostgreSQL delivers it at commit) wakes the workers of every process; see listen.ts.
  const row = rowsOf<{ id: number | string }>(result)[0];
  return row ? Number(row.id) : undefined;
}

const dueAt = (job: Pick<NewJob, 'runAt' | 'delayMs'>) =>
  job.runAt
    ? sql`${job.runAt.toISOString()}::timestamptz`
    : sql`now() + ${job.delayMs ?? 0} * interval '1 millisecond'`;

/**
 * Makes sure the recurring job `name` exists, running every `everyMs` (changed when the interval changed). The
 * key `recurring:<name>` makes it one row however many processes start. Its first run is one interval after the
 * database's now, as every later one is: processes whose clocks disagree still agree on when it is due. A
shorter interval than the row's (a restart with a new setting) brings its next run forward.
 */
export async function ensureRecurringJob(db: Executor, name: string, everyMs: number) {
  await db.execute(sql`
    insert into jobs (name, payload, run_at, max_attempts, idempotency_key, every_ms)
    values (${name}, '{}'::jsonb, now() + ${everyMs} * interval '1 millisecond', 1, ${`recurring:${name}`},
            ${everyMs})
    on conflict (idempotency_key) do update set every_ms = excluded.every_ms,
      state = case when jobs.state = 'dead' then 'ready' else jobs.state end,
      run_at = least(jobs.run_at, excluded.run_at)`);
}

/**
 * Jobs whose worker stopped (its lease ran out) count as a failed attempt: ready again, or dead when that was the
 * last attempt. Recurring jobs are always ready again.
 */
export async function releaseExpiredLeases(db: Executor): Promise<number> {
  const result = await db.execute(sql`
    update jobs set
      state = case when every_ms is null and attempts >= max_attempts then 'dead' else 'ready' end,
      last_error = 'The process running this job stopped before it finished (lease expired).',
      finished_at = case when every_ms is null and attempts >= max_attempts then now() else null end,
      lease_until = null, locked_by = null, updated_at = now()
    where state = 'running' and lease_until < now()
    returning id`);
  return rowsOf(result).length;
}

/**
 * A job waits while another job of its `in_order_of` runs, or an earlier one is ready (due or backing off). A dead
 * one no longer holds the rest back, nor does one of a kind this process does not know (left by a processor that
 * was renamed or removed): nothing here would ever run it. Earlier is by id: the order the jobs were enqueued in,
 * which the order key's lock at insert (`orderKeysLocked`) makes the order their transactions committed in.
 */
const notBehindAnother = (kinds: SQL) => sql`(jobs.in_order_of is null or not exists (
  select 1 from jobs other
  where other.in_order_of = jobs.in_order_of and other.id <> jobs.id and other.name in (${kinds})
    and (other.state = 'running' or (other.state = 'ready' and other.id < jobs.id))))`;

/**
 * Claims up to `limit` due jobs of the given kinds for `workerId`, leased for `leaseMs`; not one that waits behind
 * an earlier job of its order. Two claims at once cannot both take two jobs of one order: each sees the earlier
 * one unfinished, whether it reads it as ready or, once the other's claim committed, as running.
 */
export async function claimJobs(
  db: Executor,
  names: readonly string[],
  workerId: string,
  leaseMs: number,
  limit: number,
): Promise<ClaimedJob[]> {
  if (names.length === 0 || limit <= 0) return [];
  const kinds = sql.join(
    names.map((name) => sql`${name}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    update jobs set state = 'running', attempts = attempts + 1, locked_by = ${workerId},
      lease_until = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
    where id in (
      select id from jobs
      where state = 'ready' and run_at <= now() and name in (${kinds}) and ${notBehindAnother(kinds)}
      order by run_at, id
      limit ${limit}
      for update skip locked)
    returning id, name, payload, attempts, max_attempts, every_ms`);
  return rowsOf<{
    id: number | string;
    name: string;
    payload: unknown;
    attempts: number;
    max_attempts: number;
    every_ms: number | string | null;
  }>(result).map((row) => ({
    id: Number(row.id),
    name: row.name,
    payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    everyMs: row.every_ms === null ? null : Number(row.every_ms),
  }));
}

/** Keeps a long job's lease; false when the job is no longer this worker's (its lease ran out and moved on). */
export async function extendLease(db: Executor, id: number, workerId: string, leaseMs: number) {
  const result = await db.execute(sql`
    update jobs set lease_until = now() + ${leaseMs} * interval '1 millisecond'
    where id = ${id} and locked_by = ${workerId} and state = 'running'
    returning id`);
  return rowsOf(result).length === 1;
}

/**
 * Gives a claimed job back untouched, due at once: a process that stops hands over what it has not finished, so
 * another process takes it now rather than when the lease runs out. The attempt does not count.
 */
export async function releaseJob(db: Executor, id: number, workerId: string): Promise<boolean> {
  const result = await db.execute(sql`
    update jobs set state = 'ready', run_at = now(), attempts = greatest(attempts - 1, 0),
      lease_until = null, locked_by = null, updated_at = now()
    where id = ${id} and locked_by = ${workerId} and state = 'running'
    returning id`);
  return rowsOf(result).length === 1;
}

/** A finished run: done, or for a recurring job ready again one interval later. */
export async function completeJob(db: Executor, id: number, workerId: string): Promise<boolean> {
  const result = await db.execute(sql`
    update jobs set
      state = case when every_ms is null then 'done' else 'ready' end,
      run_at = case when every_ms is null then run_at else now() + every_ms * interval '1 millisecond' end,
      attempts = case when every_ms is null then attempts else 0 end,
      finished_at = now(), lease_until = null, locked_by = null, updated_at = now()
    where id = ${id} and locked_by = ${workerId} and state = 'running'
    returning id`);
  return rowsOf(result).length === 1;
}

/**
 * A failed run: ready again `retryAfterMs` after the database's now, or dead with the error when it was the last attempt (or `permanent`).
 * A recurring job is never dead: it runs again at its next interval.
 */
export async function failJob(
  db: Executor,
  id: number,
  workerId: string,
  error: string,
  retryAfterMs: number,
  permanent: boolean,
): Promise<'retry' | 'dead' | 'lost'> {
  const result = await db.execute(sql`
    update jobs set
      state = case when every_ms is null and (${permanent} or attempts >= max_attempts) then 'dead' else 'ready' end,
      run_at = now() + case when every_ms is null then ${Math.round(retryAfterMs)}::bigint else every_ms end
                       * interval '1 millisecond',
      attempts = case when every_ms is null then attempts else 0 end,
      finished_at = case when every_ms is null and (${permanent} or attempts >= max_attempts) then now() else null end,
      last_error = ${error.slice(0, 2000)}, lease_until = null, locked_by = null, updated_at = now()
    where id = ${id} and locked_by = ${workerId} and state = 'running'
    returning state`);
  const row = rowsOf<{ state: string }>(result)[0];
  if (!row) return 'lost';
  return row.state === 'dead' ? 'dead' : 'retry';
}

/**
 * How many milliseconds until the next ready job of these kinds is due, by the database's clock (undefined: none),
 * so an idle worker can sleep until then.
 */
export async function msUntilNextDue(db: Executor, names: readonly string[]): Promise<number | undefined> {
  if (names.length === 0) return undefined;
  const kinds = sql.join(
    names.map((name) => sql`${name}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select (extract(epoch from min(run_at) - now()) * 1000)::float8 as ms
    from jobs where state = 'ready' and name in (${kinds}) and ${notBehindAnother(kinds)}`);
  const ms = rowsOf<{ ms: number | string | null }>(result)[0]?.ms;
  return ms === null || ms === undefined ? undefined : Number(ms);
}

/**
 * Finished jobs are kept a while (their idempotency keys keep a repeated event from running twice), dead ones longer
 * (someone should look at them). Ages count back from the database's now. Answers how many rows went.
 */
export async function deleteFinishedJobs(
  db: Executor,
  keep: { doneMs: number; deadMs: number },
): Promise<number> {
  const result = await db.execute(sql`
    delete from jobs
    where (state = 'done' and finished_at < now() - ${keep.doneMs} * interval '1 millisecond')
       or (state = 'dead' and finished_at < now() - ${keep.deadMs} * interval '1 millisecond')
    returning id`);
  return rowsOf(result).length;
}

/**
 * Jobs by kind and the state /metrics shows (services/metrics: JobQueueCount), in one grouped query over the
 * unfinished states only (done jobs, the bulk of the table, are not read).
 */
export async function countQueueJobs(db: Executor): Promise<JobQueueCount[]> {
  const result = await db.execute(sql`
    select name as task,
      case when state = 'ready' and every_ms is null and last_error is not null then 'failed'
           when state = 'ready' and run_at <= now() then 'queued'
           when state = 'ready' then 'scheduled'
           else state end as state,
      count(*)::int as count
    from jobs where state in ('ready', 'running', 'dead')
    group by 1, 2`);
  return rowsOf<JobQueueCount>(result).map((row) => ({ ...row, count: Number(row.count) }));
}

/** Counts by state, for the tests. */
export async function countJobs(db: Executor): Promise<Record<JobRow['state'], number>> {
  const result = await db.execute(sql`select state, count(*)::int as n from jobs group by state`);
  const counts: Record<string, number> = { ready: 0, running: 0, done: 0, dead: 0 };
  for (const row of rowsOf<{ state: string; n: number }>(result)) counts[row.state] = Number(row.n);
  return counts;
}
