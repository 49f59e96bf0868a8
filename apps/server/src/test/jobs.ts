import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';
import type { JobKind } from '../jobs/queue/queue.js';

/** Runs a job kind's handler once, as the queue would for a first attempt, without a queue around it. */
export function runOnce<P>(kind: JobKind<P>, payload = {} as P): Promise<void> {
  return kind.handler(payload, {
    id: 0,
    name: kind.name,
    attempt: 1,
    maxAttempts: kind.maxAttempts ?? 1,
    signal: new AbortController().signal,
  });
}

/**
 * Waits (up to 5 s) until no job whose kind starts with `prefix` is due or running: what a request recorded in its
 * transaction (events/durable.ts) has been processed, so a test can tell "nothing happened" from "not yet".
 */
export async function jobsSettled(db: Database, prefix = ''): Promise<void> {
  const until = Date.now() + 5_000;
  for (;;) {
    const [row] = await queryRows<{ pending: number }>(
      db,
      sql`select count(*)::int as pending from jobs
          where name like ${`${prefix}%`} and every_ms is null
            and (state = 'running' or (state = 'ready' and run_at <= now()))`,
    );
    if (row?.pending === 0) return;
    if (Date.now() > until) throw new Error(`jobs ${prefix}* still pending after 5 s: ${row?.pending}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
