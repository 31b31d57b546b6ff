import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import { totpCode } from '../apps/api/src/modules/second-factor/totp.ts';
import {
  accountMenuButton,
  bottomBarUserButton,
  createAccount,
  logInThroughApi,
  logInWithForm,
  type TestAccount,
} from './account.helpers.ts';
import { expectNoSeriousViolations } from './axe.helpers.ts';
import { test } from './server.fixtures.ts';
import { DEMO_MERCHANT, DEMO_OPERATOR, DEMO_REVIEWER } from './staff.helpers.ts';
import { chooseMontevideo } from './visitor.helpers.ts';

// Issue 17: the staff app (/comercio, /admin, /entrega) beside the shop, with the same accounts.
const EL_PUERTO = 'Supermercado El Puerto';
const FARMACIA = 'Farmacia Rambla';
const NO_ACCESS = 'No tienes acceso a esta sección';

/** The staff app's store area, once the member has a store: its 'Pedidos' heading in the main region. */
function inboxHeading(page: Page) {
  return page.getByRole('main').getByRole('heading', { level: 1, name: /^Pedidos/ });
}

test('a visitor opening /comercio logs in on the shop and comes back to the store area', async ({
  page,
  baseURL,
}) => {
  await page.goto('/comercio');
  await expect(page).toHaveURL(/\/login\?next=%2Fcomercio$/);
  // The login itself is tested elsewhere: the session lands in this browser, and the login page, now with a
  // user, sends them on to the staff app with a full page load (another bundle).
  await logInThroughApi(page, baseURL ?? '', DEMO_MERCHANT);
  await page.reload();
  await expect(page).toHaveURL(/\/comercio$/);
  await expect(page.getByRole('heading', { name: '¿En qué tienda trabajas ahora?' })).toBeVisible();
});

