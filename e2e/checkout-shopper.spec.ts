import { expect, type Page } from '@playwright/test';
import { createAccount, logInWithForm } from './account.helpers.ts';
import { blockMapTiles, clickMap, pickSuggestion } from './address.helpers.ts';
import { YERBA } from './cart.helpers.ts';
import {
  expectStep,
  fillSandboxCard,
  placeOrder,
  reachPayment,
  remitterWithCart,
} from './checkout.helpers.ts';
import { test } from './server.fixtures.ts';
import { chooseMontevideo } from './visitor.helpers.ts';

/** Issue 16 part B: what a new shopper tripped on in checkout. Users and data come from the API. */

test.beforeEach(async ({ page }) => {
  await blockMapTiles(page);
});

function summary(page: Page) {
  return page.getByRole('complementary', { name: 'Total a pagar' });
}

test('the summary shows the lines, the store’s shipping and the total from the first step @desktop-only', async ({
  page,
  baseURL,
}) => {
  await remitterWithCart(page, baseURL ?? '');
  await page.goto('/checkout');
  await expectStep(page, 'Contacto');
  const aside = summary(page);
  await expect(aside).toBeVisible();
  await expect(aside.getByText(`${YERBA} × 1`)).toBeVisible();
  await expect(aside.getByRole('heading', { level: 3 })).toHaveCount(1);
  await expect(aside.getByText('Envío', { exact: true })).toBeVisible();
  await expect(aside.getByText('Total', { exact: true })).toBeVisible();
});

test('a coupon whose minimum the cart does not reach says so in Spanish, never "aplicado" @desktop-only', async ({
  page,
  baseURL,
}) => {
  await remitterWithCart(page, baseURL ?? '');
  await page.goto('/checkout');
  await reachPayment(page);
  // One yerba is far below ENVIO5's US$ 30 minimum.
  await page.getByLabel('Cupón de descuento').fill('ENVIO5');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText('Este cupón requiere una compra mínima de US$ 30.')).toBeVisible();
  await expect(page.getByText(/Cupón ENVIO5 aplicado/)).toHaveCount(0);
});

test('pick-up asks for the name and phone of who collects it, not an address, and places the order @desktop-only', async ({
  page,
  baseURL,
}) => {
  await remitterWithCart(page, baseURL ?? '');
  await page.goto('/checkout');
  await expectStep(page, 'Contacto');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectStep(page, 'Envío');
  await page.getByLabel(/Retiro en la tienda/).check();
  await expect(page.getByText('¿Quién retira el pedido?')).toBeVisible();
  await expect(page.getByRole('heading', { name: '¿Quién recibe el pedido?' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Mapa de la dirección' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByLabel('Nombre y apellido')).toHaveAttribute('aria-invalid', 'true');
  await expectStep(page, 'Envío');

  await page.getByLabel('Nombre y apellido').fill('Marta Suárez');
  const phone = page.getByLabel('Celular');
  await phone.pressSequentially('99123456');
  await expect(phone).toHaveValue('(099) 123456');
  // An extra digit is refused with the reason, never cut silently.
  await phone.press('End');
  await phone.press('7');
  await expect(phone).toHaveValue('(099) 123456');
  await expect(page.getByText('Ingresa un número válido')).toBeVisible();

  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectStep(page, 'Pago');
  await fillSandboxCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectStep(page, 'Revisar Pedido');
  await expect(page.getByText('Marta Suárez, (099) 123456')).toBeVisible();
  expect(await placeOrder(page)).toBe(201);
  await expect(page).toHaveURL(/\/checkout\/confirmacion\/MV-\d+$/);
  // The confirmation and the order's page name who collects it, not an address.
  await expect(page.getByRole('definition').filter({ hasText: 'Marta Suárez, (099) 123456' })).toBeVisible();
  const number = /MV-\d+$/.exec(page.url())?.[0] ?? '';
  await page.goto(`/user/orders/${number}`);
  const collector = page.getByRole('heading', { name: 'Quién retira' });
  await expect(collector).toBeVisible();
  await expect(page.locator('address').filter({ hasText: 'Marta Suárez' })).toContainText(
    'Celular: (099) 123456',
  );
});

test('the typed house number survives a suggestion and a tap on the map; a refused location is said @desktop-only', async ({
  page,
  baseURL,
}) => {
  const account = await createAccount(baseURL ?? '', { firstName: 'Lucía' });
  await chooseMontevideo(page);
  await page.goto('/login?next=%2Fuser%2Fbeneficiaries');
  await logInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/user\/beneficiaries$/);
  await page.getByRole('button', { name: 'Agregar dirección' }).click();

  // The browser refuses the location permission (Playwright grants none): the shopper is told, in Spanish.
  await page.getByLabel('Mi ubicación actual').check();
  await expect(page.getByText(/No tenemos permiso para usar tu ubicación/)).toBeVisible();

  const box = page.getByRole('combobox', { name: 'Dirección' });
  await pickSuggestion(page, '18 de julio 1234', /18 de Julio/);
  await expect(box).toHaveValue(/^Av\. 18 de Julio 1234(,|$)/);
  await clickMap(page, page);
  // The pin moved; the line the shopper chose keeps its number.
  await expect(box).toHaveValue(/^Av\. 18 de Julio 1234(,|$)/);
});
