import { expect } from '@playwright/test';
import { collectConsoleErrors } from './hydration.helpers.ts';
import { test } from './server.fixtures.ts';
import { storeList } from './visitor.helpers.ts';

// Issue 30 (decision 084): /stores arrives rendered with the city's stores (Montevideo, the only served city,
// is implied), hydrates without a mismatch for a first visit and for a return with a stored city (and its
// cookie), shows nothing over the page once interactive, and a store's card still opens its products.

interface StoreJson {
  id: number;
  name: string;
  slug: string;
}

test('/stores arrives with the city’s stores and hydrates cleanly, first visit and return (decision 084)', async ({
  page,
  context,
}) => {
  const stores = (await (await page.request.get('/v1/stores/city/Montevideo')).json()) as StoreJson[];
  expect(stores.length).toBeGreaterThan(1);

  // The HTML's body before any script: the heading, every store's name, and the address bar a first visit
  // sees (in the markup, so it does not push the list down after hydration).
  // A render over its budget sends the shell (decision 079): the first one after the server starts loads the
  // page's modules, which on a loaded machine can take that long, so the HTML is asked again until rendered.
  let body = '';
  await expect
    .poll(async () => {
      const html = await (await page.request.get('/stores')).text();
      body = html.slice(html.indexOf('<div id="root">'));
      return body;
    })
    .toContain('Elige una tienda');
  expect(body).toMatch(/Enviando a (<!-- -->)?Montevideo</);
  for (const store of stores) expect(body).toContain(`>${store.name}</a>`);
  expect(body).toContain('Ingresa la dirección de entrega');
  // The menus name the city the page is for, so their labels do not change (and shift) after hydration.
  expect(body).toContain('<span class="bottom-bar__city">Montevideo</span>');

  // A first visit: no stored city, no cookie. Nothing opens over the page once it is interactive.
  const errors = collectConsoleErrors(page);
  await page.goto('/stores');
  await expect(page.getByRole('heading', { level: 1, name: 'Elige una tienda' })).toBeVisible();
  await expect(storeList(page).getByRole('link')).toHaveCount(stores.length);
  await page.waitForTimeout(1_500);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Dirección de envío' })).toBeVisible();
  // The implied city is stored, and mirrored in its cookie for the server (first-party, Lax, about a year).
  const montevideo = await page.evaluate(() => JSON.parse(window.localStorage.getItem('city') ?? 'null'));
  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'mandado_city');
  expect(cookie?.value).toBe(String(montevideo?.id));
  expect(cookie?.sameSite).toBe('Lax');
  expect(cookie?.httpOnly).toBe(false);
  expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);

  // A return with the stored city (and its cookie): still no mismatch, and a store's card opens its products.
  await page.goto('/stores');
  await expect(page.getByRole('heading', { level: 1, name: 'Elige una tienda' })).toBeVisible();
  const second = stores[1] ?? stores[0];
  if (!second) throw new Error('no store in Montevideo');
  await storeList(page).getByRole('link', { name: second.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${second.slug}/products$`));
  await expect(page.getByRole('heading', { level: 1, name: second.name })).toBeVisible();
  // The production build logs a mismatch as 'Minified React error #418' (or #419-#425): any error fails.
  expect(errors).toEqual([]);
});
