import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/*
 * Import boundaries (docs/architecture.md "Boundaries"). ESLint's built-in no-restricted-imports, with regex
 * patterns per file glob, is enough: every layer is a folder, so a relative import's first segments say which
 * layer it reaches. (eslint-plugin-boundaries resolves paths and would read nicer, but it is a dependency and
 * a resolver to keep in step with ESLint for what a dozen patterns already say.)
 * Globs are disjoint so that exactly one block sets the rule for a file: a later block would replace, not
 * add to, an earlier block's patterns.
 */
const up = (levels) => String.raw`\.\./`.repeat(levels);

/** Web, a file `depth` folders below features/<feature>/: no app/, and another feature only through its index. */
function webFeatureBoundaries(depth) {
  const toSrc = up(depth + 1);
  const toFeatures = up(depth);
  return {
    files: [`apps/web/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^${toSrc}app(/|$)`,
              message: 'A feature does not import app/: the app composes features, not the other way round.',
            },
            {
              regex: String.raw`^${toFeatures}[^./][^/]*/`,
              message:
                'Import another feature through its index (`../<feature>`), and export what you need there; or move the piece to shared/.',
            },
            {
              regex: String.raw`^${toSrc}features/`,
              message: 'Import another feature through its index (`../<feature>`).',
            },
          ],
        },
      ],
    },
  };
}

/** Server: what a file of a layer may not reach (routes → services → repositories → db; realtime on top). */
const notRealtime = {
  regex: String.raw`^(\.\./)+realtime(/|$)`,
  message:
    'modules/ and services/ do not import realtime/: emit a domain event (events/bus.ts) and let a hub subscriber deliver it.',
};
const notRoutes = {
  regex: String.raw`\.routes(\.js)?$`,
  message: 'Routes sit on top: a service or repository never imports a routes file.',
};
const notServices = {
  regex: String.raw`\.service(\.js)?$`,
  message: 'A repository is below services: hand it what it needs instead of importing a service.',
};
const serverBoundary = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/.artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Web: shared → features → app.
  {
    files: ['apps/web/src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(\.\./)+(features|app)(/|$)`,
              message: 'shared/ imports neither features/ nor app/: move what both need into shared/.',
            },
          ],
        },
      ],
    },
  },
  webFeatureBoundaries(1),
  webFeatureBoundaries(2),
  webFeatureBoundaries(3),
  // Server: routes → services → repositories → db, and realtime/ only ever on top.
  serverBoundary(['apps/server/src/modules/**/*.repository.ts'], [notRealtime, notRoutes, notServices]),
  serverBoundary(['apps/server/src/modules/**/*.service.ts'], [notRealtime, notRoutes]),
  serverBoundary(
    ['apps/server/src/modules/**/*.ts', 'apps/server/src/services/**/*.ts'],
    [notRealtime],
    ['apps/server/src/modules/**/*.repository.ts', 'apps/server/src/modules/**/*.service.ts'],
  ),
  serverBoundary(
    ['apps/server/src/db/**/*.ts'],
    [
      {
        regex: String.raw`^(\.\./)+modules(/|$)`,
        message: 'db/ is the bottom layer: move what it needs from modules/ into lib/ or db/.',
      },
    ],
  ),
  // Hub events are typed from the contract (HUB_EVENT_SCHEMAS, typedHub): `any` is an error in the web app's
  // real-time code and in every file that handles hub events, and no inline comment may switch that off.
  {
    files: [
      'apps/web/src/shared/realtime/**/*.{ts,tsx}',
      'apps/web/src/features/chat/**/*.{ts,tsx}',
      'apps/web/src/features/support/**/*.{ts,tsx}',
      'apps/web/src/features/staff/TicketsTab.tsx',
    ],
    linterOptions: { noInlineConfig: true },
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
);
