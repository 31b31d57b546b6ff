import { expect } from '@playwright/test';
import { logInThroughApi, toasts } from './account.helpers.ts';
import { expectNoSeriousViolations, OPEN_DIALOG } from './axe.helpers.ts';
import {
  COFFEE,
  EL_PUERTO,
  expectNoSideScroll,
  openStoreInbox,
  orderCard,
  placePaidStoreOrder,
  RICE,
} from './fulfilment.helpers.ts';
import { waitForMailWithSubject } from './mail.helpers.ts';
import { test } from './server.fixtures.ts';

/**
 * Issue 17's whole day, in Chromium: a remitter buys from two stores; store A's member, on a 360 px phone,
 * sees the order arrive without reloading, accepts it, marks one line unavailable (refunded) and hands it
 * over; the courier, in a fresh browser context, marks it picked up, records one failed attempt, then
 * delivers with the code read from the beneficiary's tracking page and a photo; store B rejects its order
 * and the card refund and its e-mail follow; the remitter sees the proof and both refunds.
 */

const FARMACIA = 'Farmacia Rambla';
/** A product of Farmacia Rambla no other spec counts the stock of. */
const ANTIGRIPAL = 'Antigripal Comprimidos x 12';
/** A 1×1 PNG: a real image the server checks by content and re-encodes. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PHONE = {
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  locale: 'es-UY',
  timezoneId: 'America/Montevideo',
};

test('a whole day: two stores, an unavailable line, a courier with one failed attempt, a rejection, the proof and the refunds @phone-only', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = baseURL ?? '';

  // Morning: store A's member has the inbox open on the counter's phone.
  await openStoreInbox(page, origin);
  const newTab = page.getByRole('tab', { name: /^Nuevos/ });
  await expect(newTab).toHaveAttribute('aria-selected', 'true');
  await expectNoSeriousViolations(page, 'the store inbox');
  const order = await placePaidStoreOrder(origin, {
    lines: [
      { name: COFFEE, quantity: 2 },
      { name: RICE, quantity: 1 },
      { name: ANTIGRIPAL, quantity: 1 },
    ],
    beneficiaryFirstName: 'Carmen',
  });
  const storeA = order.storeOrderNumber;
  const storeB = order.storeOrders.find((store) => store.storeName === FARMACIA)?.number ?? '';
  expect(storeB).toMatch(/^MV-\d+-\d$/);

  // It arrives without a reload (the inbox polls) and rings until someone opens it: 'Sin abrir' on the card
  // (issue 31: 'Nuevo' is now its status, paid and not yet accepted), the count in the tab's title.
  let card = orderCard(page, storeA);
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card.getByText('Sin abrir', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/^\(\d+\) Pedidos · Mandado$/);
  await card.getByRole('button', { name: new RegExp(storeA) }).click();
  await expect(card.getByText('Sin abrir', { exact: true })).toBeHidden({ timeout: 15_000 });
  // What the shop needs to prepare and send it: lines with their preference, phones, address and pin.
  await expect(card.getByRole('region', { name: 'Productos' }).getByText(`2 × ${COFFEE}`)).toBeVisible();
  await expect(card.getByText('Si falta: reemplazar por uno similar').first()).toBeVisible();
  await expect(card.getByRole('link', { name: /WhatsApp de Carmen Rodríguez/ })).toHaveAttribute(
    'href',
    'https://wa.me/59891123456',
  );
  await expect(card.getByRole('link', { name: /llamar a Carmen Rodríguez/ }).first()).toHaveAttribute(
    'href',
    'tel:+59891123456',
  );
  await expect(card.getByRole('link', { name: 'Ver la ubicación en el mapa' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\?q=-34\.9085,-56\.149$/,
  );
  await expect(card.getByText('Timbre 3')).toBeVisible();
  // Exactly the moves the transition table allows the store on a new order.
  await expect(card.getByRole('button', { name: 'Rechazar' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Listo para entregar' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'an open order card');
  await expectNoSideScroll(page, 'the inbox with an open card');
  await card.getByRole('button', { name: 'Aceptar' }).click();
  await expect(toasts(page).getByText('Pedido aceptado')).toBeVisible();
  await expect(card).toBeHidden();

  // The tabs follow the WAI-ARIA pattern: the arrow keys move between them.
  await newTab.focus();
  await page.keyboard.press('ArrowRight');
  const preparingTab = page.getByRole('tab', { name: /^En preparación/ });
  await expect(preparingTab).toHaveAttribute('aria-selected', 'true');
  await expect(preparingTab).toBeFocused();

  // The rice is out. The buyer chose 'similar', so a substitute is offered; the store refunds it instead.
  card = orderCard(page, storeA);
  await card.getByRole('button', { name: new RegExp(storeA) }).click();
  await card.getByRole('button', { name: /^No disponible.*Arroz/ }).click();
  const unavailable = page.getByRole('dialog', { name: 'Producto no disponible' });
  await unavailable.getByLabel('¿Cuántas tienes?').selectOption('0');
  await expect(unavailable.getByRole('radio', { name: 'Enviar otro producto en su lugar' })).toBeChecked();
  await expect(unavailable.getByLabel('Buscar un reemplazo en tu tienda')).toBeVisible();
  await expectNoSeriousViolations(page, 'the unavailable line dialog', { within: OPEN_DIALOG });
  await unavailable.getByRole('radio', { name: 'Devolver el dinero de lo que falta' }).check();
  await unavailable.getByRole('button', { name: 'Guardar' }).click();
  await expect(unavailable).toBeHidden();
  await expect(toasts(page).getByText('Producto actualizado')).toBeVisible();
  await expect(card.getByRole('button', { name: /^No disponible.*Arroz/ })).toHaveCount(0);

  // Ready: the courier link goes out by WhatsApp.
  await card.getByRole('button', { name: 'Listo para entregar' }).click();
  await expect(toasts(page).getByText('Pedido listo')).toBeVisible();
  await page.getByRole('tab', { name: /^Listos/ }).click();
  card = orderCard(page, storeA);
  await card.getByRole('button', { name: new RegExp(storeA) }).click();
  const courierUrl = (await card.getByText(/\/entrega\//).textContent())?.trim() ?? '';
  expect(courierUrl).toMatch(/\/entrega\/[A-Za-z0-9_-]{40,}$/);
  await expectNoSideScroll(page, 'the inbox with the courier link');

  // Store B, the same owner's pharmacy, rejects its part: it is closed today.
  await page.getByRole('combobox', { name: 'Tienda' }).selectOption({ label: FARMACIA });
  await expect(page.getByRole('heading', { level: 1, name: `Pedidos de ${FARMACIA}` })).toBeVisible();
  await page.getByRole('tab', { name: /^Nuevos/ }).click();
  const cardB = orderCard(page, storeB);
  await expect(cardB).toBeVisible({ timeout: 15_000 });
  await cardB.getByRole('button', { name: new RegExp(storeB) }).click();
  const reject = page.getByRole('dialog', { name: `Rechazar el pedido ${storeB}` });
  // A tap that lands while the inbox's refresh redraws the card is lost (one CI run in four, stop 23): tap
  // again as a person would, instead of waiting out the test's three minutes. Left to find: which redraw.
  await expect(async () => {
    if (!(await reject.isVisible()))
      await cardB.getByRole('button', { name: 'Rechazar' }).click({ timeout: 3_000 });
    await expect(reject).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await reject.getByRole('radio', { name: 'Tienda cerrada' }).check();
  await reject.getByRole('button', { name: 'Rechazar pedido' }).click();
  await expect(reject).toBeHidden();
  await expect(toasts(page).getByText('Pedido rechazado')).toBeVisible();
  // The card refund follows, by e-mail, once the processor has it.
  const refundMail = await waitForMailWithSubject(
    order.remitter.email,
    new RegExp(`^Te devolvimos US\\$ [\\d.,]+ de tu pedido ${storeB}$`),
  );
  expect(refundMail.text).toContain('tarjeta');

  // The beneficiary's tracking page shows the code to read out.
  const family = await browser.newContext({ baseURL: origin, ...PHONE });
  const courierContext = await browser.newContext({ baseURL: origin, ...PHONE });
  try {
    const tracking = await family.newPage();
    await tracking.goto(`/seguimiento/${order.trackingToken}`);
    const code = (await tracking.locator('.tracking-code__digits').first().textContent())?.trim() ?? '';
    expect(code).toMatch(/^\d{4}$/);

    // Afternoon: the courier, no account, on another phone. A link that does not exist says so.
    const courier = await courierContext.newPage();
    await courier.goto(`/entrega/${'x'.repeat(43)}`);
    await expect(courier.getByText('Este enlace de entrega no existe o ya venció.')).toBeVisible();
    await courier.goto(new URL(courierUrl).pathname);
    await expect(courier.getByRole('heading', { level: 1, name: 'Para Carmen Rodríguez' })).toBeVisible();
    await expect(courier.getByText('Av. Brasil 2500, Montevideo')).toBeVisible();
    await expect(courier.getByRole('link', { name: 'Abrir en el mapa' })).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\?q=-34\.9085,-56\.149$/,
    );
    await expect(courier.getByRole('link', { name: /^Llamar/ })).toHaveAttribute('href', 'tel:+59891123456');
    await expect(courier.getByText('Timbre 3')).toBeVisible();
    // The rice is not in the bag: two coffees.
    await expect(courier.getByText('1 producto · 2 unidades')).toBeVisible();
    await expect(courier.getByText('Sin intentos fallidos')).toBeVisible();
    await expectNoSeriousViolations(courier, 'the courier page');
    await expectNoSideScroll(courier, 'the courier page');
    // Issue 29: the courier ticks off what leaves the store (the rice was not there) before picking up.
    await courier.getByRole('checkbox', { name: `${COFFEE} · 2 unidades` }).check();
    await courier.getByRole('button', { name: 'Retiré el pedido' }).click();
    await expect(toasts(courier).getByText('Pedido retirado')).toBeVisible();
    await expect(courier.getByText('En camino', { exact: true })).toBeVisible();
    // Picked up once: the button is gone (issue 27), and stays gone after the failed attempt below.
    await expect(courier.getByRole('button', { name: 'Retiré el pedido' })).toHaveCount(0);
    await courier.getByRole('button', { name: 'No pude entregar' }).click();
    await courier.getByRole('radio', { name: 'Nadie en casa' }).check();
    await courier.getByRole('button', { name: 'Registrar el intento' }).click();
    await expect(toasts(courier).getByText('Intento registrado')).toBeVisible();
    await expect(courier.getByText('1 intento fallido')).toBeVisible();
    await expect(courier.getByRole('button', { name: 'Retiré el pedido' })).toHaveCount(0);

    // The family member sees the attempt too.
    await tracking.reload();
    await expect(tracking.getByText(/Nadie en casa/)).toBeVisible();

    // Back later: delivered with the code and a photo. A wrong code first says how many tries are left and
    // keeps what was typed.
    await courier.getByRole('button', { name: 'Entregado' }).click();
    await courier.getByLabel('Nombre de quien recibe').fill('Carmen Rodríguez');
    await courier.getByLabel('Código de entrega').fill(String((Number(code) + 1) % 10_000).padStart(4, '0'));
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
    // Delivered, the link shows the outcome only, also when opened again: no address, no phones.
    await courier.reload();
    await expect(courier.getByRole('heading', { name: 'Entrega registrada' })).toBeVisible();
    await expect(courier.getByText('Av. Brasil 2500', { exact: false })).toHaveCount(0);
    await expect(courier.getByRole('link', { name: /^Llamar/ })).toHaveCount(0);
    await expect(courier.getByText('Timbre 3')).toHaveCount(0);

    // Once delivered the code is gone from the tracking page.
    await tracking.reload();
    await expect(tracking.locator('.tracking-code__digits')).toHaveCount(0);
  } finally {
    await courierContext.close();
    await family.close();
  }

  // Evening: the remitter, abroad, sees the proof and the refunds.
  const remitterContext = await browser.newContext({ baseURL: origin, ...PHONE });
  try {
    const remitter = await remitterContext.newPage();
    await logInThroughApi(remitter, origin, order.remitter);
    await remitter.goto(`/user/orders/${order.groupNumber}`);
    await expect(remitter.getByText(/^Entregado el .* · Recibió: Carmen Rodríguez$/)).toBeVisible();
    const photo = remitter.getByRole('img', { name: 'Foto de la entrega' });
    await photo.scrollIntoViewIfNeeded();
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
    await expect(remitter.getByText(/Intento de entrega · Nadie en casa/)).toBeVisible();
    await expect(remitter.getByText(`Producto no disponible: ${RICE}`)).toBeVisible();
    await expect(remitter.getByText('La tienda rechazó el pedido')).toBeVisible();
    await expect(remitter.getByText('Reembolsado en parte').first()).toBeVisible();
    await expectNoSideScroll(remitter, 'the order with its proof and refunds');
  } finally {
    await remitterContext.close();
  }

  // The store sees it delivered.
  await page.getByRole('combobox', { name: 'Tienda' }).selectOption({ label: EL_PUERTO });
  await page.getByRole('tab', { name: /^Entregados/ }).click();
  await expect(orderCard(page, storeA)).toBeVisible({ timeout: 15_000 });
});
