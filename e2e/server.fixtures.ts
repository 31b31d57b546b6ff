import { test as base, type Page, type Response, type TestInfo } from '@playwright/test';

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
  // A browse page's server markup is visible before it is hydrated (decisions 079, 083, 084), and a tap on it
  // or typing into it before then does nothing: a person waits for the page to respond, so `goto` and
  // `reload` of such a page return once it is hydrated, as `<html data-hydrated>` says (state/hydration.ts).
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => untilHydrated(page, await goto(url, options));
    page.reload = async (options) => untilHydrated(page, await reload(options));
    await use(page);
  },
});

async function untilHydrated(page: Page, response: Response | null): Promise<Response | null> {
  if (!response?.headers()['content-type']?.includes('text/html')) return response;
  const html = await response.text().catch(() => '');
  // Only a page whose HTML carries markup: the shell, the staff app and other documents answer at once.
  if (html.includes('<div id="root">') && !html.includes('<div id="root"></div>')) {
    // A page that never hydrates fails on what the test asks of it next, with a clearer message than this.
    await page
      .locator('html[data-hydrated]')
      .waitFor({ state: 'attached', timeout: 15_000 })
      .catch(() => undefined);
  }
  return response;
}

/** The running test's server, for helpers that have no `baseURL` fixture at hand. */
export function currentBaseURL(): string {
  const info = test.info();
  return serverOrigin(info.project.use.baseURL, info);
}
