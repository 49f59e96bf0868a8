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
