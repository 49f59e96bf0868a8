import { serverSuite } from './vitest.shared.js';

export default serverSuite('server-pglite', {
  include: ['src/**/*.test.ts'],
  // Each test file builds its own app on its own fresh database; PGlite is CPU-bound, so two at a time.
  maxWorkers: 2,
  testTimeout: 30_000,
  hookTimeout: 60_000,
});
