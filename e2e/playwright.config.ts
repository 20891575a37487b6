import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests drive the built app, served by the real server on a free port with a fresh data
 * directory, in Debian's Chromium (Playwright never downloads browsers here). The port and data
 * directory are chosen once in the main process; workers inherit them through the environment.
 */
const root = path.resolve(import.meta.dirname, '..');
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'batchwise-e2e-'));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(root, 'test-results'),
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Tests wait for states (an element, a URL, a response), never for a length of time; these only
  // bound how long a state may take before the test gives up. Every test starts a cold browser
  // context, which compiles and runs the signed-in app's chunks (Ant Design) before the page's
  // first heading shows: seconds on a quiet machine, 10–30 s with other work on both cores.
  // The bounds leave room for that; a response that never finishes still fails.
  timeout: 120_000,
  expect: { timeout: 45_000 },
  reporter: [['list']],
  use: {
    baseURL,
    // The network log, actions and DOM snapshots tell why a test failed. The screencast costs
    // every test frame captures and JPEG encoding in Chromium's browser and GPU processes, which
    // run at a higher priority than the page and the server: with both cores busy, one sign-in,
    // settings and dashboard round took 63–91 s with it and 13–25 s without.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /maintenance\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // Maintenance mode pauses every school's writes on the one server the tests share, so its
    // test runs after all the others have finished.
    {
      name: 'platform-wide',
      testMatch: /maintenance\.spec\.ts$/,
      dependencies: ['desktop'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: {
    command: `${process.execPath} --import tsx apps/server/src/server.ts`,
    cwd: root,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      // Links, canonical and og URLs come from PUBLIC_URL, never from the request's Host header.
      PUBLIC_URL: baseURL,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      DATABASE_URL: '',
      // scrypt at the OWASP cost (2^17, 128 MiB) takes ~0.7 s a hash on a quiet core here and
      // several seconds on a busy one, holding a libuv thread the whole time; nearly every test
      // signs someone up or in. The cost itself is covered by the unit tests (password.test.ts);
      // the browser tests run at the unit tests' cost so they spend their time on the pages.
      PASSWORD_SCRYPT_LOG2N: '10',
      // The tests' API sign-ups each name a client address of their own (page-helpers.ts
      // fromNewClient), as a balancer in front of the server would.
      TRUST_PROXY: '127.0.0.1',
      // SSLCommerz and bKash are loopback stand-ins with their own checkout pages (Pay / Cancel
      // buttons) on 127.0.0.1; they post the IPN back to PUBLIC_URL.
      PAYMENT_DRIVER: 'stand-in',
    },
  },
});
