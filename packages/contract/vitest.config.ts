import { defineConfig } from 'vitest/config';
import { testReporters } from '../../scripts/test-times/reporters.mjs';

export default defineConfig({
  test: {
    // npm test and CI add the reports up into the timing table and one closing "N passed, N failed" line.
    ...testReporters('contract'),
    include: ['src/**/*.test.ts'],
  },
});
