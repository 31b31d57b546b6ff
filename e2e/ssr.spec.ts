import { expect } from '@playwright/test';
import { collectConsoleErrors } from './hydration.helpers.ts';
import { test } from './server.fixtures.ts';
import { chooseMontevideo } from './visitor.helpers.ts';

// Issue 30 (decision 066): what a link preview reads of a product page before any script runs, the 404 of a
// product that does not exist, and a store page's first categories with 'Ver más' for the rest.

interface StoreJson {
  id: number;
  name: string;
  slug: string;
}
interface SectionJson {
  category: number;
  name: string;
  products: Array<{ id: number; name: string }>;
}

test('a shared product link carries its name, price, photo and JSON-LD; a missing one is a Spanish 404', async ({
  page,
}) => {
  const stores = (await (await page.request.get('/v1/stores/city/Montevideo')).json()) as StoreJson[];
  const store = stores[0];
  if (!store) throw new Error('no store in Montevideo');
  const sections = (await (
    await page.request.get(`/v1/stores/${store.id}/products/`)
  ).json()) as SectionJson[];
  const product = sections.flatMap((section) => section.products)[0];
  if (!product) throw new Error('no product in the first store');

  // The HTML itself, as WhatsApp or a search engine reads it (no script runs).
  const html = await (await page.request.get(`/${store.slug}/productDetails?id=${product.id}`)).text();
  expect(html).toMatch(/<meta property="og:title" content="[^"]+ · (US\$|\$U) [\d.]+,\d{2}"/);
  expect(html).toMatch(/<meta property="og:image" content="http[^"]+"/);
  expect(html).toContain('"@type":"Product"');
  expect(html).toMatch(/"priceCurrency":"[A-Z]{3}"/);

  // In the browser the page shows the product from the data embedded in the HTML, without errors.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`/${store.slug}/productDetails?id=${product.id}`);
  await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
  expect(errors).toEqual([]);

  const missing = await page.goto(`/${store.slug}/productDetails?id=987654321`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'No encontramos esta página' })).toBeVisible();
});

test("a store page shows its first categories, and 'Ver más' the rest", async ({ page }) => {
  const stores = (await (await page.request.get('/v1/stores/city/Montevideo')).json()) as StoreJson[];
  let target: { store: StoreJson; sections: SectionJson[] } | null = null;
  for (const store of stores) {
    const sections = (await (
      await page.request.get(`/v1/stores/${store.id}/products/`)
    ).json()) as SectionJson[];
    if (sections.length > 3) {
      target = { store, sections };
      break;
    }
  }
  if (!target) throw new Error('no store with more than three categories');
  const { store, sections } = target;

  await chooseMontevideo(page);
  await page.goto(`/${store.slug}/products`);
  await expect(page.getByRole('heading', { level: 1, name: store.name })).toBeVisible();
  const headings = page.getByRole('heading', { level: 2 });
  await expect(headings.filter({ hasText: sections[2]?.name ?? '' })).toBeVisible();
  await expect(headings.filter({ hasText: sections[3]?.name ?? '' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Ver más' }).click();
  const fourth = page.getByRole('heading', { level: 2, name: sections[3]?.name ?? '' });
  await expect(fourth).toBeFocused();
  const last = sections.at(-1)?.name ?? '';
  await expect(page.getByRole('heading', { level: 2, name: last })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Ver más' })).toHaveCount(0);
});

test('a product page arrives rendered, hydrates without a mismatch and still adds to the cart (decision 079)', async ({
  page,
}) => {
  const stores = (await (await page.request.get('/v1/stores/city/Montevideo')).json()) as StoreJson[];
  const store = stores[0];
  if (!store) throw new Error('no store in Montevideo');
  const sections = (await (
    await page.request.get(`/v1/stores/${store.id}/products/`)
  ).json()) as SectionJson[];
  const product = sections.flatMap((section) => section.products)[0];
  if (!product) throw new Error('no product in the first store');
  const url = `/${store.slug}/productDetails?id=${product.id}`;

  // The HTML's body, before any script: the product's name as its heading and its add button.
  const html = await (await page.request.get(url)).text();
  const body = html.slice(html.indexOf('<div id="root">'));
  expect(body).toContain(`<h1 class="product-detail__name">${product.name}</h1>`);
  expect(body).toContain('Agregar al carrito');

  // A returning visitor (a stored city and a cart's state differ from the server's): still no mismatch.
  const errors = collectConsoleErrors(page);
  await chooseMontevideo(page);
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^Agregar al carrito: ${product.name}`) }).click();
  await expect(page.getByRole('button', { name: 'Carrito, 1 producto' }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Carrito, 1 producto' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  // The production build logs a mismatch as 'Minified React error #418' (or #419-#425): any error fails.
  expect(errors).toEqual([]);
});

test('a store page arrives with its header and first products, hydrates without a mismatch and adds to the cart (decision 079)', async ({
  page,
}) => {
  const stores = (await (await page.request.get('/v1/stores/city/Montevideo')).json()) as StoreJson[];
  const store = stores[0];
  if (!store) throw new Error('no store in Montevideo');
  const sections = (await (
    await page.request.get(`/v1/stores/${store.id}/products/`)
  ).json()) as SectionJson[];
  const first = sections[0]?.products[0];
  if (!first) throw new Error('no product in the first store');

  // The HTML's body as a crawler or a slow phone gets it: the store's name and its first products' names.
  const html = await (await page.request.get(`/${store.slug}/products`)).text();
  const body = html.slice(html.indexOf('<div id="root">'));
  expect(body).toContain(`>${store.name}</h1>`);
  for (const product of sections[0]?.products.slice(0, 3) ?? []) expect(body).toContain(product.name);

  // A first visit (no stored city: the only city is implied, as on the server) hydrates cleanly…
  const errors = collectConsoleErrors(page);
  await page.goto(`/${store.slug}/products`);
  await expect(page.getByRole('heading', { level: 1, name: store.name })).toBeVisible();
  await page
    .getByRole('button', { name: `Agregar: ${first.name}` })
    .first()
    .click();
  await expect(page.getByRole('button', { name: 'Carrito, 1 producto' }).first()).toBeVisible();
  // …and so does a return with a stored city and a cart, on a category page too.
  await page.goto(`/${store.slug}/products/${sections[0]?.category}`);
  await expect(page.getByRole('heading', { level: 1, name: sections[0]?.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Carrito, 1 producto' }).first()).toBeVisible();
  expect(errors).toEqual([]);
});
