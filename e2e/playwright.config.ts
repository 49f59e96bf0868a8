import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { OPERATOR_ADMIN } from './tests/people';

// One fresh data directory per run, shared by the config's copies in Playwright's worker processes.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'rummage-e2e-'));
const port = Number(process.env.E2E_PORT ?? 3210);
const reportDir = process.env.TEST_REPORT_DIR;

export default defineConfig({
  testDir: './tests',
  // E2E_KEEP_DATA=1 keeps the run's data directory for a look after a failure.
  globalTeardown: './global-teardown.ts',
  outputDir: './.artifacts/results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: reportDir ? [['list'], ['json', { outputFile: join(reportDir, 'e2e.json') }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace of every journey cost a quarter of the run (screencast and DOM snapshots at each step); CI retries a
    // failed journey once, and that retry is traced.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here.
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node ../apps/server/dist/server.js',
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      CAPTCHA_PROVIDER: 'altcha',
      SEED_DEMO_DATA: 'true',
      // Demo data has no staff: the staff journeys use the admin an operator creates at start-up.
      ADMIN_USERNAME: OPERATOR_ADMIN.username,
      ADMIN_EMAIL: OPERATOR_ADMIN.email,
      ADMIN_PASSWORD: OPERATOR_ADMIN.password,
      LOG_LEVEL: 'warn',
      // The settings journey's push service is a stand-in on 127.0.0.1 (tests and local setups only).
      PUSH_ALLOW_INSECURE_ENDPOINTS: 'true',
      // The journeys log in and register more often than a person would; the limits themselves are API-tested.
      RATE_LIMIT_LOGIN_MAX: '1000',
      RATE_LIMIT_REGISTER_MAX: '1000',
      RATE_LIMIT_RESET_MAX: '1000',
      RATE_LIMIT_GLOBAL_MAX: '100000',
    },
  },
});
