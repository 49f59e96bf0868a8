import { availableParallelism } from 'node:os';
import { serverSuite } from './vitest.shared.js';

export default serverSuite('server-pglite', {
  include: ['src/**/*.test.ts'],
  // One migrated database that every test app copies (src/test/template-database.ts), and the built server that
  // the tests about the process run (src/test/built-server.ts).
  globalSetup: ['src/test/template-database.ts', 'src/test/built-server.ts'],
  // Each test file builds its own app on its own fresh database. PGlite is CPU-bound, but files also wait (on a
  // child process, a timeout, a push service that hangs): one worker more than the cores keeps them busy. On two
  // cores the suite took 286 and 289 s with two workers, 262 and 265 s with three (docs/testing.md, "Time").
  maxWorkers: availableParallelism() + 1,
  // A worker runs its files one after another in one process, so the app's modules are imported once per worker,
  // not once per file (the imports were 200 of 415 s of CPU). Nothing a file builds outlives it: each closes its
  // app and database, and a file that mocks a module loads it afresh and drops it after (local.atomic.test.ts).
  isolate: false,
  // A describe.concurrent file (startup-errors.test.ts) runs three of its cases at a time: each mostly waits on a
  // child process, and three keep two cores busy; all ten at once made each take 15-25 s of contention.
  maxConcurrency: 3,
  // No test waits longer to pass (docs/testing.md "Time"): what once needed more now starts from the migrated
  // template and the server built before the suite.
  testTimeout: 30_000,
  hookTimeout: 30_000,
});
