import { type APIRequestContext, expect, request } from '@playwright/test';
import { logInThroughApi, toasts } from './account.helpers.ts';
import {
  COFFEE,
  deliveryCodeFromTracking,
  expectNoSideScroll,
  placePaidStoreOrder,
  RICE,
} from './fulfilment.helpers.ts';
import { test } from './server.fixtures.ts';
import { DEMO_OPERATOR } from './staff.helpers.ts';

/**
 * Issue 29, item 3 at 360 px: after the courier hands the order over, the family opens the tracking link,
 * says 'Falta algo' and picks one of the two coffees; the claim reaches the operators' support inbox, where
 * 'Devolver lo reclamado' refunds that line's unit in one click. The order's path to delivery is walked
 * through the API (the store's and courier's screens are other specs'); the answers and the refund through
 * the screens.
 */

async function post(api: APIRequestContext, baseURL: string, path: string, data: unknown) {
  const { csrf_token } = (await (await api.get('/v1/csrf-token/')).json()) as { csrf_token: string };
  const answer = await api.post(path, { data, headers: { 'X-CSRFToken': csrf_token, Origin: baseURL } });
  expect(answer.status(), `${path}: ${await answer.text()}`).toBe(200);
  return answer.json() as Promise<Record<string, unknown>>;
}

/** An operator readies it (the courier link is made), a courier picks it up and delivers with the code. */
async function deliver(baseURL: string, storeOrderNumber: string, code: string): Promise<void> {
  const api = await request.newContext({ baseURL });
  try {
    await post(api, baseURL, '/v1/login/', {
      username: DEMO_OPERATOR.email,
      password: DEMO_OPERATOR.password,
    });
    const path = `/v1/admin/store-orders/${storeOrderNumber}/status/`;
    await post(api, baseURL, path, { from: 'approved', to: 'preparing_to_delivery' });
    const ready = await post(api, baseURL, path, { from: 'preparing_to_delivery', to: 'ready_to_delivery' });
    const token = String(ready.courier_url ?? '')
      .split('/')
      .pop();
    expect(token, 'the courier link').toBeTruthy();
    const courier = await request.newContext({ baseURL });
    try {
      await post(courier, baseURL, `/v1/courier/${token}/picked-up/`, {});
      await post(courier, baseURL, `/v1/courier/${token}/delivered/`, {
        recipient_name: 'Rosa Rodríguez',
        code,
        photo_id: null,
      });
    } finally {
      await courier.dispose();
    }
  } finally {
    await api.dispose();
  }
}

test("the family reports 'Falta algo' and an operator refunds that line @phone-only", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const origin = baseURL ?? '';
  const order = await placePaidStoreOrder(origin, {
    lines: [
      { name: COFFEE, quantity: 2 },
      { name: RICE, quantity: 1 },
    ],
    beneficiaryFirstName: 'Rosa',
  });
  const code = await deliveryCodeFromTracking(origin, order.trackingToken, order.storeOrderNumber);
  await deliver(origin, order.storeOrderNumber, code);

  // The family, on the link the remitter shared: no account.
  await page.goto(`/seguimiento/${order.trackingToken}`);
  const answer = page.getByRole('region', { name: '¿Recibiste todo?' });
  await expect(answer).toBeVisible();
  await answer.getByRole('button', { name: 'Falta algo' }).click();
  const form = answer.getByRole('form', { name: '¿Qué falta?' });
  // Nothing ticked: the page says what to do and sends nothing.
  await form.getByRole('button', { name: 'Enviar aviso' }).click();
  await expect(answer.getByRole('alert')).toHaveText('Elige qué producto falta.');
  await form.getByRole('checkbox', { name: COFFEE }).check();
  await form.getByRole('combobox', { name: `Unidades que faltan de ${COFFEE}` }).selectOption('1');
  await form.getByLabel('Comentario (opcional)').fill('Llegó un solo paquete de café');
  await expectNoSideScroll(page, 'the claim form');
  await form.getByRole('button', { name: 'Enviar aviso' }).click();
  const done = page.getByRole('region', { name: 'Tu respuesta' });
  await expect(done).toContainText(`que falta: ${COFFEE} (1)`);
  // One answer only: the buttons are gone.
  await expect(page.getByRole('button', { name: 'Recibí todo' })).toHaveCount(0);

  // The operator refunds the claimed unit from the support inbox, in one click.
  await logInThroughApi(page, origin, DEMO_OPERATOR);
  await page.goto('/admin/soporte');
  const claim = page.getByRole('listitem', { name: `Reclamo de ${order.storeOrderNumber}` });
  await expect(claim).toContainText(`${COFFEE}: 1 unidad`);
  await expect(claim).toContainText('«Llegó un solo paquete de café»');
  await claim.getByRole('button', { name: 'Devolver lo reclamado' }).click();
  await expect(toasts(page).getByText('Devolvimos lo reclamado.')).toBeVisible();
  await expect(claim).toHaveCount(0);
});
