import { serverSuite } from './vitest.shared.js';

/**
 * `npm run test:security`: the route matrix over the OpenAPI document, fast-check fuzzing through
 * app.inject, mass assignment, and account enumeration / brute force / replay. Each file builds the real app on
 * its own fresh database (PGlite, or a new database on DATABASE_URL with REDIS_URL counters), like the unit tests.
 */
export default serverSuite('security', {
  include: ['security/**/*.test.ts'],
  // One migrated database that every test app copies (src/test/template-database.ts).
  globalSetup: ['src/test/template-database.ts'],
  // PGlite is CPU-bound and the fuzz file alone keeps one core busy: two files at a time on a 2-core machine.
  maxWorkers: 2,
  testTimeout: 120_000,
  hookTimeout: 60_000,
});
