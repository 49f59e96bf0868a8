import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { defineConfig, mergeConfig } from 'vitest/config';
import { testReporters } from '../../scripts/test-times/reporters.mjs';
import viteConfig from './vite.config.ts';

/**
 * Files that get a window of their own. Two render pages with the server renderer, which on React left the
 * router's context set for whatever rendered next in the same window ("You cannot render a <Router> inside another
 * <Router>"; not tried again on Preact); the other three failed now and then after some other file in a shared
 * window, and pass alone.
 */
const OWN_WINDOW = [
  'src/app/earlyInput.test.tsx',
  'src/prerender.test.tsx',
  'src/app/landingPages.test.ts',
  'src/features/account/ScriptCaptcha.test.tsx',
  'src/features/feed/useProductFeed.test.tsx',
];

const require = createRequire(import.meta.url);

/**
 * `name` as its ES module: the CommonJS build, which Node's resolution picks for Testing Library (and for the
 * router in the files that run as the server does), would `require` React itself, past the aliases.
 */
function esModuleOf(name: string, file: (manifest: Record<string, unknown>) => string) {
  const manifestFile = require.resolve(`${name}/package.json`);
  const manifest = require(manifestFile) as Record<string, unknown>;
  return { find: new RegExp(`^${name}$`), replacement: join(dirname(manifestFile), file(manifest)) };
}
const ES_MODULES = [
  esModuleOf('@testing-library/react', (manifest) => manifest.module as string),
  esModuleOf('react-router', () => 'dist/development/index.mjs'),
];

const REACT_IMPORTERS = [
  /[\\/]node_modules[\\/]react-router[\\/]/,
  /[\\/]node_modules[\\/]@tanstack[\\/]react-query[\\/]/,
  /[\\/]node_modules[\\/](@react-leaflet[\\/]core|react-leaflet)[\\/]/,
  /[\\/]node_modules[\\/]@testing-library[\\/]react[\\/]/,
];

// The app's build settings (aliases, plugins) plus what only the tests need; kept out of vite.config.ts so that a
// change here does not make `npm start` rebuild the app (scripts/build-stale.mjs).
export default mergeConfig(
  viteConfig,
  defineConfig({
    resolve: { alias: ES_MODULES },
    test: {
      // npm test and CI add the reports up into the timing table and one closing "N passed, N failed" line.
      ...testReporters('web'),
      environment: 'jsdom',
      setupFiles: ['src/test/setup.ts'],
      // The packages that import React go through the build's aliases (vite.config.ts), so the tests render on
      // Preact as the app does; left to Node they would load React itself.
      server: { deps: { inline: REACT_IMPORTERS } },
      // jsdom form tests with user-event take seconds on a busy 2-core machine; 5 s flaked in CI.
      testTimeout: 20_000,
      // Vitest's default leaves one core free, which is half of a 2-core machine: the files ran one at a time.
      maxWorkers: availableParallelism(),
      projects: [
        {
          extends: true,
          test: {
            name: 'shared-window',
            include: ['src/**/*.test.{ts,tsx}'],
            exclude: OWN_WINDOW,
            // A worker runs its files one after another in one jsdom window, each file starting from an empty
            // document and the app's modules loaded afresh (src/test/setup.ts): a new window and a new process
            // for each file were 150 of the suite's 360 s of CPU. The suite took 188 s on 2 cores, 88 s now.
            isolate: false,
          },
        },
        { extends: true, test: { name: 'own-window', include: OWN_WINDOW } },
      ],
    },
  }),
);
