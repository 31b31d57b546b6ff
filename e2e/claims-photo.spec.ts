import { type APIRequestContext, expect, request } from '@playwright/test';
import { logInThroughApi } from './account.helpers.ts';
import { COFFEE, placePaidStoreOrder, RICE } from './fulfilment.helpers.ts';
import { test } from './server.fixtures.ts';
import { DEMO_OPERATOR } from './staff.helpers.ts';

/**
 * Issue 29 (decision 074): an operator marks the order delivered by hand (which now starts the family's 48 h),
 * the family says 'Falta algo' with a photo on the tracking link, and the operator sees that photo in the
 * support inbox beside the claimed line.
 */

/** A tiny real PNG (8 × 6 px, red): the server checks it by content and keeps it as WebP. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4Y2yMFTEMpAQA7VY5YSdRICoAAAAASUVORK5CYII=',
  'base64',
);

async function post(api: APIRequestContext, baseURL: string, path: string, data: unknown) {
  const { csrf_token } = (await (await api.get('/v1/csrf-token/')).json()) as { csrf_token: string };
  const answer = await api.post(path, { data, headers: { 'X-CSRFToken': csrf_token, Origin: baseURL } });
  expect(answer.status(), `${path}: ${await answer.text()}`).toBe(200);
}

/** The operator walks the store order to 'Entregado' in the back office's API, with a reason (no code). */
async function deliverByHand(baseURL: string, storeOrderNumber: string): Promise<void> {
  const api = await request.newContext({ baseURL });
  try {
    await post(api, baseURL, '/v1/login/', {
      username: DEMO_OPERATOR.email,
      password: DEMO_OPERATOR.password,
    });
    const path = `/v1/admin/store-orders/${storeOrderNumber}/status/`;
    await post(api, baseURL, path, { from: 'approved', to: 'preparing_to_delivery' });
    await post(api, baseURL, path, { from: 'preparing_to_delivery', to: 'ready_to_delivery' });
    await post(api, baseURL, path, { from: 'ready_to_delivery', to: 'in_transit' });
    await post(api, baseURL, path, {
      from: 'in_transit',
      to: 'delivered',
      reason: 'Rosa confirmó por teléfono',
    });
  } finally {
    await api.dispose();
  }
}

test("the family's 'Falta algo' carries a photo the operator sees", async ({ page, baseURL }) => {
  const origin = baseURL ?? '';
  const order = await placePaidStoreOrder(origin, {
    lines: [
      { name: COFFEE, quantity: 1 },
      { name: RICE, quantity: 1 },
    ],
    beneficiaryFirstName: 'Rosa',
  });
  await deliverByHand(origin, order.storeOrderNumber);

  await page.goto(`/seguimiento/${order.trackingToken}`);
  const answer = page.getByRole('region', { name: '¿Recibiste todo?' });
  await answer.getByRole('button', { name: 'Falta algo' }).click();
  const form = answer.getByRole('form', { name: '¿Qué falta?' });
  await form.getByRole('checkbox', { name: RICE }).check();
  await form.getByLabel('Foto (opcional)').setInputFiles({
    name: 'bolsa.png',
    mimeType: 'image/png',
    buffer: PHOTO,
  });
  await expect(form).toContainText('Foto elegida: bolsa.png');
  await form.getByRole('button', { name: 'Enviar aviso' }).click();
  await expect(page.getByRole('region', { name: 'Tu respuesta' })).toContainText(`que falta: ${RICE} (1)`);

  await logInThroughApi(page, origin, DEMO_OPERATOR);
  await page.goto('/admin/soporte');
  const claim = page.getByRole('listitem', { name: `Reclamo de ${order.storeOrderNumber}` });
  await expect(claim).toContainText(`${RICE}: 1 unidad`);
  const photo = claim.getByRole('img', { name: `Foto del reclamo de ${order.storeOrderNumber}` });
  await expect(photo).toBeVisible();
  // The picture really loaded (the operator's address of it answers the image).
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(8);
});
