import { expect, type Page } from '@playwright/test';
import { createAccount, logInThroughApi } from './account.helpers.ts';
import { openAsDemoOperator, openAsDemoReviewer } from './admin.helpers.ts';
import { placePaidStoreOrder } from './fulfilment.helpers.ts';
import { test } from './server.fixtures.ts';

/**
 * Issue 19: the operator suspends a store with a reason (the shop's store list loses it), reopens it (it is
 * back), then grants a merchant role: finds an account made through the API and makes it staff of the store
 * from the person's page; then asks for the account to join the support group, which the second demo
 * operator approves in Personas (four eyes, issue 27); the account sees an order but is refused its
 * refund (no 'Devolver', and a 403 from the API), and the audit trail lists each of these actions. The store
 * is one no other spec uses (specs share a server), and it is reopened in this same test.
 */
const STORE = 'Óptica Visión Clara';

async function shopStoreNames(page: Page): Promise<string[]> {
  const answer = await page.request.get('/v1/stores/city/Montevideo');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as Array<{ name: string }>).map((store) => store.name);
}

test('an operator suspends and reopens a store, makes an account staff of it and a support operator, who cannot refund; the audit trail shows it all', async ({
  page,
  browser,
  baseURL,
}) => {
  const [account, paid] = await Promise.all([
    createAccount(baseURL ?? '', { firstName: 'Valeria', lastName: 'Ocampo' }),
    placePaidStoreOrder(baseURL ?? ''),
  ]);
  await openAsDemoOperator(page, baseURL ?? '', '/admin/tiendas', 'Tiendas');

  await page.getByLabel('Buscar por nombre').fill('Visión Clara');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('link', { name: STORE }).click();
  await expect(page.getByRole('heading', { level: 1, name: STORE })).toBeVisible();

  await page.getByRole('button', { name: 'Suspender' }).click();
  const dialog = page.getByRole('dialog', { name: `Suspender ${STORE}` });
  await dialog.getByLabel('Motivo').fill('Reclamos sin responder por lentes demorados.');
  await dialog.getByRole('button', { name: 'Suspender tienda' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Suspendida', { exact: true })).toBeVisible();
  await expect(page.getByText(/Motivo: Reclamos sin responder/)).toBeVisible();
  expect(await shopStoreNames(page)).not.toContain(STORE);

  await page.getByRole('button', { name: 'Reabrir' }).click();
  await expect(page.getByText('Abierta', { exact: true })).toBeVisible();
  expect(await shopStoreNames(page)).toContain(STORE);

  await page.getByRole('navigation').getByRole('link', { name: 'Personas' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Personas' })).toBeVisible();
  await page.getByLabel('Buscar por correo o nombre').fill(account.email);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('link', { name: 'Valeria Ocampo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Valeria Ocampo' })).toBeVisible();

  await page.getByLabel('Tienda', { exact: true }).selectOption({ label: STORE });
  await page.getByLabel('Rol', { exact: true }).selectOption({ label: 'Personal' });
  await page.getByRole('button', { name: 'Dar acceso' }).click();
  const stores = page.getByRole('list', { name: 'Tiendas de la persona' });
  await expect(stores.getByRole('listitem').filter({ hasText: STORE })).toContainText('Personal');
  await expect(page.getByText(/Cliente · Comercio/)).toBeVisible();

  // Four eyes on people (issue 27): Martín only asks; Carla, the second administrator, approves in Personas.
  await page.getByLabel('Grupo de operador').selectOption({ label: 'Soporte' });
  await page.getByRole('button', { name: 'Guardar grupo' }).click();
  await expect(page.getByText('Pendiente de aprobación: Soporte.')).toBeVisible();
  await expect(page.getByText('Cliente · Comercio', { exact: true })).toBeVisible();
  const reviewerContext = await browser.newContext({ baseURL });
  const reviewer = await reviewerContext.newPage();
  try {
    await openAsDemoReviewer(reviewer, baseURL ?? '', '/admin/personas', 'Personas');
    const waiting = reviewer
      .getByRole('list', { name: 'Grupos por aprobar' })
      .getByRole('listitem')
      .filter({ hasText: 'Valeria Ocampo' });
    await expect(waiting).toContainText('operador de Soporte · pedido por Martín Operador');
    await waiting.getByRole('button', { name: 'Aprobar' }).click();
    await expect(reviewer.getByRole('list', { name: 'Grupos por aprobar' })).toHaveCount(0);
  } finally {
    await reviewerContext.close();
  }
  await page.reload();
  await expect(page.getByText('Cliente · Comercio · Operador (Soporte)')).toBeVisible();

  // Valeria, now in the support group, in a browser of her own: the order is hers to read, not to refund.
  const supportContext = await browser.newContext({ baseURL });
  const support = await supportContext.newPage();
  try {
    await logInThroughApi(support, baseURL ?? '', account);
    await support.goto(`/admin/pedidos/${paid.groupNumber}`);
    await expect(
      support.getByRole('heading', { level: 1, name: `Pedido ${paid.groupNumber}` }),
    ).toBeVisible();
    await expect(support.getByRole('navigation').getByRole('link', { name: 'Webhooks' })).toHaveCount(0);
    await expect(support.getByRole('button', { name: 'Devolver' })).toHaveCount(0);
    const csrf = (await (await support.request.get('/v1/csrf-token/')).json()) as { csrf_token: string };
    const refused = await support.request.post(`/v1/admin/store-orders/${paid.storeOrderNumber}/refunds/`, {
      headers: { 'X-CSRFToken': csrf.csrf_token, origin: baseURL ?? '' },
      data: { amount: '1.00', reason: 'other', destination: 'credit', note: '' },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ detail: 'No tienes permiso para realizar esta acción.' });
  } finally {
    await supportContext.close();
  }

  await page.getByRole('navigation').getByRole('link', { name: 'Auditoría' }).click();
  const trail = page.getByRole('list', { name: 'Acciones, la más reciente primero' });
  for (const action of ['operator.grant_requested', 'member.added', 'store.reopened', 'store.suspended']) {
    await expect(trail.getByRole('listitem').filter({ hasText: action }).first()).toContainText('Martín');
  }
  await expect(trail.getByRole('listitem').filter({ hasText: 'operator.granted' }).first()).toContainText(
    'Carla',
  );
});
