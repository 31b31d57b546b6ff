import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { toasts } from './account.helpers.ts';
import { expectNoSeriousViolations } from './axe.helpers.ts';
import { EL_PUERTO, expectNoSideScroll, openAsDemoOwner } from './fulfilment.helpers.ts';
import { test } from './server.fixtures.ts';
import { chooseMontevideo, storeList } from './visitor.helpers.ts';

/**
 * Issue 18, the owner's catalog on a 360 px phone: El Puerto's owner adds a product with a photo, finds it,
 * changes its price and its stock from the list; a shopper on another phone then sees it at its new price on
 * the store's page, from the same running server. The CSV import, pausing the store and the staff member's
 * view come with their own pages.
 */

/**
 * A photo larger than the 1600 px the phone sends (2400 × 1800, grainy so it weighs what a photo does), as a
 * JPEG. A phone's own 4000 × 3000 shrinks the same way; this size keeps the test's decoding and encoding cheap.
 */
function phonePhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 2400,
      height: 1800,
      channels: 3,
      background: '#c08040',
      noise: { type: 'gaussian', mean: 128, sigma: 24 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}
const PHONE = {
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 1,
  locale: 'es-UY',
  timezoneId: 'America/Montevideo',
  reducedMotion: 'reduce' as const,
};

/** The demo owner's catalog of El Puerto. */
async function openCatalog(page: Page, baseURL: string): Promise<void> {
  await openAsDemoOwner(page, baseURL, '/comercio/catalogo', `Catálogo de ${EL_PUERTO}`);
}

