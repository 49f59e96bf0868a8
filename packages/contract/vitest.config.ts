import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // CI collects JSON reports to print one closing "N passed, N failed" line (scripts/test-summary.mjs).
    reporters: process.env.TEST_REPORT_DIR ? ['default', 'json'] : ['default'],
    outputFile: {
      json: `${process.env.TEST_REPORT_DIR ?? '.'}/${process.env.TEST_REPORT_NAME ?? 'contract'}.json`,
    },
    include: ['src/**/*.test.ts'],
  },
});
