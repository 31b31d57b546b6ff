import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// E2E_PORT lets two runs (two checkouts, two sessions) share a machine.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;

// A fresh database per run. Workers load this file again; the environment carries the runner's directory to
// them, so only one directory is created per run.
const isRunner = process.env.MANDADO_E2E_DATA_DIR === undefined;
process.env.MANDADO_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'mandado-e2e-'));
const dataDir = process.env.MANDADO_E2E_DATA_DIR;
if (isRunner) {
  // The server has been stopped by then; the database is only for this run.
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

// The app's e-mail goes over SMTP to a sink in the runner (e2e/mail-sink.global-setup.ts), which writes each
// message into this directory for the tests (e2e/mail.helpers.ts). The port follows E2E_PORT so runs can share
// a machine.
const MAIL_SINK_PORT = PORT + 25;
process.env.MANDADO_E2E_MAIL_SINK_PORT = String(MAIL_SINK_PORT);
process.env.MANDADO_E2E_MAIL_DIR ??= mkdtempSync(path.join(tmpdir(), 'mandado-e2e-mail-'));
const mailDir = process.env.MANDADO_E2E_MAIL_DIR;
if (isRunner) process.once('exit', () => rmSync(mailDir, { recursive: true, force: true }));

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/mail-sink.global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // CI runs E2E beside the API suites (two lanes on two cores, decision 035): a test of several axe scans or a
  // whole checkout needs more than 30 s there, though each step stays quick.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 10_000 : 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    headless: true,
    locale: 'es-UY',
    timezoneId: 'America/Montevideo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // Decision 035: every test runs on the desktop unless tagged '@phone-only'; the phone runs ONLY the tests
    // tagged '@phone' or '@phone-only' in their title, those where the 360 px layout, the bottom bar, the
    // phone menus or touch change what is tested. An untagged test is a desktop test.
    {
      name: 'desktop',
      grepInvert: /@phone-only/,
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      grep: /@phone\b/,
      // Scale 1: no test compares pixels, and a 2× page costs Chromium four times the raster work.
      use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
    },
  ],
  webServer: {
    command: 'node --import tsx apps/api/src/server.ts',
    url: `${baseURL}/v1/cities/`,
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every browser here is one address, registering and logging in far more often than a person would;
      // the limits themselves are tested in the API suite.
      RATE_LIMITS: JSON.stringify({
        loginPerIp: { max: 10_000, windowSeconds: 300 },
        emailLookupPerIp: { max: 10_000, windowSeconds: 300 },
        loginPerEmail: { max: 10_000, windowSeconds: 300 },
        contactPerIp: { max: 10_000, windowSeconds: 600 },
        suggestionPerIp: { max: 10_000, windowSeconds: 600 },
      }),
      SMTP_URL: `smtp://127.0.0.1:${MAIL_SINK_PORT}`,
      PUBLIC_URL: baseURL,
    },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
