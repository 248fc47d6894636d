import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { productMailbox } from './server/src/test/product-mailbox';

/** The features Playwright's Chromium launch disables (its chromiumSwitches), kept when the list below is given. */
const playwrightDisabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

// Two test runs on one machine (two developers, two worktrees) each pick a port of their own.
const PORT = Number(process.env.PIPEWISE_E2E_PORT ?? 4310);
const baseURL = `http://127.0.0.1:${PORT}`;
// A fresh database per run: tests never see another run's users. Workers load this file again;
// the environment they inherit keeps them from making folders of their own.
process.env.PIPEWISE_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-e2e-'));
const dataDir = process.env.PIPEWISE_E2E_DATA_DIR;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // Two cores shared by the browser, the server and the runner: a lazy screen after its session check and
  // two requests took 8 s of CPU-starved waiting in CI, with each request itself under 600 ms, and once
  // the settings page's first request left 10 s after its session check (its chunks long loaded).
  timeout: 60_000,
  expect: { timeout: 25_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL,
    // A trace costs each test about a tenth of its time (a DOM snapshot per action): CI keeps one of a failed test's
    // retry, a local run (no retries) of each failure; screenshots are kept of every failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // As a person who asked for less motion: no spinner or skeleton keeps the software renderer busy while a test
    // waits, and nothing waits for a dialog's entrance (index.css honours the setting).
    contextOptions: { reducedMotion: 'reduce' },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Chromium makes each new window's address-bar popups (pages of its own, rendered in a process of their
        // own) though a test never shows them: 0.2 s and a busy process per test. This list replaces Playwright's
        // own, which Chromium would otherwise drop (the last --disable-features wins), so it repeats it first.
        `--disable-features=${[...playwrightDisabledFeatures, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'].join(',')}`,
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // Bundled by `npm run test:e2e` (scripts/server-bundle.ts): it starts in half the time and CPU of tsx.
    command: 'node dist/server/main.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // Starting the embedded database takes over a minute on a busy two-core machine.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      // Every test signs a fresh user up from the same address; the per-address limit is tested by the API tests.
      AUTH_ATTEMPTS_PER_MINUTE: '1000',
      // Every visitor of the booking tests books from the same address; the limit itself is tested by the API tests.
      BOOKING_ATTEMPTS_PER_MINUTE: '1000',
      // Every browser test submits forms from 127.0.0.1.
      FORM_SUBMISSIONS_PER_MINUTE: '1000',
      // Every chatbot test talks to the bots from 127.0.0.1.
      CHATBOT_MESSAGES_PER_MINUTE: '1000',
      CHATBOT_MESSAGES_PER_BOT_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
      // The email tests' mail servers (scripts/mail-servers.sh) listen on loopback with a certificate of their own.
      ALLOW_PRIVATE_HOSTS: 'true',
      ...(process.env.MAIL_TEST_CA_FILE ? { MAIL_CA_FILE: process.env.MAIL_TEST_CA_FILE } : {}),
      // The product's own mail (password-reset links) goes to the test mail servers' mailbox for it.
      ...(productMailbox() ? { SMTP_URL: productMailbox()!.smtpUrl } : {}),
    },
  },
});
