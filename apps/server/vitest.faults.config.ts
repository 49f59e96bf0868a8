import { serverSuite } from './vitest.shared.js';

/**
 * `npm run test:faults`: whole server processes under faults (PostgreSQL and Redis stopped, a crash mid-upload,
 * abusive clients) and the multi-process deployment behind nginx. Each file starts its own PostgreSQL cluster,
 * Redis server and server processes, so files run one at a time: two would fight over the two cores and the
 * timing-based assertions (recovery within 10 s, throughput ratios) would measure each other.
 */
export default serverSuite('faults', {
  include: ['faults/**/*.fault.ts'],
  fileParallelism: false,
  testTimeout: 120_000,
  hookTimeout: 120_000,
});
