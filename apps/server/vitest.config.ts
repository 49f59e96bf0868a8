import { serverSuite } from './vitest.shared.js';

export default serverSuite('server-pglite', {
  include: ['src/**/*.test.ts'],
  // One migrated database that every test app copies (src/test/template-database.ts).
  globalSetup: ['src/test/template-database.ts'],
  // Each test file builds its own app on its own fresh database; PGlite is CPU-bound, so two at a time.
  maxWorkers: 2,
  // A worker runs its files one after another in one process, so the app's modules are imported once per worker,
  // not once per file (the imports were 200 of 415 s of CPU). Nothing a file builds outlives it: each closes its
  // app and database, and a file that mocks a module loads it afresh and drops it after (local.atomic.test.ts).
  isolate: false,
  // A describe.concurrent file (startup-errors.test.ts) runs all its cases at once: each mostly waits on a child
  // process, and the default of 5 at a time doubled its minute.
  maxConcurrency: 12,
  testTimeout: 30_000,
  hookTimeout: 60_000,
});
