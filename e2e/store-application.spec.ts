import { expect } from '@playwright/test';
import { blockMapTiles, clickMap } from './address.helpers.ts';
import { expectNoSeriousViolations } from './axe.helpers.ts';
import { test } from './server.fixtures.ts';
import { chooseMontevideo, revealFooter } from './visitor.helpers.ts';

/**
 * A RUT whose check digit is right, its own for each attempt: one application per RUT may be pending, and a
 * retry runs against the same database. 21 12345N 001 + its check digit (the DGI's rule, packages/shared/src/rut.ts).
 */
function freshRut(attempt: number): string {
  const weights = [4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  for (let sequence = 123_456 + attempt * 10; ; sequence += 1) {
    const first11 = `21${sequence}001`;
    const sum = weights.reduce((total, weight, index) => total + weight * Number(first11[index]), 0);
    const check = 11 - (sum % 11);
    if (check !== 10) return `${first11}${check === 11 ? 0 : check}`;
  }
}

test("a store applies from the footer's 'Vende en Mandado': required fields, the pin on the map, the thank-you", async ({
  page,
}) => {
  await blockMapTiles(page);
  await chooseMontevideo(page);
  await revealFooter(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Vende en Mandado' }).click();
  await expect(page).toHaveURL(/\/vende-en-mandado$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vende en Mandado' })).toBeVisible();
  // The shopper's city is the default; the map (its own lazy chunk) is there to pin the store.
  await expect(page.getByLabel('Ciudad')).toHaveValue(/\d+/);
  await expect(page.getByRole('region', { name: 'Mapa de la dirección' })).toBeVisible();

  // Nothing filled: every required field says so, and the first one takes the focus.
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  const storeName = page.getByLabel('Nombre de la tienda');
  await expect(storeName).toHaveAttribute('aria-invalid', 'true');
  await expect(storeName).toBeFocused();
  await expect(page.getByText('Campo requerido')).toHaveCount(7);
  await expect(page.getByLabel('RUT')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousViolations(page, 'store application with errors');

  await storeName.fill('Almacén La Esquina');
  await page.getByLabel('Rubro').selectOption({ label: 'Tiendas' });
  await page.getByLabel('RUT').fill(freshRut(test.info().retry));
  await page.getByRole('combobox', { name: 'Dirección' }).fill('Avenida Brasil 2580');
  await clickMap(page, page);
  // The pin does not relabel a line the applicant wrote.
  await expect(page.getByRole('combobox', { name: 'Dirección' })).toHaveValue('Avenida Brasil 2580');
  await page.getByLabel('Nombre de contacto').fill('Marta Rodríguez');
  await page.getByLabel('Correo electrónico').fill('marta.esquina@example.com');
  await page.getByLabel('Teléfono').fill('099 123 456');
  await expect(page.getByText('Campo requerido')).toHaveCount(0);

  const sent = page.waitForResponse(
    (response) =>
      response.url().includes('/v1/store-applications/') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  expect((await sent).status()).toBe(201);
  const status = page.getByRole('status').filter({ hasText: '¡Gracias por tu solicitud!' });
  await expect(status).toContainText('Recibimos tu solicitud');
  await expect(status).toBeFocused();
  await expect(page.getByRole('button', { name: 'Enviar solicitud' })).toHaveCount(0);
});