test('a shopper opening /comercio or /admin is told they have no access, with the way back to the shop', async ({
  page,
  baseURL,
}) => {
  const shopper = await createAccount(baseURL ?? '', { firstName: 'Irene' });
  await logInThroughApi(page, baseURL ?? '', shopper);
  for (const path of ['/comercio', '/admin']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: NO_ACCESS })).toBeVisible();
    await expect(page).toHaveTitle('Mandado para comercios');
  }
  await expectNoSeriousViolations(page, 'the no-access page');
  await page.getByRole('link', { name: 'Volver a la tienda' }).click();
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/$`));
  await expect(
    page.getByRole('heading', { level: 1, name: '¿A qué ciudad enviamos tu compra?' }),
  ).toBeVisible();
});

test('a member of two stores picks one on /comercio, which is remembered, and switches from the header', async ({
  page,
  baseURL,
}) => {
  await logInThroughApi(page, baseURL ?? '', DEMO_MERCHANT);
  await page.goto('/comercio');
  await expect(page.getByRole('heading', { name: '¿En qué tienda trabajas ahora?' })).toBeVisible();
  await expectNoSeriousViolations(page, 'the store picker');
  await page.getByRole('button', { name: new RegExp(EL_PUERTO) }).click();
  await expect(inboxHeading(page)).toBeVisible();
  const storeSwitch = page.getByRole('combobox', { name: 'Tienda' });
  await expect(storeSwitch.locator('option:checked')).toHaveText(EL_PUERTO);

  await page.reload();
  await expect(inboxHeading(page)).toBeVisible();
  await expect(storeSwitch.locator('option:checked')).toHaveText(EL_PUERTO);

  await storeSwitch.selectOption({ label: FARMACIA });
  await expect(storeSwitch.locator('option:checked')).toHaveText(FARMACIA);
  await page.reload();
  await expect(storeSwitch.locator('option:checked')).toHaveText(FARMACIA);

  // The back office is for operators: a store owner is no operator.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: NO_ACCESS })).toBeVisible();
});

test("the shop's account menu shows 'Mi comercio' to a store member and 'Administración' to an operator", async ({
  page,
  baseURL,
}) => {
  await chooseMontevideo(page);
  await logInThroughApi(page, baseURL ?? '', DEMO_MERCHANT);
  await page.reload();
  await accountMenuButton(page, DEMO_MERCHANT.firstName).click();
  await expect(page.getByRole('link', { name: 'Administración' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Mi comercio' }).click();
  await expect(page).toHaveURL(/\/comercio$/);
  await expect(page.getByRole('heading', { name: '¿En qué tienda trabajas ahora?' })).toBeVisible();

  await page.context().clearCookies();
  await logInThroughApi(page, baseURL ?? '', DEMO_OPERATOR);
  await page.goto('/stores');
  await accountMenuButton(page, DEMO_OPERATOR.firstName).click();
  await expect(page.getByRole('link', { name: 'Mi comercio' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Administración' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible();
});

test("the phone's user menu shows 'Mi comercio' to a store member @phone-only", async ({ page, baseURL }) => {
  await chooseMontevideo(page);
  await logInThroughApi(page, baseURL ?? '', DEMO_MERCHANT);
  await page.reload();
  await bottomBarUserButton(page, true).click();
  const menu = page.getByRole('dialog', { name: `Hola, ${DEMO_MERCHANT.firstName}` });
  await menu.getByRole('link', { name: 'Mi comercio' }).click();
  await expect(page).toHaveURL(/\/comercio$/);
  await expect(page.getByRole('heading', { name: '¿En qué tienda trabajas ahora?' })).toBeVisible();
});

test('a courier link opens the staff app without an account; an unknown staff path is its 404', async ({
  page,
}) => {
  // The courier page itself is courier.spec.ts's; here only who answers the path, and with which status.
  const courier = await page.goto('/entrega/enlace-de-prueba');
  expect(courier?.status()).toBe(200);
  await expect(page).toHaveURL(/\/entrega\/enlace-de-prueba$/);
  const unknown = await page.goto('/entrega/enlace-de-prueba/otra-cosa');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'No encontramos esta página' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver a la tienda' })).toHaveAttribute('href', '/');
});

/** A logged-in API client of its own (not the browser's), sending our Origin and the session's CSRF token. */
async function apiSession(baseURL: string, account: Pick<TestAccount, 'email' | 'password'>) {
  const api = await request.newContext({ baseURL });
  const send = async (method: 'POST' | 'PUT', path: string, data: unknown) => {
    const { csrf_token } = (await (await api.get('/v1/csrf-token/')).json()) as { csrf_token: string };
    return api.fetch(path, { method, data, headers: { 'X-CSRFToken': csrf_token, Origin: baseURL } });
  };
  expect(
    (await send('POST', '/v1/login/', { username: account.email, password: account.password })).status(),
  ).toBe(200);
  return { api, send };
}

async function readJson<T>(api: APIRequestContext, path: string): Promise<T> {
  return (await (await api.get(path)).json()) as T;
}

test('issue 27: an operator granted with four eyes turns on a second factor, and the next login asks for its code', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const person = await createAccount(origin, { firstName: 'Tomás' });
  // Four eyes, through the API (admin-stores-people drives the screens): Martín asks, Carla approves.
  const [martin, carla] = [await apiSession(origin, DEMO_OPERATOR), await apiSession(origin, DEMO_REVIEWER)];
  try {
    const found = await readJson<{ results: Array<{ id: number }> }>(
      martin.api,
      `/v1/admin/people/?q=${encodeURIComponent(person.email)}`,
    );
    const id = found.results[0]?.id;
    expect(
      (await martin.send('PUT', `/v1/admin/people/${id}/operator/`, { group: 'soporte' })).status(),
    ).toBe(200);
    const grants = await readJson<{ results: Array<{ id: number; user_id: number }> }>(
      carla.api,
      '/v1/admin/operator-grants/',
    );
    const grant = grants.results.find((row) => row.user_id === id);
    expect((await carla.send('POST', `/v1/admin/operator-grants/${grant?.id}/approve/`, {})).status()).toBe(
      200,
    );
  } finally {
    await Promise.all([martin.api.dispose(), carla.api.dispose()]);
  }

  await logInThroughApi(page, origin, person);
  await page.goto('/comercio/seguridad');
  await page.getByRole('button', { name: 'Activar' }).click();
  // The key shows in groups of four; the app (here totpCode) takes it without the spaces.
  const secret = ((await page.getByRole('main').locator('code').textContent()) ?? '').replaceAll(' ', '');
  const enrolledAt = Date.now();
  await page.getByLabel('Código de la app').fill(totpCode(secret, enrolledAt));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('list', { name: 'Códigos de recuperación' }).getByRole('listitem')).toHaveCount(
    10,
  );

  // A fresh browser: the shop's login form sends the person to the code, then on to the back office.
  const context = await browser.newContext({ baseURL });
  const fresh = await context.newPage();
  try {
    await fresh.goto('/login?next=%2Fadmin');
    await logInWithForm(fresh, person.email, person.password);
    await expect(fresh).toHaveURL(/\/comercio\/verificacion\?next=%2Fadmin$/);
    await fresh.getByLabel('Código').fill(totpCode(secret, enrolledAt + 30_000));
    await fresh.getByRole('button', { name: 'Verificar' }).click();
    await expect(fresh.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible();
  } finally {
    await context.close();
  }
});
