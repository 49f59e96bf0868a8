import { defineConfig } from 'vitest/config';
import { testReporters } from '../scripts/test-times/reporters.mjs';

export default defineConfig({
  // npm test and CI add the reports up into the timing table and one closing "N passed, N failed" line.
  test: testReporters('bench'),
});
