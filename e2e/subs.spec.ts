import { expect } from '@playwright/test';
import { toasts } from './account.helpers.ts';
import {
  COFFEE,
  expectNoSideScroll,
  openStoreInbox,
  orderCard,
  placePaidStoreOrder,
} from './fulfilment.helpers.ts';
import { linkFrom, waitForMailWithSubject } from './mail.helpers.ts';
import { test } from './server.fixtures.ts';

/**
 * Issue 29 item 1 (decision 062): at 360 px, the store proposes a substitute for a line it cannot supply, the
 * remitter accepts from the signed link in the e-mail without logging in, and the store's inbox shows the
 * answer on its next poll.
 */
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'es-UY' });

test('the store proposes a substitute, the remitter accepts from the link, and the store sees it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const origin = baseURL ?? '';
  const order = await placePaidStoreOrder(origin, { lines: [{ name: COFFEE, quantity: 1 }] });

  await openStoreInbox(page, origin);
  const card = orderCard(page, order.storeOrderNumber);
  await expect(card).toBeVisible({ timeout: 15_000 });
  await card.getByRole('button', { name: new RegExp(order.storeOrderNumber) }).click();
  await card.getByRole('button', { name: /^No disponible.*Café/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Producto no disponible' });
  await dialog.getByLabel('¿Cuántas tienes?').selectOption('0');
  await dialog.getByRole('radio', { name: 'Proponer otro producto y preguntar a quien compró' }).check();
  const candidates = dialog.getByRole('group', { name: 'Producto de reemplazo' });
  await candidates.getByRole('radio').first().check();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page).getByText('Le preguntamos a quien compró')).toBeVisible();
  await expect(card.getByText(/^Esperando respuesta de quien compró/)).toBeVisible();

  // The remitter, abroad, on their phone: the e-mail's link, no login.
  const mail = await waitForMailWithSubject(order.remitter.email, /reemplazo/);
  const remitter = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true });
  const phone = await remitter.newPage();
  await phone.goto(linkFrom(mail.text));
  await expect(phone.getByRole('heading', { level: 1, name: '¿Aceptas un reemplazo?' })).toBeVisible();
  await expectNoSideScroll(phone, 'the substitution page');
  await phone.getByRole('button', { name: /^Acepto el reemplazo/ }).click();
  await expect(phone.getByRole('status')).toContainText('Respuesta registrada: Acepto el reemplazo');
  await remitter.close();

  // The store's inbox polls with its ETag: the answer shows on the line without reloading.
  await expect(card.getByText('Aceptó el reemplazo')).toBeVisible({ timeout: 40_000 });
  await expectNoSideScroll(page, 'the inbox with the answer');
});
