import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import { testReporters } from '../../scripts/test-times/reporters.mjs';
import viteConfig from './vite.config.ts';

// The app's build settings (aliases, plugins) plus what only the tests need; kept out of vite.config.ts so that a
// change here does not make `npm start` rebuild the app (scripts/build-stale.mjs).
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // npm test and CI add the reports up into the timing table and one closing "N passed, N failed" line.
      ...testReporters('web'),
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      // jsdom form tests with user-event take seconds on a busy 2-core machine; 5 s flaked in CI.
      testTimeout: 20_000,
      // Vitest's default leaves one core free, which is half of a 2-core machine: the files ran one at a time.
      maxWorkers: availableParallelism(),
    },
  }),
);
