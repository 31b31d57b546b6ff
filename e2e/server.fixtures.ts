import { test as base } from '@playwright/test';

/**
 * The `test` every spec uses: Playwright's, with `baseURL` pointing at this worker's own server
 * (playwright.config.ts starts one per worker, on PORT + the worker's parallelIndex, each on its own fresh
 * database; decision 039). `page`, `request` and the helpers that take `baseURL` all follow it.
 */
export const test = base.extend({
  baseURL: async ({ baseURL }, use, testInfo) => {
    const url = new URL(baseURL ?? 'http://localhost:3100');
    url.port = String(Number(url.port) + testInfo.parallelIndex);
    await use(url.origin);
  },
});
