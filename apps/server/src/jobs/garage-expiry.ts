import type { Database } from '../db/client.js';
import { deleteEndedSales } from '../modules/garage/garage.repository.js';
import type { JobKind } from './queue/queue.js';

/**
 * Garage sales are deleted, not archived, once their end has passed: the SPEC promises the host "your listing
 * will automatically be removed once your set sale time is over", and nothing reads past sales. Correctness does
 * not depend on this job: every read filters on ends_at > now(), so a sale vanishes at its end even if the job
 * is late or off; the job only keeps the table (and its indexes) small. Answers how many sales it removed.
 */
export function expireGarageSales(db: Database, now?: Date): Promise<number> {
  return deleteEndedSales(db, now);
}

export interface GarageExpiryOptions {
  /** How often to run; a minute keeps the table tidy at the cost of one indexed DELETE. */
  everyMs?: number;
  /** Runs after each pass (demo installs refill their ended demo sales: db/seed-garage.ts). */
  afterExpiry?: () => Promise<unknown>;
}

export function garageExpiryJob(db: Database, options: GarageExpiryOptions = {}): JobKind {
  return {
    name: 'expire-garage-sales',
    everyMs: options.everyMs ?? 60 * 1000,
    timeoutMs: 5 * 60 * 1000,
    async handler() {
      await expireGarageSales(db);
      await options.afterExpiry?.();
    },
  };
}
