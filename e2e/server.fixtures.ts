import { test as base, type TestInfo } from '@playwright/test';

/** The origin of the server this test's worker talks to: the configured one's port + the worker's index. */
function serverOrigin(configured: string | undefined, info: Pick<TestInfo, 'parallelIndex'>): string {
  const url = new URL(configured ?? 'http://localhost:3100');
  url.port = String(Number(url.port) + info.parallelIndex);
  return url.origin;
}

/**
 * The `test` every spec uses: Playwright's, with `baseURL` pointing at this worker's own server
 * (playwright.config.ts starts one per worker, on PORT + the worker's parallelIndex, each on its own fresh
 * database; decision 039). `page`, `request` and the helpers that take `baseURL` all follow it.
 */
export const test = base.extend({
  baseURL: async ({ baseURL }, use, testInfo) => {
    await use(serverOrigin(baseURL, testInfo));
  },
});

/** The running test's server, for helpers that have no `baseURL` fixture at hand. */
export function currentBaseURL(): string {
  const info = test.info();
  return serverOrigin(info.project.use.baseURL, info);
}
