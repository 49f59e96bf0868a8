import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { appChunks, postBuild } from './build-plugins.ts';

const apiTarget = process.env.RUMMAGE_API_URL ?? 'http://localhost:3000';
const alias = {
  // The browser bundles the contract from source so the SPEC texts are tree-shaken with the app.
  '@rummage/contract': fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)),
};

export default defineConfig({
  plugins: [react(), tailwindcss(), postBuild({ alias })],
  resolve: { alias },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
      '/generalhub': { target: apiTarget, ws: true },
      '/chathub': { target: apiTarget, ws: true },
      '/supporthub': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    // scripts/check-bundle.mjs follows the entry's static imports in .vite/manifest.json (not served: dot folder).
    manifest: true,
    sourcemap: true,
    assetsInlineLimit: 0,
    rolldownOptions: {
      // Needed by experimentalInlineCommonChunks: no chunk is imported for its exports by anything but the app.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: appChunks(fileURLToPath(new URL('src/app/mount.tsx', import.meta.url))),
          // Small modules two pages share are copied into each instead of becoming chunks of a few hundred
          // bytes: a listing opened from a link loaded 16 files before, 4 now (rolldown 1.2, experimental).
          experimentalInlineCommonChunks: { maxSize: 12_000 },
        },
      },
      onwarn(warning, warn) {
        // With the option above, rolldown notes that Tailwind's stylesheet transform has no source map; the
        // scripts' maps are unaffected.
        if (warning.code === 'SOURCEMAP_BROKEN' && warning.plugin?.startsWith('@tailwindcss/vite')) return;
        warn(warning);
      },
      // The post-build step prerenders the pages and compresses every file, so it is meant to take most of the
      // build; rolldown's page-long note saying so on every build told nobody anything.
      checks: { bundlerTimings: false },
      treeshake: {
        // The contract's modules only declare things. Saying so lets the bundler drop the zod schemas
        // (and zod and libphonenumber with them) from pages that only need texts, routes and constants.
        moduleSideEffects: [{ test: /packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  test: {
    // CI collects JSON reports to print one closing "N passed, N failed" line (scripts/test-summary.mjs).
    reporters: process.env.TEST_REPORT_DIR ? ['default', 'json'] : ['default'],
    outputFile: {
      json: `${process.env.TEST_REPORT_DIR ?? '.'}/${process.env.TEST_REPORT_NAME ?? 'web'}.json`,
    },
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // jsdom form tests with user-event take seconds on a busy 2-core machine; 5 s flaked in CI.
    testTimeout: 20_000,
  },
});
