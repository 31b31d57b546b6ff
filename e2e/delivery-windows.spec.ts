import { expect } from '@playwright/test';
import { blockMapTiles } from './address.helpers.ts';
import {
  confirmationNumber,
  expectStep,
  fillSandboxCard,
  placeOrder,
  remitterWithCart,
} from './checkout.helpers.ts';
import { expectNoSideScroll, openStoreInbox, orderCard } from './fulfilment.helpers.ts';
import { test } from './server.fixtures.ts';

/**
 * Issue 29 item 4 (decision 065): the remitter picks a delivery window at checkout (the earliest comes
 * preselected) with a gift message, and the same window is on the store's inbox card and on the courier link.
 */
test('a window chosen at checkout is on the inbox card and on the courier link @phone-only', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const origin = baseURL ?? '';
  await blockMapTiles(page);
  await remitterWithCart(page, origin);
  await page.goto('/checkout');
  await expectStep(page, 'Contacto');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectStep(page, 'Envío');
  const beneficiary = page.getByRole('button', { name: /^Carmen Rodríguez/ });
  if ((await beneficiary.getAttribute('aria-pressed')) !== 'true') await beneficiary.click();

  const windows = page.getByRole('group', { name: /^Franja de entrega · / });
  const radios = windows.getByRole('radio');
  await expect(radios.first()).toBeChecked();
  // Not the earliest: the second window, whose text the store and the courier must show.
  const second = windows.locator('label').nth(1);
  const text = (await second.innerText()).trim();
  expect(text).toMatch(/^(lun|mar|mié|jue|vie) \d{1,2}\/\d{1,2}, \d{1,2}:00 a \d{1,2}:00$/);
  await radios.nth(1).check();
  await page.getByLabel('Mensaje para quien recibe (opcional)').fill('¡Feliz cumple, Carmen!');
  await expectNoSideScroll(page, 'the delivery windows at checkout');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectStep(page, 'Pago');
  await fillSandboxCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectStep(page, 'Revisar Pedido');
  expect(await placeOrder(page)).toBe(201);
  const number = await confirmationNumber(page);

  await openStoreInbox(page, origin);
  let card = orderCard(page, `${number}-1`);
  await expect(card).toContainText(`Entrega ${text}`);
  await card.getByRole('button', { name: new RegExp(`${number}-1`) }).click();
  await expect(card.getByText('¡Feliz cumple, Carmen!')).toBeVisible();
  await card.getByRole('button', { name: 'Aceptar' }).click();
  await page.getByRole('tab', { name: /^En preparación/ }).click();
  card = orderCard(page, `${number}-1`);
  await card.getByRole('button', { name: new RegExp(`${number}-1`) }).click();
  await card.getByRole('button', { name: 'Listo para entregar' }).click();
  await page.getByRole('tab', { name: /^Listos/ }).click();
  card = orderCard(page, `${number}-1`);
  await card.getByRole('button', { name: new RegExp(`${number}-1`) }).click();
  const courierUrl = (await card.getByText(/\/entrega\//).textContent())?.trim() ?? '';
  expect(courierUrl).toMatch(/\/entrega\/[A-Za-z0-9_-]{40,}$/);

  await page.goto(new URL(courierUrl).pathname);
  await expect(page.getByText(`Franja: ${text}`)).toBeVisible();
  await expectNoSideScroll(page, 'the courier link with its window');
});
