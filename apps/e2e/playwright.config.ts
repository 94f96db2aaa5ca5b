import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 3100);
const workspaceRoot = path.resolve(__dirname, '../..');
// A fresh database for every run, so suites never see an earlier run's data.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'stockbook-e2e-'));

/** The phone-only files: the mobile project runs them, the desktop project does not. */
const PHONE_ONLY = /(side-menu|x-frame-phone)\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  // Two workers, one server: each test makes its own business, so they share nothing. Measured on
  // this 2-core machine (issue 20): 76 tests in 20.5 min at two workers, where one worker took
  // 6.2 min for the first two sweeps alone (2.9 and 3.3 min); the failures of the two-worker run
  // were the tests' own faults, none a race between workers. E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    // A click or fill whose target never comes fails within 30 s, instead of waiting out a long
    // test's own timeout (a sweep's is 10 minutes: a renamed option hung one that long).
    actionTimeout: 30_000,
    // No trace unless asked for (E2E_TRACE=on keeps one per failed test): recording it took a
    // third of the browser's CPU (measured, 12 flows on 2 workers: 78 s traced, 52 s with DOM
    // snapshots only, 45 s without), and CI keeps no artefacts to open one from.
    trace: process.env.E2E_TRACE === 'on' ? 'retain-on-failure' : 'off',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'desktop', testIgnore: PHONE_ONLY, use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      // What only a phone shows: the public side menu and header, the /x frame's drawer and tables
      // at 390 px, by touch. The accessibility sweeps visit 390 px themselves (setViewportSize).
      name: 'mobile',
      testMatch: PHONE_ONLY,
      use: { ...devices['Desktop Chrome'], channel: undefined, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
  ],
  webServer: {
    // The product exactly as `npm start` serves it, on its own port and a throwaway database.
    command: `node ${path.join(workspaceRoot, 'dist/apps/api/main.js')}`,
    cwd: workspaceRoot,
    url: `http://localhost:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Below Linux's ephemeral ports (32768 and up), which an outgoing connection may hold.
      EMBEDDED_POSTGRES_PORT: String(process.env.E2E_POSTGRES_PORT ?? 25491),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Every test signs up and in from this one address: the per-address auth limit is for strangers.
      RATE_LIMIT_AUTH_PER_ADDRESS: '10000',
      PUBLIC_URL: `http://localhost:${port}`,
      // Playwright's request client keeps connections longer than the API's 5 s and does not retry a
      // GET the server reset while closing the connection idle (seen: ECONNRESET once in a full run);
      // the API keeps idle connections longer than any test waits between calls, as behind a proxy.
      KEEP_ALIVE_TIMEOUT_MS: '120000',
    },
  },
});
