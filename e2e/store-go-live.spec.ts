import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { createAccount, logInThroughApi, toasts, uniqueEmail } from './account.helpers.ts';
import { expectNoSeriousViolations } from './axe.helpers.ts';
import { expectNoSideScroll } from './fulfilment.helpers.ts';
import { linkFrom, waitForMailWithSubject } from './mail.helpers.ts';
import { test } from './server.fixtures.ts';
import { DEMO_OPERATOR } from './staff.helpers.ts';

/**
 * Issue 31, going live, on 360 px phones: a store applies and an operator approves it; the approval e-mail
 * says so and lists what is left; its new owner accepts, sees the checklist in /comercio/tienda and enters
 * the payout account (a BROU number of the wrong length is refused, the saved one shows masked, and the
 * checklist ticks it); the operator sees the same checklist, and 'Publicar' is refused with what is missing.
 */

const PHONE = {
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 1,
  locale: 'es-UY',
  timezoneId: 'America/Montevideo',
  reducedMotion: 'reduce' as const,
};

/** A RUT with the right check digit, its own per run (one pending application per RUT). */
function freshRut(): string {
  const weights = [4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  for (let sequence = 300_000 + (Date.now() % 600_000); ; sequence += 1) {
    const first11 = `21${sequence}001`;
    const sum = weights.reduce((total, weight, index) => total + weight * Number(first11[index]), 0);
    const check = 11 - (sum % 11);
    if (check !== 10) return `${first11}${check === 11 ? 0 : check}`;
  }
}

async function postWithCsrf(api: APIRequestContext, baseURL: string, path: string, data?: unknown) {
  const { csrf_token } = (await (await api.get('/v1/csrf-token/')).json()) as { csrf_token: string };
  return api.post(path, {
    headers: { 'X-CSRFToken': csrf_token, Origin: baseURL },
    ...(data ? { data } : {}),
  });
}

async function phonePage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, baseURL });
  return context.newPage();
}

test('an approved store goes live through its checklist: the payout account, then the operator', async ({
  browser,
  baseURL,
}) => {
  if (!baseURL) throw new Error('no baseURL');
  const email = uniqueEmail('golive');
  const storeName = `Almacén Go Live ${Date.now().toString(36)}`;
  const owner = await createAccount(baseURL, { email, phone: '+598 91 234 567' });

  // The application and its approval through the API: the screens for those have their own specs.
  const operator = await phonePage(browser, baseURL);
  await logInThroughApi(operator, baseURL, DEMO_OPERATOR);
  const cities = (await (await operator.request.get('/v1/cities/')).json()) as {
    results: Array<{ id: number; name: string }>;
  };
  const montevideo = cities.results.find((city) => city.name === 'Montevideo');
  const applied = await postWithCsrf(operator.request, baseURL, '/v1/store-applications/', {
    store_name: storeName,
    kind: 'store',
    address_line1: 'Av. Brasil 2580',
    city_id: montevideo?.id,
    latitude: -34.9,
    longitude: -56.16,
    contact_name: 'Marta Rodríguez',
    email,
    phone: '099 123 456',
    rut: freshRut(),
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const applicationId = ((await applied.json()) as { id: number }).id;
  const approved = await postWithCsrf(
    operator.request,
    baseURL,
    `/v1/admin/store-applications/${applicationId}/approve/`,
  );
  expect(approved.status(), await approved.text()).toBe(200);
  const storeId = ((await approved.json()) as { store_id: number }).store_id;

  const mail = await waitForMailWithSubject(email, /Aprobamos/);
  expect(mail.text).toContain(`Aprobamos ${storeName} para vender en Mandado`);
  expect(mail.text).toContain('- La cuenta bancaria donde te pagamos');
  const token = /\/comercio\/invitacion\/([A-Za-z0-9_-]+)/.exec(linkFrom(mail.text))?.[1] ?? '';

  // The owner accepts and opens the store's page on the phone.
  const phone = await phonePage(browser, baseURL);
  await logInThroughApi(phone, baseURL, owner);
  const accepted = await postWithCsrf(phone.request, baseURL, `/v1/store-invitations/${token}/accept/`);
  expect(accepted.status(), await accepted.text()).toBe(200);
  await phone.goto('/comercio/tienda');
  await expect(phone.getByRole('heading', { level: 1, name: 'Tu tienda' })).toBeVisible();
  const checklist = phone.getByRole('region', { name: 'Antes de publicar tu tienda' });
  await expect(checklist.getByRole('listitem')).toHaveText([
    /Hecho: El dueño aceptó la invitación/,
    /Falta: Al menos 5 productos a la venta con foto y precio \(tienes 0\)/,
    /Falta: El horario de atención/,
    /Falta: Un teléfono de contacto/,
    /Falta: La cuenta bancaria donde te pagamos/,
  ]);
  await expect(checklist.getByRole('link', { name: 'Al menos 5 productos' })).toHaveAttribute(
    'href',
    '/comercio/catalogo',
  );

  const payout = phone.getByRole('region', { name: 'Cuenta de cobro' });
  await payout.getByLabel('Banco').selectOption({ label: 'BROU' });
  await payout.getByLabel('Número de cuenta').fill('1234567');
  await payout.getByLabel('Titular', { exact: true }).fill('Marta Rodríguez');
  await payout.getByLabel('RUT o cédula del titular').fill('1.234.567-2');
  await payout.getByRole('button', { name: 'Guardar la cuenta' }).click();
  await expect(payout.getByText('Las cuentas de BROU tienen 14 dígitos.')).toBeVisible();
  await expect(payout.getByLabel('Número de cuenta')).toBeFocused();
  await payout.getByLabel('Número de cuenta').fill('001234567-00001');
  await payout.getByRole('button', { name: 'Guardar la cuenta' }).click();
  await expect(toasts(phone).getByText('Guardamos la cuenta de cobro.')).toBeVisible();
  await expect(payout.getByText('BROU •••• 0001')).toBeVisible();
  await expect(payout.getByText('A nombre de Marta Rodríguez (CI •••• 5672)')).toBeVisible();
  await expect(checklist.getByRole('listitem').last()).toHaveText(/Hecho: La cuenta bancaria/);
  await expectNoSideScroll(phone, 'the store page with its checklist');
  await expectNoSeriousViolations(phone, 'the store page with its checklist');
  // Its sales page (its own chunk, with the chart's library) starts empty.
  await phone
    .getByRole('navigation', { name: 'Secciones de la tienda' })
    .getByRole('link', { name: 'Ventas' })
    .click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Ventas' })).toBeVisible();
  await expect(phone.getByText('Todavía no tienes ventas en las últimas ocho semanas.')).toBeVisible();
  // The statements name where the money goes.
  await phone
    .getByRole('navigation', { name: 'Secciones de la tienda' })
    .getByRole('link', { name: 'Liquidaciones' })
    .click();
  await expect(phone.getByText('Te transferimos a BROU •••• 0001.')).toBeVisible();

  // The operator sees the same checklist; 'Publicar' says what is still missing.
  await operator.goto(`/admin/tiendas/${storeId}`);
  const list = operator.getByRole('region', { name: 'Para publicarla' });
  await expect(list.getByRole('listitem')).toHaveCount(5);
  await expect(list.getByRole('listitem').last()).toHaveText(/Hecho: La cuenta bancaria/);
  await operator.getByRole('button', { name: 'Publicar' }).click();
  await expect(
    toasts(operator).getByText(/Antes de publicar la tienda falta: al menos 5 productos/),
  ).toBeVisible();
  await expectNoSideScroll(operator, 'the operator’s store page');
});
