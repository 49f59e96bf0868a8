import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.js';
import type { Job } from './scheduler.js';

/** PGlite runs no autovacuum, so dead rows and stale planner statistics pile up unless the app vacuums. */
export function vacuumJob(handle: DatabaseHandle, everyMs = 6 * 60 * 60 * 1000): Job | undefined {
  if (handle.kind !== 'pglite') return undefined;
  return {
    name: 'vacuum',
    everyMs,
    async run() {
      await handle.db.execute(sql`vacuum (analyze)`);
    },
  };
}
