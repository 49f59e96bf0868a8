import { serverSuite } from './vitest.shared.js';

export default serverSuite('fuzz', {
  include: ['fuzz/**/*.fuzz.ts'],
  globalSetup: ['src/test/template-database.ts'],
  testTimeout: 3_600_000,
  hookTimeout: 120_000,
});
