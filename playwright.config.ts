import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// E2E_PORT lets two runs (two checkouts, two sessions) share a machine.
const PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * Debian's Chromium (decision 039): its headless build, /usr/bin/chromium-headless-shell from the
 * `chromium-headless-shell` package (the same Chromium release, built from the same Debian source), when the
 * machine has it; the full browser at /usr/bin/chromium otherwise. The full browser's new headless mode runs a
 * GPU process and the browser's own UI beside every page: on this 2-core machine it spent 2.5 times the CPU
 * for the same pages. E2E_CHROMIUM names another binary (`E2E_CHROMIUM=/usr/bin/chromium npm run test:e2e`).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM =
  process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
/**
 * One server, each on its own fresh database, per Playwright worker (decision 039): worker N (its
 * parallelIndex) talks to http://localhost:PORT+N, through the `baseURL` fixture of e2e/server.fixtures.ts.
 * The specs keep what they assumed with one worker — every file runs in order against a database nobody else
 * is writing to (stock, coupons, order numbers) — and two workers use both cores. E2E_WORKERS sets how many.
 */
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const baseURL = `http://localhost:${PORT}`;

// A fresh data directory per run, one folder per server in it (server-0, server-1…). Workers load this file
// again; the environment carries the runner's directory to them, so only one directory is created per run.
const isRunner = process.env.MANDADO_E2E_DATA_DIR === undefined;
process.env.MANDADO_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'mandado-e2e-'));
const dataDir = process.env.MANDADO_E2E_DATA_DIR;
if (isRunner) {
  // The servers have been stopped by then; the databases are only for this run.
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
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // CI runs E2E beside the API suites (two lanes on two cores, decision 035): a test of several axe scans or a
  // whole checkout needs more than 30 s there, though each step stays quick.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 10_000 : 7_000 },
  // No HTML report: CI keeps only its log, and a failure's trace and screenshot are under test-results/.
  reporter: 'list',
  use: {
    baseURL,
    headless: true,
    // Decision 044: the site honours prefers-reduced-motion (web-kit's global.css), and no test is about an
    // animation; without it the skeleton shimmer, spinners and sheet slides had the compositor drawing frames
    // nobody looks at: the reduced-motion run of cart.spec took 10 % less CPU.
    reducedMotion: 'reduce',
    locale: 'es-UY',
    timezoneId: 'America/Montevideo',
    // Decision 039: a trace records a screenshot of every frame; kept for every test and thrown away on success
    // ('retain-on-failure') it cost 40 % of the suite's CPU. CI retries a failure once, with the trace on.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium (see CHROMIUM); Playwright never downloads a browser here.
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // Decision 039: a test page lives seconds, too short for V8's optimising compilers to pay back the
        // background compiling they start (20 % of the suite's CPU); the baseline tier runs the same code.
        '--js-flags=--max-opt=1',
        // Decision 044: compositing in the browser process instead of a GPU process of its own, on the main
        // thread, with images decoded when drawn: the same pages for 6 % less CPU than with the GPU process.
        '--in-process-gpu',
        '--disable-gpu-compositing',
        '--disable-threaded-animation',
        '--disable-threaded-scrolling',
        '--disable-checker-imaging',
        ...(process.env.E2E_EXTRA_ARGS ? process.env.E2E_EXTRA_ARGS.split(' ').filter(Boolean) : []),
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
  webServer: Array.from({ length: WORKERS }, (_, index) => {
    const origin = `http://localhost:${PORT + index}`;
    return {
      command: 'node --import tsx apps/api/src/server.ts',
      url: `${origin}/v1/cities/`,
      env: {
        PORT: String(PORT + index),
        DATA_DIR: path.join(dataDir, `server-${index}`),
        LOG_LEVEL: 'warn',
        // Every browser here is one address, registering and logging in far more often than a person would;
        // the limits themselves are tested in the API suite.
        RATE_LIMITS: JSON.stringify({
          loginPerIp: { max: 10_000, windowSeconds: 300 },
          emailLookupPerIp: { max: 10_000, windowSeconds: 300 },
          registerPerIp: { max: 10_000, windowSeconds: 3600 },
          loginPerEmail: { max: 10_000, windowSeconds: 300 },
          contactPerIp: { max: 10_000, windowSeconds: 600 },
          suggestionPerIp: { max: 10_000, windowSeconds: 600 },
        }),
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SINK_PORT}`,
        // Links in e-mails lead back to the server that sent them, where their account lives.
        PUBLIC_URL: origin,
        // The demo's store owner and operator (apps/api/src/db/seed/demo-staff.ts) with a password the specs
        // know (e2e/staff.helpers.ts); the site is local, so the first start seeds them.
        DEMO_STAFF_PASSWORD: 'demo-staff-e2e-2026',
        // Each test registers and logs in its own accounts: their hashes at 0.7 ms, not 30 (decision 049); a
        // published site refuses this setting.
        PASSWORD_HASHING: 'fast-for-tests',
      },
      timeout: 120_000,
      reuseExistingServer: false,
      // SIGTERM lets the server close its database and release DATA_DIR's lock before the payments audit opens
      // it (scripts/e2e.sh); the default, SIGKILL, left the lock behind.
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    };
  }),
});
