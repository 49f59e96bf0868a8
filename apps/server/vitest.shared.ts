import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

type TestOptions = NonNullable<ViteUserConfig['test']>;

/**
 * What every server suite shares (unit and API, security, faults): the contract read from its sources, and the JSON
 * report CI adds up into one closing "N passed, N failed" line (scripts/test-summary.mjs).
 */
export function serverSuite(reportName: string, test: TestOptions): ViteUserConfig {
  return defineConfig({
    resolve: {
      alias: {
        '@rummage/contract': fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)),
      },
    },
    test: {
      reporters: process.env.TEST_REPORT_DIR ? ['default', 'json'] : ['default'],
      outputFile: {
        json: `${process.env.TEST_REPORT_DIR ?? '.'}/${process.env.TEST_REPORT_NAME ?? reportName}.json`,
      },
      ...test,
    },
  });
}
