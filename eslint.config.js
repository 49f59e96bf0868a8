import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  // Hub events are typed from the contract (HUB_EVENT_SCHEMAS, typedHub): `any` is an error in the web app's
  // real-time code and in every file that handles hub events, and no inline comment may switch that off.
  {
    files: [
      'apps/web/src/shared/realtime/**/*.{ts,tsx}',
      'apps/web/src/features/chat/**/*.{ts,tsx}',
      'apps/web/src/features/support/**/*.{ts,tsx}',
      'apps/web/src/features/staff/TicketsTab.tsx',
      'apps/web/src/features/shell/useUnreadCounts.ts',
    ],
    linterOptions: { noInlineConfig: true },
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
);
