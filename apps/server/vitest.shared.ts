import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';
import { testReporters } from '../../scripts/test-times/reporters.mjs';

type TestOptions = NonNullable<ViteUserConfig['test']>;

/**
 * What every server suite shares (unit and API, security, faults): the contract read from its sources, and the
 * reports npm test and CI add up into the timing table and one closing "N passed, N failed" line.
 */
export function serverSuite(reportName: string, test: TestOptions): ViteUserConfig {
  return defineConfig({
    resolve: {
      alias: {
        '@rummage/contract': fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)),
      },
    },
    test: {
      ...testReporters(reportName),
      ...test,
    },
  });
}
