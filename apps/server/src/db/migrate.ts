import type { DatabaseHandle } from './client.js';
import { seed } from './seed.js';
import type { DemoListingDeps } from './seed-listings.js';
import type { DemoLocale } from './seed-places.js';

interface Log {
  info(object: object, message: string): void;
}

/** Start-up work on the database: pending migrations first, then the idempotent seed. */
export async function prepareDatabase(
  handle: DatabaseHandle,
  options: { seedDemoData: boolean; log?: Log; listings?: DemoListingDeps; locale?: DemoLocale },
): Promise<void> {
  const started = Date.now();
  await handle.migrate();
  const { demoUsers, demoListings } = await seed(handle.db, {
    demoData: options.seedDemoData,
    listings: options.listings,
    locale: options.locale,
  });
  const fields = { database: handle.location, ms: Date.now() - started };
  // Counts only when something was added: on a warm start "demoUsers: 0" read as if the demo data were gone.
  if (demoUsers > 0) {
    options.log?.info({ ...fields, demoUsers, demoListings }, 'database migrated and demo data seeded');
  } else if (options.seedDemoData) {
    options.log?.info(fields, 'database migrated; demo data not added, as the database already has accounts');
  } else {
    options.log?.info(fields, 'database migrated');
  }
}
