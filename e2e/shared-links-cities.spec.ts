import { expect, type Page } from '@playwright/test';
import { addButton, cartButton, YERBA } from './cart.helpers.ts';
import { COSTA, serveCityToo } from './cities.helpers.ts';
import { test } from './server.fixtures.ts';
import { hydrated } from './visitor.helpers.ts';

// Issue 30 item 5 with several served cities: a shared store or product link shows its page to a visitor with
// no city, and the city is asked at the first add to cart, in a dialog; the add completes after choosing.
// The seed serves only Montevideo (spec §1), so the served list the browser receives is widened with a real
// city where El Puerto does not deliver; everything else is the real app and API.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

const STORE = 'Supermercado El Puerto';
const STORE_LINK = '/SupermercadoElPuerto/products';
const ASK_CITY = '¿A qué ciudad enviamos tu compra?';

async function serveTwoCities(page: Page): Promise<void> {
  await serveCityToo(page, COSTA);
}

async function storedCity(page: Page): Promise<{ name: string } | null> {
  return JSON.parse((await page.evaluate(() => localStorage.getItem('city'))) ?? 'null');
}

test('a shared store link shows the store with no city; the first add asks the city, Escape keeps nothing', async ({
  page,
}) => {
  await serveTwoCities(page);
  await page.goto(STORE_LINK);
  await expect(page.getByRole('heading', { level: 1, name: STORE })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${STORE_LINK}$`));
  await hydrated(page);
  expect(await storedCity(page)).toBeNull();

  const add = page
    .locator('main')
    .getByRole('button', { name: /^Agregar: / })
    .first();
  await add.tap();
  const dialog = page.getByRole('dialog', { name: ASK_CITY });
  await expect(dialog).toBeVisible();
  // The store's own cities: Ciudad de la Costa is served, but not by El Puerto.
  await expect(dialog.getByRole('button', { name: 'Montevideo' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: COSTA.name })).toHaveCount(0);
  // Focus never reaches the page behind (a modal <dialog> makes it inert): past the dialog's last control
  // Chromium hands it to the browser itself (the body), then back to the dialog.
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    const focus = await dialog.evaluate((element) =>
      element.contains(document.activeElement) ? 'dialog' : (document.activeElement?.tagName ?? 'none'),
    );
    expect(['dialog', 'BODY']).toContain(focus);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
  expect(await storedCity(page)).toBeNull();
  await expect(cartButton(page, 0)).toBeVisible();

  await add.tap();
  await dialog.getByRole('button', { name: 'Montevideo' }).tap();
  await expect(dialog).toBeHidden();
  await expect(cartButton(page, 1)).toBeVisible();
  expect(await storedCity(page)).toMatchObject({ name: 'Montevideo' });
  // Still the store's page, not the city screen or the store list.
  await expect(page.getByRole('heading', { level: 1, name: STORE })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${STORE_LINK}$`));
});

test('a shared product link with no city asks the city at "Agregar al carrito" and adds after the choice', async ({
  page,
}) => {
  await serveTwoCities(page);
  const search = await page.request.get('/v1/products/Montevideo/?search=yerba');
  const body = (await search.json()) as { results: Array<{ id: number; name: string }> };
  const yerba = body.results.find((product) => product.name === YERBA);
  if (!yerba) throw new Error(`${YERBA} is not in the demo catalog`);

  await page.goto(`/SupermercadoElPuerto/productDetails?id=${yerba.id}`);
  await expect(page.getByRole('heading', { level: 1, name: YERBA })).toBeVisible();
  await addButton(page, YERBA).tap();
  const dialog = page.getByRole('dialog', { name: ASK_CITY });
  await dialog.getByRole('button', { name: 'Montevideo' }).tap();
  await expect(dialog).toBeHidden();
  await expect(cartButton(page, 1)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: YERBA })).toBeVisible();
});
