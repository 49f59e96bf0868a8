import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@rummage/contract': fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)),
    },
  },
  test: {
    // CI collects JSON reports to print one closing "N passed, N failed" line (scripts/test-summary.mjs).
    reporters: process.env.TEST_REPORT_DIR ? ['default', 'json'] : ['default'],
    outputFile: {
      json: `${process.env.TEST_REPORT_DIR ?? '.'}/${process.env.TEST_REPORT_NAME ?? 'server-pglite'}.json`,
    },
    include: ['src/**/*.test.ts'],
    // Each test file builds its own app on its own fresh database; PGlite is CPU-bound, so two at a time.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