test('an owner adds a product with a photo, changes its price and stock, and a shopper sees it without a restart @phone-only', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const origin = baseURL ?? '';
  // A retry on the same server finds the first attempt's product: each attempt names its own.
  const name = `Mermelada de Higos Casera ${test.info().retry + 1}`;

  await openCatalog(page, origin);
  await expect(page.getByRole('link', { name: 'Catálogo' })).toHaveAttribute('aria-current', 'page');
  const rows = page.getByRole('article');
  await expect(rows.first()).toBeVisible();
  await expectNoSideScroll(page, 'the catalog list');
  await expectNoSeriousViolations(page, 'the catalog list');

  // Only the rows near the screen are in the page; each tells its place in the whole list. Scrolling to the
  // end renders the last rows and loads the next page (El Puerto has more products than a page holds).
  const items = page.getByRole('list').filter({ has: rows.first() }).getByRole('listitem');
  await expect(items.first()).toHaveAttribute('aria-posinset', '1');
  await expect(items.first()).toHaveAttribute('aria-setsize', '-1');
  expect(await rows.count()).toBeLessThan(20);
  const lastItem = items.last();
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const size = await lastItem.getAttribute('aria-setsize');
    expect(size).not.toBe('-1');
    expect(await lastItem.getAttribute('aria-posinset')).toBe(size);
  }).toPass({ timeout: 15_000 });
  const total = Number(await lastItem.getAttribute('aria-setsize'));
  expect(total).toBeGreaterThan(30);
  expect(await rows.count()).toBeLessThan(20);
  // The quick stock buttons work on a row the window rendered on the way down.
  const lastRow = lastItem.getByRole('article');
  const lastStock = lastRow.locator('.stepper__value');
  const before = Number((await lastStock.innerText()).replace(/\D/g, ''));
  await lastRow.getByRole('button', { name: /^Sumar una unidad de / }).click();
  await expect(lastStock).toContainText(String(before + 1));
  // And back: other specs count El Puerto's stock.
  await lastRow.getByRole('button', { name: /^Quitar una unidad de / }).click();
  await expect(lastStock).toContainText(String(before));
  await expectNoSideScroll(page, 'the catalog list at its end');
  await page.evaluate(() => window.scrollTo(0, 0));

  // A new product, with a photo taken on the phone.
  await page.getByRole('link', { name: 'Nuevo producto' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nuevo producto' })).toBeVisible();
  // 'Guardar' with empty boxes: the messages show under them.
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByLabel('Nombre')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Nombre').fill(name);
  await page
    .getByLabel('Descripción')
    .fill('Hecha en Colonia con higos de la quinta. Frasco de vidrio de 450 g.');
  await page.getByLabel('Categoría').selectOption({ label: 'Almacén' });
  await page.getByLabel('Precio', { exact: true }).fill('189,50');
  await page.getByLabel('Stock').fill('12');
  // The phone shrinks the photo to 1600 px before sending it (the server re-encodes whatever arrives).
  const photo = await phonePhoto();
  const uploaded = page.waitForRequest((request) => request.url().endsWith('/product-images/'));
  await page
    .getByLabel('Agregar fotos')
    .setInputFiles({ name: 'higos.jpg', mimeType: 'image/jpeg', buffer: photo });
  // The body of a Blob upload is not shown to Playwright: its headers tell what the phone made of the photo.
  const sent = await (await uploaded).allHeaders();
  expect(sent['content-type']).toMatch(/^image\/(webp|jpeg)$/);
  expect(Number(sent['content-length'])).toBeLessThan(photo.length / 2);
  await expect(page.getByRole('img', { name: `Foto 1 de ${name}` })).toBeVisible();
  await expect(page.getByText('Principal', { exact: true })).toBeVisible();
  await expectNoSideScroll(page, 'the product form');
  await expectNoSeriousViolations(page, 'the product form');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(toasts(page).getByText('Producto guardado')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Catálogo de ${EL_PUERTO}` })).toBeVisible();

  // Found by a search that ignores case and accents; its price changes in the form.
  await page.getByRole('searchbox', { name: 'Buscar en tu catálogo' }).fill('mermelada de higos');
  const row = rows.filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(rows).toHaveCount(1);
  await expect(row.getByText('$U 189,50')).toBeVisible();
  // The photo as the server stored it (re-encoded as WebP under the store), not the file the phone sent.
  await expect(row.locator('img')).toHaveAttribute('src', /^\/media\/[a-z]+\/\d+\/[0-9a-f-]{36}\.webp$/);
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar producto' })).toBeVisible();
  const price = page.getByLabel('Precio', { exact: true });
  await expect(price).toHaveValue('189,50');
  await price.fill('205');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(toasts(page).getByText('Producto guardado').last()).toBeVisible();
  // Back to the list it came from, still filtered.
  await expect(page.getByRole('searchbox', { name: 'Buscar en tu catálogo' })).toHaveValue(
    'mermelada de higos',
  );
  await expect(row.getByText('$U 205,00')).toBeVisible();

  // Stock from the list: one more, then sold out.
  await expect(row.getByText('12 unidades')).toBeVisible();
  await row.getByRole('button', { name: `Sumar una unidad de ${name}` }).click();
  await expect(row.getByText('13 unidades')).toBeVisible();
  const soldOut = page.waitForResponse(
    (response) =>
      response.url().endsWith('/stock/') && response.request().postData()?.includes('"set":0') === true,
  );
  await row.getByRole('button', { name: /^Agotado/ }).click();
  await expect(row.getByText('Sin stock')).toBeVisible();
  expect((await soldOut).status()).toBe(200);

  // A shopper on another phone sees the new product at its new price on the store's page.
  const shopperContext = await browser.newContext({ baseURL: origin, ...PHONE });
  try {
    const shopper = await shopperContext.newPage();
    await chooseMontevideo(shopper);
    await storeList(shopper)
      .getByRole('link', { name: new RegExp(EL_PUERTO) })
      .first()
      .click();
    await expect(shopper.getByRole('heading', { level: 1, name: EL_PUERTO })).toBeVisible();
    // The store's page shows each category's best sellers; a new product is in its category's page.
    await shopper
      .getByRole('navigation', { name: 'Categorías' })
      .getByRole('link', { name: 'Almacén' })
      .click();
    await expect(shopper.getByRole('heading', { level: 1, name: 'Almacén' })).toBeVisible();
    const card = shopper.locator('.product-card').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.getByText('$U 205,00')).toBeVisible();
    await expect(card.getByText('Sin stock')).toBeVisible();
  } finally {
    await shopperContext.close();
  }
});
