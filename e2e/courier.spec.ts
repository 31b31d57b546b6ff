import { expect } from '@playwright/test';
import { toasts } from './account.helpers.ts';
import { expectNoSeriousViolations } from './axe.helpers.ts';
import {
  deliveryCodeFromTracking,
  expectNoSideScroll,
  openStoreInbox,
  orderCard,
  placePaidStoreOrder,
  RICE,
} from './fulfilment.helpers.ts';
import { test } from './server.fixtures.ts';

/**
 * Issue 17, the hand-over: the store prepares a paid order and shares the courier link; the courier, on a
 * phone with no account (a fresh browser context), marks it picked up, records a failed attempt, then
 * delivers it with the code the beneficiary reads on the tracking page, and a photo.
 */

/** A 1×1 PNG: a real image the server checks by content and re-encodes. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('courier link', () => {
  test('the courier picks the order up, records an attempt and delivers it with the code @phone-only', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const origin = baseURL ?? '';
    const order = await placePaidStoreOrder(origin, { lines: [{ name: RICE, quantity: 2 }] });

    // The store accepts it, prepares it and gets the courier link.
    await openStoreInbox(page, origin);
    let card = orderCard(page, order.storeOrderNumber);
    await expect(card).toBeVisible({ timeout: 15_000 });
    await card.getByRole('button', { name: new RegExp(order.storeOrderNumber) }).click();
    await card.getByRole('button', { name: 'Aceptar' }).click();
    await expect(toasts(page).getByText('Pedido aceptado')).toBeVisible();
    await page.getByRole('tab', { name: /^En preparación/ }).click();
    card = orderCard(page, order.storeOrderNumber);
    await card.getByRole('button', { name: new RegExp(order.storeOrderNumber) }).click();
    await card.getByRole('button', { name: 'Listo para entregar' }).click();
    await expect(toasts(page).getByText('Pedido listo')).toBeVisible();
    await page.getByRole('tab', { name: /^Listos/ }).click();
    card = orderCard(page, order.storeOrderNumber);
    await card.getByRole('button', { name: new RegExp(order.storeOrderNumber) }).click();
    const courierUrl = (await card.getByText(/\/entrega\//).textContent())?.trim() ?? '';
    expect(courierUrl).toMatch(/\/entrega\/[A-Za-z0-9_-]{40,}$/);
    const share = card.getByRole('link', { name: 'Enviar al repartidor por WhatsApp' });
    await expect(share).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);
    expect(decodeURIComponent((await share.getAttribute('href')) ?? '')).toContain(courierUrl);
    await expect(card.getByRole('button', { name: 'Copiar enlace' })).toBeVisible();
    await expectNoSideScroll(page, 'the inbox with the courier link');

    // The courier: another phone, no account.
    const courierContext = await browser.newContext({
      baseURL: origin,
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
      locale: 'es-UY',
      timezoneId: 'America/Montevideo',
    });
    try {
      const courier = await courierContext.newPage();
      // A link that does not exist (or expired) says so in the server's words.
      await courier.goto(`/entrega/${'x'.repeat(43)}`);
      await expect(courier.getByText('Este enlace de entrega no existe o ya venció.')).toBeVisible();
      await courier.goto(new URL(courierUrl).pathname);
      await expect(courier.getByRole('heading', { level: 1, name: 'Para Carmen Rodríguez' })).toBeVisible();
      await expect(courier.getByText('Av. Brasil 2500, Montevideo')).toBeVisible();
      await expect(courier.getByRole('link', { name: 'Abrir en el mapa' })).toHaveAttribute(
        'href',
        /^https:\/\/www\.google\.com\/maps\?q=-34\.9085,-56\.149$/,
      );
      await expect(courier.getByRole('link', { name: /^Llamar/ })).toHaveAttribute(
        'href',
        'tel:+59891123456',
      );
      await expect(courier.getByText('Timbre 3')).toBeVisible();
      await expect(courier.getByText('1 producto · 2 unidades')).toBeVisible();
      await expect(courier.getByText('Sin intentos fallidos')).toBeVisible();
      await expectNoSeriousViolations(courier, 'the courier page');
      await expectNoSideScroll(courier, 'the courier page');

      await courier.getByRole('button', { name: 'Retiré el pedido' }).click();
      await expect(toasts(courier).getByText('Pedido retirado')).toBeVisible();
      await expect(courier.getByText('En camino', { exact: true })).toBeVisible();

      await courier.getByRole('button', { name: 'No pude entregar' }).click();
      await courier.getByRole('radio', { name: 'Nadie en casa' }).check();
      await courier.getByRole('button', { name: 'Registrar el intento' }).click();
      await expect(toasts(courier).getByText('Intento registrado')).toBeVisible();
      await expect(courier.getByText('1 intento fallido')).toBeVisible();

      // The beneficiary reads the code on the tracking page; a wrong one first says how many tries are left.
      const code = await deliveryCodeFromTracking(origin, order.trackingToken, order.storeOrderNumber);
      const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
      await courier.getByRole('button', { name: 'Entregado' }).click();
      await courier.getByLabel('Nombre de quien recibe').fill('Carmen Rodríguez');
      await courier.getByLabel('Código de entrega').fill(wrong);
      await courier.getByRole('button', { name: 'Confirmar entrega' }).click();
      await expect(courier.getByText('El código no es correcto. Te quedan 4 intentos.')).toBeVisible();
      await expect(courier.getByLabel('Nombre de quien recibe')).toHaveValue('Carmen Rodríguez');
      await expectNoSeriousViolations(courier, 'the delivery form with an error');
      await expectNoSideScroll(courier, 'the delivery form');

      await courier.getByLabel('Código de entrega').fill(code);
      await courier
        .getByLabel('Foto de la entrega (opcional)')
        .setInputFiles({ name: 'entrega.png', mimeType: 'image/png', buffer: PHOTO });
      await courier.getByRole('button', { name: 'Confirmar entrega' }).click();
      await expect(courier.getByRole('heading', { name: 'Entrega registrada' })).toBeVisible();
      await expect(courier.getByText(/Recibió Carmen Rodríguez el/)).toBeVisible();
      await expect(courier.getByRole('button', { name: 'Entregado' })).toHaveCount(0);
    } finally {
      await courierContext.close();
    }

    // The store sees it delivered.
    await page.getByRole('tab', { name: /^Entregados/ }).click();
    await expect(orderCard(page, order.storeOrderNumber)).toBeVisible({ timeout: 15_000 });
  });

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
    await expectNoSeriousViolations(page, 'the counter hand-over dialog');
    const code = await deliveryCodeFromTracking(origin, order.trackingToken, order.storeOrderNumber);
    await dialog.getByLabel('Código de entrega').fill(code);
    await dialog.getByRole('button', { name: 'Confirmar entrega' }).click();
    await expect(dialog).toBeHidden();
    await expect(toasts(page).getByText('Pedido entregado')).toBeVisible();
    await page.getByRole('tab', { name: /^Entregados/ }).click();
    await expect(orderCard(page, order.storeOrderNumber)).toBeVisible();
  });
});
