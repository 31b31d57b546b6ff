import { expect } from '@playwright/test';
import { logInThroughApi } from './account.helpers.ts';
import {
  COFFEE,
  expectNoSideScroll,
  openStoreInbox,
  orderCard,
  placePaidStoreOrder,
} from './fulfilment.helpers.ts';
import { test } from './server.fixtures.ts';

/**
 * Issue 29 item 1 (decision 073), at 360 px: the store proposes a substitute, and the remitter, signed in,
 * answers it right in Mis Compras (no link to follow), where the quiet push opt-in waits for a tap.
 */
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'es-UY' });

test("the remitter answers a proposed substitute inline in 'Mis Compras'", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const origin = baseURL ?? '';
  const order = await placePaidStoreOrder(origin, { lines: [{ name: COFFEE, quantity: 1 }] });

  await openStoreInbox(page, origin);
  const card = orderCard(page, order.storeOrderNumber);
  await card.getByRole('button', { name: new RegExp(order.storeOrderNumber) }).click();
  await card.getByRole('button', { name: /^No disponible.*Café/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Producto no disponible' });
  await dialog.getByLabel('¿Cuántas tienes?').selectOption('0');
  await dialog.getByRole('radio', { name: 'Proponer otro producto y preguntar a quien compró' }).check();
  await dialog.getByRole('group', { name: 'Producto de reemplazo' }).getByRole('radio').first().check();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(card.getByText(/^Esperando respuesta de quien compró/)).toBeVisible();

  const remitter = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true });
  // The headless browser denies notifications outright; a phone that was never asked reads 'default'.
  await remitter.addInitScript(() => {
    if ('Notification' in window) Object.defineProperty(Notification, 'permission', { get: () => 'default' });
  });
  const phone = await remitter.newPage();
  await logInThroughApi(phone, origin, order.remitter);
  await phone.goto('/user/orders');
  const question = phone.getByRole('article', {
    name: `¿Aceptas un reemplazo? Pedido ${order.storeOrderNumber}`,
  });
  await expect(question).toBeVisible();
  // The opt-in is a button among the rest; no permission prompt came with the page.
  if (
    await phone.evaluate(
      () => 'PushManager' in window && 'serviceWorker' in navigator && 'Notification' in window,
    )
  ) {
    await expect(phone.getByRole('button', { name: 'Avisarme en este teléfono' })).toBeVisible();
    expect(await phone.evaluate(() => navigator.serviceWorker.getRegistrations())).toHaveLength(0);
  }
  await expectNoSideScroll(phone, 'Mis Compras with a substitute to decide');
  await question.getByRole('button', { name: /^Devuélvanme el dinero a la tarjeta/ }).click();
  await expect(phone.getByRole('status').filter({ hasText: order.storeOrderNumber })).toContainText(
    'Respuesta registrada: Devuélvanme el dinero a la tarjeta',
  );
  await expect(question).toBeHidden();
  await remitter.close();
});
