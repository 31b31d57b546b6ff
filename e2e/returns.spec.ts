import { type APIRequestContext, type APIResponse, expect, request } from '@playwright/test';
import { logInThroughApi, toasts } from './account.helpers.ts';
import { expectNoSeriousViolations } from './axe.helpers.ts';
import {
  COFFEE,
  deliveryCodeFromTracking,
  EL_PUERTO,
  openAsDemoOwner,
  placePaidStoreOrder,
} from './fulfilment.helpers.ts';
import { test } from './server.fixtures.ts';
import { DEMO_MERCHANT } from './staff.helpers.ts';

/**
 * Issue 32 item 1 on a 360 px phone, a return from end to end: the remitter asks in 'Mis Compras' to return a
 * line of a delivered order, the store accepts, the courier picks the goods up with the family's code, the
 * store confirms it received them, and the remitter sees the refund. The order is placed and delivered through
 * the API (the screens of those steps have their own specs); every return step goes through its screen.
 * El Puerto (kind 'store', returnable like clothing) rather than a clothing shop: it is the store the demo
 * owner has, and its kind's products may be returned, which is what the journey needs.
 */

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });

async function ok(response: APIResponse, status = 200): Promise<unknown> {
  expect(response.status(), await response.text()).toBe(status);
  return response.json();
}

async function post(api: APIRequestContext, origin: string, path: string, data: unknown) {
  const { csrf_token } = (await (await api.get('/v1/csrf-token/')).json()) as { csrf_token: string };
  return api.post(path, { data, headers: { 'X-CSRFToken': csrf_token, Origin: origin } });
}

/** The demo owner takes El Puerto's order to 'Listo para entregar'; its courier link delivers it with the code. */
async function deliverThroughApi(origin: string, storeOrderNumber: string, trackingToken: string) {
  const api = await request.newContext({ baseURL: origin });
  try {
    await ok(
      await post(api, origin, '/v1/login/', {
        username: DEMO_MERCHANT.email,
        password: DEMO_MERCHANT.password,
      }),
    );
    const stores = (await ok(await api.get('/v1/merchant/stores/'))) as {
      results: Array<{ id: number; name: string }>;
    };
    const storeId = stores.results.find((store) => store.name === EL_PUERTO)?.id;
    if (!storeId) throw new Error('the demo owner has no El Puerto');
    const path = `/v1/merchant/stores/${storeId}/orders/${storeOrderNumber}/`;
    for (const [from, to] of [
      ['approved', 'preparing_to_delivery'],
      ['preparing_to_delivery', 'ready_to_delivery'],
    ] as const) {
      await ok(await post(api, origin, `${path}status/`, { from, to }));
    }
    const order = (await ok(await api.get(path))) as { courier_url: string | null };
    const token = order.courier_url?.split('/').pop();
    if (!token) throw new Error('no courier link once ready');
    const code = await deliveryCodeFromTracking(origin, trackingToken, storeOrderNumber);
    await ok(
      await post(api, origin, `/v1/courier/${token}/delivered/`, {
        recipient_name: 'Carmen Rodríguez',
        code,
        photo_id: null,
      }),
    );
  } finally {
    await api.dispose();
  }
}

/** The pickup code the family reads on the tracking page (the test reads it as they would). */
async function pickupCode(origin: string, trackingToken: string): Promise<string> {
  const api = await request.newContext({ baseURL: origin });
  try {
    const overview = (await ok(await api.get(`/v1/tracking/${trackingToken}/returns/`))) as {
      requests: Array<{ pickupCode: string | null }>;
    };
    const code = overview.requests[0]?.pickupCode;
    if (!code) throw new Error('no pickup code once accepted');
    return code;
  } finally {
    await api.dispose();
  }
}

test('a remitter returns a line, the store accepts, the courier picks it up, the store refunds', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const origin = baseURL ?? '';
  const order = await placePaidStoreOrder(origin, { lines: [{ name: COFFEE, quantity: 2 }] });
  await deliverThroughApi(origin, order.storeOrderNumber, order.trackingToken);

  // The remitter, in 'Mis Compras': the deadline, one of the two coffees, why, and the refund as credit.
  await logInThroughApi(page, origin, order.remitter);
  await page.goto(`/user/orders/${order.groupNumber}`);
  const returns = page.getByRole('region', { name: 'Devoluciones' });
  await expect(
    returns.getByText(/^Puedes pedir la devolución hasta el \S+ \d+\/\d+ a las 23:59/),
  ).toBeVisible();
  await returns.getByRole('button', { name: /^Devolver productos/ }).click();
  const form = page.getByRole('form', { name: `Devolver productos de ${EL_PUERTO}` });
  await form.getByRole('combobox', { name: `Cantidad a devolver de ${COFFEE}` }).selectOption('1');
  await form.getByLabel(/^Motivo/).fill('Compré uno de más, está cerrado.');
  await form.getByLabel('Como saldo en Mandado').check();
  await expectNoSeriousViolations(page, 'the return form');
  await form.getByRole('button', { name: 'Pedir la devolución' }).click();
  await expect(toasts(page).getByText('Pediste la devolución')).toBeVisible();
  await expect(returns.getByText('Solicitada')).toBeVisible();

  // The store accepts, and gets the reverse pickup's courier link to send.
  await openAsDemoOwner(page, origin, '/comercio/devoluciones', 'Devoluciones');
  const item = page.getByRole('listitem').filter({ hasText: order.storeOrderNumber });
  await expect(item.getByText('Compré uno de más, está cerrado.')).toBeVisible();
  await expectNoSeriousViolations(page, 'the store returns list');
  await item.getByRole('button', { name: /^Aceptar/ }).click();
  await expect(item.getByText('Aceptada')).toBeVisible();
  const link = (await item.locator('.return-item__url').textContent()) ?? '';
  expect(link).toContain('/entrega/devolucion/');

  // The courier, on the link: the address and the line; the family's code → 'Retirado'.
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Retirar una devolución' })).toBeVisible();
  await expect(page.getByText(`1 × ${COFFEE}`)).toBeVisible();
  await expectNoSeriousViolations(page, 'the courier reverse pickup');
  await page.getByLabel(/^Código de retiro/).fill(await pickupCode(origin, order.trackingToken));
  await page.getByRole('button', { name: 'Retirado' }).click();
  await expect(page.getByRole('heading', { name: 'Retiro registrado' })).toBeVisible();

  // The store confirms it received the goods: the refund goes out.
  await page.goto('/comercio/devoluciones');
  const picked = page.getByRole('listitem').filter({ hasText: order.storeOrderNumber });
  await picked.getByRole('button', { name: 'Recibí la devolución' }).click();
  await expect(picked.getByText('Recibida y reembolsada')).toBeVisible();

  // The remitter sees the return received and refunded.
  await logInThroughApi(page, origin, order.remitter);
  await page.goto(`/user/orders/${order.groupNumber}`);
  await expect(returns.getByText('Recibida y reembolsada')).toBeVisible();
  await expect(returns.getByText(/^Reembolso:/)).toBeVisible();
});
