import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Alias } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appChunks, postBuild, isLibraryNote } from './build-plugins.ts';

const apiTarget = process.env.RUMMAGE_API_URL ?? 'http://localhost:3000';
/**
 * React's API on Preact (preact/compat): docs/decisions/0023-preact.md. Exact names only (`$`), so that
 * `react-router` or `react-leaflet` are not caught by `react`. The same list serves the browser's build, the
 * renderer the build and the server render pages with (build-plugins.ts) and the tests (vitest.config.ts).
 */
const PREACT: Alias[] = Object.entries({
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/server': 'preact/compat/server',
  'react-dom/test-utils': 'preact/test-utils',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
}).map(([find, replacement]) => ({ find: new RegExp(`^${find}$`), replacement }));

const alias: Alias[] = [
  // The browser bundles the contract from source so the SPEC texts are tree-shaken with the app.
  {
    find: '@rummage/contract',
    replacement: fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)),
  },
  ...PREACT,
];

/**
 * react-router publishes its ES modules only as its development build, whose warnings stay behind a constant set to
 * true (`ENABLE_DEV_WARNINGS`) that no bundler can drop; the same files with it false are its production build.
 * The browser's build takes those; the tests and the dev server keep the warnings.
 */
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);
if (!existsSync(reactRouterProduction))
  throw new Error(`react-router's production build moved: ${reactRouterProduction}`);

/** The contract's modules only declare things: the bundler may drop whatever a bundle does not use. */
const CONTRACT_DECLARES_ONLY = { test: /packages[\\/]contract[\\/]src[\\/]/, sideEffects: false as const };

export default defineConfig({
  // JSX as React's automatic runtime, which the aliases above make Preact's. (React's plugin added only its fast
  // refresh, which Preact does not take: the dev server reloads the page when a component changes.)
  oxc: { jsx: { runtime: 'automatic' } },
  plugins: [
    {
      name: 'rummage:react-router-production',
      apply: 'build',
      config: () => ({
        resolve: { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] },
      }),
    },
    tailwindcss(),
    postBuild({ alias }),
    // The service worker (src/service-worker/sw.ts, docs/product.md §10), built on its own: not part of any page's
    // JavaScript. It keeps only the offline page and the icons; the manifest is the server's (PRODUCT_NAME), and
    // the app registers the worker itself (src/app/serviceWorker.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['offline*.html', 'icons/*.png'],
        // As for the app (below): the worker takes two constants and a text from the contract, not all of it.
        // (vite-plugin-pwa types this as Rollup's option; Rolldown, which builds it, takes the same rule list.)
        rollupOptions: { treeshake: { moduleSideEffects: [CONTRACT_DECLARES_ONLY] as never } },
        // The plugin asks for one file with rollup's name for it, which rolldown calls deprecated on every build.
        buildPlugins: {
          vite: [
            {
              name: 'rummage:sw-one-file',
              outputOptions({ inlineDynamicImports, ...rest }) {
                return inlineDynamicImports ? { ...rest, codeSplitting: false } : undefined;
              },
            },
          ],
        },
      },
    }),
  ],
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
        if (isLibraryNote(warning)) return;
        warn(warning);
      },
      // The post-build step prerenders the pages and compresses every file, so it is meant to take most of the
      // build; rolldown's page-long note saying so on every build told nobody anything.
      checks: { bundlerTimings: false },
      treeshake: {
        // The contract's modules only declare things. Saying so lets the bundler drop the zod schemas
        // (and zod and libphonenumber with them) from pages that only need texts, routes and constants.
        moduleSideEffects: [CONTRACT_DECLARES_ONLY],
      },
    },
  },
});
