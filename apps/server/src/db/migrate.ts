import type { DatabaseHandle } from './client.js';
import { seed } from './seed.js';
import type { DemoListingDeps } from './seed-listings.js';

interface Log {
  info(object: object, message: string): void;
}

/** Start-up work on the database: pending migrations first, then the idempotent seed. */
export async function prepareDatabase(
  handle: DatabaseHandle,
  options: { seedDemoData: boolean; log?: Log; listings?: DemoListingDeps },
): Promise<void> {
  const started = Date.now();
  await handle.migrate();
  const { demoUsers, demoListings } = await seed(handle.db, {
    demoData: options.seedDemoData,
    listings: options.listings,
  });
  options.log?.info(
    { database: handle.location, ms: Date.now() - started, demoUsers, demoListings },
    demoUsers > 0 ? 'database migrated and demo data seeded' : 'database migrated',
  );
}
