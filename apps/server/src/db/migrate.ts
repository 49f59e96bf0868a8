import type { DatabaseHandle } from './client.js';
import { seed } from './seed.js';

interface Log {
  info(object: object, message: string): void;
}

/** Start-up work on the database: pending migrations first, then the idempotent seed. */
export async function prepareDatabase(
  handle: DatabaseHandle,
  options: { seedDemoData: boolean; log?: Log },
): Promise<void> {
  const started = Date.now();
  await handle.migrate();
  const { demoUsers } = await seed(handle.db, { demoData: options.seedDemoData });
  options.log?.info(
    { database: handle.location, ms: Date.now() - started, demoUsers },
    demoUsers > 0 ? 'database migrated and demo data seeded' : 'database migrated',
  );
}
