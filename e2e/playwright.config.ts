import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { HEADLESS_SHELL, launchOptions } from './browsers';
import { laneMatch, lanesOf } from './lanes';

// One fresh data directory per run (a folder per lane inside), shared by the config's copies in Playwright's
// worker processes.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'rummage-e2e-'));
const lanes = lanesOf(process.env, process.env.E2E_DATA_DIR);
const reportDir = process.env.TEST_REPORT_DIR;

export default defineConfig({
  testDir: './tests',
  // Each lane's server (lanes.ts); E2E_KEEP_DATA=1 keeps the run's data directory for a look after a failure.
  globalSetup: './servers.ts',
  outputDir: './.artifacts/results',
  fullyParallel: false,
  // A lane's journeys run one after another (its project's `workers: 1`), and no more journeys at once than the
  // machine has cores: a journey keeps about one core busy (its browser, its server), so three lanes on two cores
  // took no less time in all and made each journey twice as slow as on a quiet machine (docs/testing.md, Time).
  workers: Math.min(lanes.length, availableParallelism()),
  retries: process.env.CI ? 1 : 0,
  // Twice the 60 s a journey file may take on a quiet machine (npm test's timing check fails a slower one): beside
  // other work (a CPU hog on both cores) journeys run about twice as slow, and that must not turn a slow pass into
  // a failure. A stuck step fails at its own limit instead (an assertion 10 s, an action 15 s, a navigation 30 s), so
  // a failed first try and CI's retry still fit in the file's time and the report names the step that stuck.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: reportDir ? [['list'], ['json', { outputFile: join(reportDir, 'e2e.json') }]] : [['list']],
  use: {
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // A trace of every journey cost a quarter of the run (screencast and DOM snapshots at each step); CI retries a
    // failed journey once, and that retry is traced.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: launchOptions(HEADLESS_SHELL),
  },
  projects: lanes.map((lane) => ({
    name: lane.name,
    ...laneMatch(lane, lanes),
    workers: 1,
    metadata: { dataDir: lane.dataDir },
    use: {
      ...devices['Desktop Chrome'],
      channel: undefined,
      baseURL: `http://127.0.0.1:${lane.port}`,
      ...(lane.locale && { locale: lane.locale }),
    },
  })),
});
