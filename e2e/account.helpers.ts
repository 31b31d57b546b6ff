import { type APIRequestContext, expect, type Page, request } from '@playwright/test';

export const WELCOME_MESSAGE = 'Bienvenido a Mandado';
export const DEFAULT_PASSWORD = 'cafe-con-leche-2024';

export interface TestAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  referralToken: string;
}

let counter = 0;

/** A fresh address per test (and per project), so throttles and mails never mix two tests. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

async function postJson(api: APIRequestContext, baseURL: string, path: string, data: unknown) {
  const { csrf_token } = (await (await api.get('/v1/csrf-token/')).json()) as { csrf_token: string };
  return api.post(path, { data, headers: { 'X-CSRFToken': csrf_token, Origin: baseURL } });
}

/**
 * Registers a remitter through the API in a request context of its own (so the browser under test stays a
 * visitor), as a real client does: the CSRF token first, then the call with the token and our Origin.
 */
export async function createAccount(
  baseURL: string,
  overrides: Partial<Omit<TestAccount, 'referralToken'>> & { phone?: string } = {},
): Promise<TestAccount> {
  const api = await request.newContext({ baseURL });
  try {
    const account = {
      email: overrides.email ?? uniqueEmail('invita'),
      password: overrides.password ?? DEFAULT_PASSWORD,
      firstName: overrides.firstName ?? 'Marta',
      lastName: overrides.lastName ?? 'Suárez',
    };
    const created = await postJson(api, baseURL, '/v1/users/create/', {
      email: account.email,
      password: account.password,
      first_name: account.firstName,
      last_name: account.lastName,
      phone_number: overrides.phone ?? '+1 213 373 4253',
      type: 'remitter',
      referral_token: '',
      terms_accepted: true,
      privacy_accepted: true,
    });
    expect(created.status(), await created.text()).toBe(201);
    const whoami = (await (await api.get('/v1/whoami/')).json()) as { whoami: { referral_token: string } };
    return { ...account, referralToken: whoami.whoami.referral_token };
  } finally {
    await api.dispose();
  }
}

/**
 * Logs the browser in without the login form, for tests that are not about logging in (decision 035): the
 * call goes through the page's own request context, whose cookie jar is the browser context's, so the
 * session cookie lands where the app reads it and the next page load's who-am-I finds the user. The tests
 * of the login form itself (accounts, checkout step 0, the phone's login panel) keep typing.
 */
export async function logInThroughApi(
  page: Page,
  baseURL: string,
  account: { email: string; password: string },
): Promise<void> {
  const answer = await postJson(page.request, baseURL, '/v1/login/', {
    username: account.email,
    password: account.password,
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** The notification toasts (spec §2). */
export function toasts(page: Page) {
  return page.getByRole('region', { name: 'Avisos' });
}

/** The mobile bottom bar's user button: 'Ingresar' for a visitor, 'Mi cuenta' for a user. */
export function bottomBarUserButton(page: Page, loggedIn: boolean) {
  return page
    .getByRole('navigation', { name: 'Menú móvil' })
    .getByRole('button', { name: loggedIn ? 'Mi cuenta' : 'Ingresar' });
}

/** The desktop 'Mi cuenta' dropdown button, which greets by first name. */
export function accountMenuButton(page: Page, firstName: string) {
  return page.getByRole('button', { name: `Hola, ${firstName} Mi cuenta` });
}

/**
 * Waits until the page shows a logged-in shopper: the greeting dropdown on a desktop, the 'Mi cuenta' user
 * button on a phone. A login shows no welcome toast (only a registration does; decision 033).
 */
export async function expectLoggedIn(page: Page, firstName: string) {
  await expect(
    accountMenuButton(page, firstName).or(bottomBarUserButton(page, true)).filter({ visible: true }),
  ).toBeVisible();
}

/** Opens the account entries: the dropdown on a desktop, the user menu on a phone. */
export async function openAccountMenu(page: Page, isMobile: boolean, firstName: string) {
  if (isMobile) {
    await bottomBarUserButton(page, true).click();
    const menu = page.getByRole('dialog', { name: `Hola, ${firstName}` });
    await expect(menu).toBeVisible();
    return menu;
  }
  const button = accountMenuButton(page, firstName);
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  return page.locator('.account-menu__panel');
}

/** Logs in on the e-mail-first form (page or panel): e-mail, 'Siguiente', password, 'Iniciar Sesión'. */
export async function logInWithForm(
  scope: ReturnType<Page['locator']> | Page,
  email: string,
  password: string,
) {
  await scope.getByLabel('Correo electrónico').fill(email);
  await scope.getByRole('button', { name: 'Siguiente' }).click();
  await scope.getByLabel('Contraseña', { exact: true }).fill(password);
  await scope.getByRole('button', { name: 'Iniciar Sesión' }).click();
}

/** The analytics events pushed so far (spec §4 Analytics). */
export async function analyticsEvents(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).flatMap((entry) =>
      typeof entry === 'object' && entry !== null && 'event' in entry ? [String(entry.event)] : [],
    ),
  );
}

/**
 * A one-finger swipe through Chromium's real touch input (DevTools protocol), so the page's listeners see
 * the same events a phone sends.
 */
export async function swipe(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  const steps = 6;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let step = 1; step <= steps; step += 1) {
    const point = {
      x: from.x + ((to.x - from.x) * step) / steps,
      y: from.y + ((to.y - from.y) * step) / steps,
    };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}
