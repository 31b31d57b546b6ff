import { expect } from '@playwright/test';
import { toasts } from './account.helpers.ts';
import { expectNoSeriousViolations, OPEN_DIALOG } from './axe.helpers.ts';
import {
  deliveryCodeFromTracking,
  openStoreInbox,
  orderCard,
  placePaidStoreOrder,
  RICE,
} from './fulfilment.helpers.ts';
import { test } from './server.fixtures.ts';

/**
 * Issue 17, the hand-over at the counter: a pick-up order has no courier link; the store hands it over with
 * the beneficiary's code. The courier's link (picked up, a failed attempt, delivered with the code and a
 * photo) is walked in e2e/fulfilment-day.spec.ts.
 */

test.describe('pick-up at the counter', () => {
  test('a pick-up order is handed over at the counter with the code @phone-only', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const origin = baseURL ?? '';
    const order = await placePaidStoreOrder(origin, {
      lines: [{ name: RICE, quantity: 1 }],
      delivery: 'pickup',
      beneficiaryFirstName: 'Inés',
    });
    await openStoreInbox(page, origin);
    let card = orderCard(page, order.storeOrderNumber);
    await expect(card).toBeVisible({ timeout: 15_000 });
    await card.getByRole('button', { name: new RegExp(order.storeOrderNumber) }).click();
    await expect(card.getByText('Retira Inés Rodríguez')).toBeVisible();
    await card.getByRole('button', { name: 'Aceptar' }).click();
    await page.getByRole('tab', { name: /^En preparación/ }).click();
    card = orderCard(page, order.storeOrderNumber);
    await card.getByRole('button', { name: new RegExp(order.storeOrderNumber) }).click();
    await card.getByRole('button', { name: 'Listo para retirar' }).click();
    await expect(toasts(page).getByText('Pedido listo')).toBeVisible();
    await page.getByRole('tab', { name: /^Listos/ }).click();
    card = orderCard(page, order.storeOrderNumber);
    await card.getByRole('button', { name: new RegExp(order.storeOrderNumber) }).click();
    // A pick-up has no courier link: the store hands it over itself.
    await expect(card.getByRole('link', { name: 'Enviar al repartidor por WhatsApp' })).toHaveCount(0);
    await card.getByRole('button', { name: 'Entregar en el mostrador' }).click();

    const dialog = page.getByRole('dialog', { name: `Entregar el pedido ${order.storeOrderNumber}` });
    await expect(dialog.getByLabel('Nombre de quien retira')).toHaveValue('Inés Rodríguez');
    await expectNoSeriousViolations(page, 'the counter hand-over dialog', { within: OPEN_DIALOG });
    const code = await deliveryCodeFromTracking(origin, order.trackingToken, order.storeOrderNumber);
    await dialog.getByLabel('Código de entrega').fill(code);
    await dialog.getByRole('button', { name: 'Confirmar entrega' }).click();
    await expect(dialog).toBeHidden();
    await expect(toasts(page).getByText('Pedido entregado')).toBeVisible();
    await page.getByRole('tab', { name: /^Entregados/ }).click();
    await expect(orderCard(page, order.storeOrderNumber)).toBeVisible();
  });
});
