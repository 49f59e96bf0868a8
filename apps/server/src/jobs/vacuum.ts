import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.js';
import type { JobKind } from './queue/queue.js';

/** PGlite runs no autovacuum, so dead rows and stale planner statistics pile up unless the app vacuums. */
export function vacuumJob(handle: DatabaseHandle, everyMs = 6 * 60 * 60 * 1000): JobKind | undefined {
  if (handle.kind !== 'pglite') return undefined;
  return {
    name: 'vacuum',
    everyMs,
    timeoutMs: 30 * 60 * 1000,
    async handler() {
      await handle.db.execute(sql`vacuum (analyze)`);
    },
  };
}
