import { expect, type Page } from '@playwright/test';
import { test } from './server.fixtures.ts';

// Decision 085 (issue 30 items 1 and 6): a server-rendered store page and product page, with the seeded promo
// banner running, move nothing once they are on screen at a phone's width: the banner is in the server's
// markup (not added above the page after hydration), and nothing else re-renders to another size (the bar's
// city and currency, the prices). The layout shifts are summed as Lighthouse's CLS counts them (without recent
// input; the test gives none). A 360 px viewport without mobile emulation: Chromium flags the shifts after an
// emulated device's viewport change as "recent input", which would hide them.
test.use({ viewport: { width: 360, height: 640 } });

interface StoreJson {
  id: number;
  slug: string;
}

declare global {
  interface Window {
    __layoutShifts?: number[];
  }
}

/** Records every layout shift without recent input from the first paint on. */
async function observeLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean }
      >) {
        if (!entry.hadRecentInput) window.__layoutShifts?.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Loads a page, waits until it is hydrated and idle (the countdown ticking), and gives its layout shifts. */
async function shiftsOf(page: Page, path: string): Promise<number[]> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  const countdown = page.locator('.promo-banner__time');
  const first = await countdown.textContent();
  // Ticking means hydrated (the markup's countdown stands at the server's minute until then).
  await expect(countdown).not.toHaveText(first ?? '');
  // The settings and currencies have arrived (the bar's select is enabled with the list).
  await expect(page.getByRole('navigation', { name: 'Menú móvil' }).getByLabel('Moneda')).toBeEnabled();
  const shifts = await page.evaluate(() => window.__layoutShifts ?? []);
  // React's production hydration errors are 'Minified React error #418…': none, or the markup was thrown away.
  expect(errors).toEqual([]);
  return shifts;
}

test('a store page and a product page with the banner running shift nothing at 360 px', async ({ page }) => {
  const settings = (await (await page.request.get('/v1/whoami/')).json()) as {
    settings: { header_banner_text: string };
  };
  const bannerText = settings.settings.header_banner_text;
  const stores = (await (await page.request.get('/v1/stores/city/Montevideo')).json()) as StoreJson[];
  const store = stores[0];
  if (!store) throw new Error('no store in Montevideo');
  const sections = (await (await page.request.get(`/v1/stores/${store.id}/products/`)).json()) as Array<{
    products: Array<{ id: number }>;
  }>;
  const product = sections.flatMap((section) => section.products)[0];
  if (!product) throw new Error('no product in the first store');
  const paths = [`/${store.slug}/products`, `/${store.slug}/productDetails?id=${product.id}`];

  const markupOf = async (path: string) => {
    const html = await (await page.request.get(path)).text();
    return html.slice(html.indexOf('<div id="root">'));
  };
  for (const path of paths) {
    // The banner is in the server's HTML, in the root's markup, with its countdown. A fresh server's first
    // render of a page can miss its budget while the page's modules load (the shell is sent, decision 079):
    // asked again, the markup is there.
    await expect.poll(() => markupOf(path)).toContain(`<strong>${bannerText}</strong> Terminan en`);
    expect(await markupOf(path)).toMatch(
      /<time class="promo-banner__time" dateTime="PT\d+S">\d{2,}:\d{2}:\d{2}<\/time>/,
    );
  }

  await observeLayoutShifts(page);
  for (const path of paths) {
    const shifts = await shiftsOf(page, path);
    expect({ path, shifts }).toEqual({ path, shifts: [] });
  }
});

test('a returning visitor with a stored address: the address bar in the markup is never painted', async ({
  page,
}) => {
  const stores = (await (await page.request.get('/v1/stores/city/Montevideo')).json()) as StoreJson[];
  const store = stores[0];
  if (!store) throw new Error('no store in Montevideo');
  // The last visit stored an address (the address popup writes it so); its pages told the server.
  await page.goto('/v1/cities/');
  await page.evaluate(() =>
    localStorage.setItem(
      'location',
      JSON.stringify({ latitude: -34.9, longitude: -56.16, label: 'Av. Brasil 2500' }),
    ),
  );
  await page.goto(`/${store.slug}/products`, { waitUntil: 'networkidle' });
  await expect(page.getByRole('complementary', { name: 'Dirección de envío' })).toHaveCount(0);

  await observeLayoutShifts(page);
  const shifts = await shiftsOf(page, `/${store.slug}/products`);
  expect(shifts).toEqual([]);
  await expect(page.getByRole('complementary', { name: 'Dirección de envío' })).toHaveCount(0);
});
