import { serverSuite } from './vitest.shared.js';

export default serverSuite('server-pglite', {
  include: ['src/**/*.test.ts'],
  // Each test file builds its own app on its own fresh database; PGlite is CPU-bound, so two at a time.
  maxWorkers: 2,
  // A describe.concurrent file (startup-errors.test.ts) runs all its cases at once: each mostly waits on a child
  // process, and the default of 5 at a time doubled its minute.
  maxConcurrency: 12,
  testTimeout: 30_000,
  hookTimeout: 60_000,
});
