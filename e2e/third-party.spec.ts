import { expect } from '@playwright/test';
import { test } from './server.fixtures.ts';
import { chooseMontevideo, openFirstStore } from './visitor.helpers.ts';

/**
 * Spec §7 third-party widgets (decision 027): this server configures none, so after a browse session — the
 * load event passed and the browser idle — no request has left the site, and no widget script is on the page.
 */
test('with no widget configured, browsing sends no request to another site', async ({ page, baseURL }) => {
  const origin = new URL(baseURL ?? 'http://localhost').origin;
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== origin) elsewhere.push(url);
  });

  await chooseMontevideo(page);
  await openFirstStore(page);
  // The widgets would load after the load event, once idle (requestIdleCallback, timeout 3 s).
  await page.waitForLoadState('load');
  await page.waitForTimeout(3500);

  expect(elsewhere).toEqual([]);
  await expect(page.locator('script[data-widget]')).toHaveCount(0);
  const dataLayer = await page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer ?? []);
  expect(dataLayer).not.toContainEqual(expect.objectContaining({ event: 'gtm.js' }));
});
