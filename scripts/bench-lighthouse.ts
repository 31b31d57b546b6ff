// Lighthouse on the built app, as `npm run bench` runs it: the mobile preset (Lighthouse's default config:
// a mid-range phone, simulated slow 4G and 4x CPU slowdown) on home, /stores, a store's products and a
// product detail, in Debian's Chromium, fully offline (the bench server is on 127.0.0.1 and the app loads
// nothing from elsewhere). A measurement, not a test: it prints and never fails on a number.
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

export interface LighthousePage {
  label: string;
  /** Path on the bench server. */
  path: string;
  /** localStorage entries the page needs to show content (the chosen city and store), set before loading. */
  storage: Record<string, string>;
}

export interface LighthouseFigures {
  label: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/**
 * Runs Lighthouse on each page, each run in a fresh tab with an empty HTTP cache. With LIGHTHOUSE_RUNS=n
 * (default 1) a page is measured n times and its median run (by performance score) is kept: on a shared
 * machine one run can be far off.
 */
export async function runLighthouse(base: string, pages: LighthousePage[]): Promise<LighthouseFigures[]> {
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const figures: LighthouseFigures[] = [];
  try {
    for (const page of pages) {
      const results: LighthouseFigures[] = [];
      for (let run = 0; run < runs; run += 1) results.push(await auditWithRetry(browser, base, page));
      results.sort((a, b) => a.performance - b.performance);
      const median = results[Math.floor(results.length / 2)];
      if (median) figures.push(median);
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
  return figures;
}

/** Lighthouse now and then fails to record a trace on a loaded machine (NO_NAVSTART): such a run is redone. */
async function auditWithRetry(
  browser: Awaited<ReturnType<typeof puppeteer.connect>>,
  base: string,
  target: LighthousePage,
): Promise<LighthouseFigures> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      return await auditPage(browser, base, target);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

async function auditPage(
  browser: Awaited<ReturnType<typeof puppeteer.connect>>,
  base: string,
  target: LighthousePage,
): Promise<LighthouseFigures> {
  const tab = await browser.newPage();
  try {
    // Lighthouse's own storage reset would also wipe the chosen city, so the reset is done here instead: an
    // empty HTTP cache and origin storage, then only the entries the page needs.
    await tab.goto(`${base}/robots.txt`);
    const cdp = await tab.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'all' });
    await tab.evaluate((entries: Record<string, string>) => {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    }, target.storage);
    await cdp.detach();

    const result = await lighthouse(
      `${base}${target.path}`,
      { logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES], disableStorageReset: true },
      undefined,
      tab,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${target.path}`);
    const failure = result.lhr.runtimeError;
    if (failure) throw new Error(`Lighthouse failed on ${target.path}: ${failure.code} ${failure.message}`);
    // LIGHTHOUSE_REPORT_DIR keeps each page's full report, to see what a figure is made of.
    const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
    if (reportDir) {
      const name = `${target.label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.json`;
      writeFileSync(path.join(reportDir, name), JSON.stringify(result.lhr));
    }
    const { categories, audits } = result.lhr;
    const score = (id: (typeof CATEGORIES)[number]) => Math.round((categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    return {
      label: target.label,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
    };
  } finally {
    await tab.close();
  }
}

export function printLighthouseTable(figures: LighthouseFigures[]): void {
  // The figures depend on the CPU left to Chromium: the load says how busy the machine was.
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  console.log(`(${cpus().length} CPUs, load average ${load} at the end of the runs)`);
  console.log('page                       | perf | a11y | best | seo | LCP ms | TBT ms | CLS');
  for (const row of figures) {
    console.log(
      [
        row.label.padEnd(26),
        String(row.performance).padStart(4),
        String(row.accessibility).padStart(4),
        String(row.bestPractices).padStart(4),
        String(row.seo).padStart(3),
        row.lcpMs.toFixed(0).padStart(6),
        row.tbtMs.toFixed(0).padStart(6),
        row.cls.toFixed(3).padStart(5),
      ].join(' | '),
    );
  }
}
