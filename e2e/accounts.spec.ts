import { expect } from '@playwright/test';
import {
  accountMenuButton,
  analyticsEvents,
  bottomBarUserButton,
  createAccount,
  DEFAULT_PASSWORD,
  expectLoggedIn,
  logInWithForm,
  openAccountMenu,
  swipe,
  toasts,
  uniqueEmail,
  WELCOME_MESSAGE,
} from './account.helpers.ts';
import { expectNoSeriousViolations } from './axe.helpers.ts';
import { linkFrom, waitForMail } from './mail.helpers.ts';
import { test } from './server.fixtures.ts';
import { chooseMontevideo, searchBox } from './visitor.helpers.ts';

test('registers from an invitation, stays logged in, edits the details and logs out @phone', async ({
  page,
  baseURL,
  isMobile,
}) => {
  const inviter = await createAccount(baseURL ?? '');
  const email = uniqueEmail('ana');
  const sent: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/v1/users/create/'))
      sent.push(request.postDataJSON() as Record<string, unknown>);
  });

  await chooseMontevideo(page);
  await page.goto(`/register?referral_token=${inviter.referralToken}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Crear cuenta' })).toBeVisible();
  await expect(page.getByText('Llegaste con una invitación')).toBeVisible();

  // The form's own checks (everything required, nothing sent) are auth-form.test.tsx's (decision 060).
  // E-mail shows in lowercase; the phone's country follows the browser (es-UY) and formats as typed.
  const emailInput = page.getByLabel('Correo electrónico');
  await emailInput.fill(email.toUpperCase());
  await expect(emailInput).toHaveValue(email);
  await page.getByLabel('Nombre').fill('Ana');
  await page.getByLabel('Apellido').fill('Pérez');
  await expect(page.getByLabel('País del teléfono')).toHaveValue('UY');
  await page.getByLabel('Número de teléfono').pressSequentially('091234567');
  await expect(page.getByLabel('Número de teléfono')).toHaveValue('091 234 567');
  await page.getByLabel('Crea una contraseña').fill(DEFAULT_PASSWORD);
  await page.getByLabel('Acepto los términos y condiciones del servicio').check();
  await page.getByLabel('Acepto la política de privacidad').check();
  await page.getByRole('button', { name: 'Registrarse' }).click();

  await expect(toasts(page).getByText('¡Hola, Ana!')).toBeVisible();
  await expect(toasts(page).getByText(WELCOME_MESSAGE)).toBeVisible();
  await expect(page).toHaveURL(/\/stores$/);
  expect(sent).toEqual([
    {
      email,
      password: DEFAULT_PASSWORD,
      first_name: 'Ana',
      last_name: 'Pérez',
      phone_number: '+598 91 234 567',
      type: 'remitter',
      referral_token: inviter.referralToken,
      terms_accepted: true,
      privacy_accepted: true,
    },
  ]);
  expect(await analyticsEvents(page)).toContain('login');
  // The stored user is the who-am-I user, never a credential; the invitation has been used.
  const stored = await page.evaluate(() => ({
    user: window.localStorage.getItem('user'),
    referrer: window.localStorage.getItem('referrer'),
  }));
  const storedUser = JSON.parse(stored.user ?? '{}') as Record<string, unknown>;
  expect(storedUser).toMatchObject({ email, first_name: 'Ana' });
  expect(storedUser).not.toHaveProperty('token');
  expect(storedUser).not.toHaveProperty('csrf_token');
  expect(stored.user).not.toContain(DEFAULT_PASSWORD);
  expect(stored.referrer).toBeNull();

  // A reload keeps the session (HttpOnly cookie) and the menu greets by first name.
  await page.reload();
  if (isMobile) await expect(bottomBarUserButton(page, true)).toBeVisible();
  else await expect(accountMenuButton(page, 'Ana')).toBeVisible();
  await expect.poll(() => analyticsEvents(page)).toContain('user_init');

  if (!isMobile) {
    // The dropdown is keyboard friendly: Escape closes it and gives focus back to its button.
    const button = accountMenuButton(page, 'Ana');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Mi Cuenta' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
    await expect(page.getByRole('link', { name: 'Mis Direcciones' })).toBeHidden();
  }

  // Edit the details on /user.
  const menu = await openAccountMenu(page, isMobile, 'Ana');
  // The desktop's account dropdown (the phone's menu is scanned in accessibility.spec).
  if (!isMobile) await expectNoSeriousViolations(page, 'account dropdown');
  await menu.getByRole('link', { name: 'Mi Cuenta' }).click();
  await expect(page).toHaveURL(/\/user\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Mis datos', exact: true });
  await expect(details).toContainText(email);
  await expect(details).toContainText('+598 91 234 567');
  await details.getByRole('button', { name: 'Editar' }).click();
  const form = page.getByRole('region', { name: 'Editar mis datos' });
  await form.getByLabel('Nombre').fill('');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('Campo requerido')).toBeVisible();
  await form.getByLabel('Nombre').fill('Anita');
  await form.getByLabel('Número de teléfono').fill('094 555 666');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(toasts(page).getByText('Datos guardados')).toBeVisible();
  await expect(details).toContainText('Anita');
  await expect(details).toContainText('+598 94 555 666');

  // Logout asks first; cancelling keeps the session.
  let accountMenu = await openAccountMenu(page, isMobile, 'Anita');
  await accountMenu.getByRole('button', { name: 'Cerrar Sesión' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cerrar sesión' });
  await expect(confirm.getByText('¿Estás seguro de que deseas cerrar sesión?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();
  if (!isMobile) await expect(accountMenuButton(page, 'Anita')).toBeFocused();

  accountMenu = await openAccountMenu(page, isMobile, 'Anita');
  await accountMenu.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await page
    .getByRole('dialog', { name: 'Cerrar sesión' })
    .getByRole('button', { name: 'Cerrar sesión' })
    .click();
  // The desktop menu goes to the stores (a city is chosen); the mobile menu to the products, which without a
  // chosen store shows the stores.
  await expect(page).toHaveURL(isMobile ? /\/(products|stores)$/ : /\/stores$/);
  if (isMobile) await expect(bottomBarUserButton(page, false)).toBeVisible();
  // The top menu's link: for a moment the account page's own 'Cerraste sesión' notice (with its link) may
  // still be on screen while the stores render.
  else await expect(page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  expect(await analyticsEvents(page)).toContain('logout');
  expect(await page.evaluate(() => window.localStorage.getItem('user'))).toBeNull();

  // Still a visitor after a reload, and the account area sends to the login.
  await page.goto('/user');
  await expect(page).toHaveURL(/\/login\?next=%2Fuser$/);
});

// A refused invitation (dropped, the values kept) is auth-form.test.tsx's; the API refuses a token of nobody's
// in accounts.test.ts; a registration that goes through is the first journey above (decision 060).

test('a wrong password says what went wrong and keeps what was typed; the right one returns to the page', async ({
  page,
  baseURL,
}) => {
  const account = await createAccount(baseURL ?? '', { firstName: 'Lucía' });

  await page.goto('/user/orders');
  await expect(page).toHaveURL(/\/login\?next=%2Fuser%2Forders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ingresa a tu cuenta' })).toBeVisible();

  // Spec §5 login texts before anything is sent ('Ingresa tu correo', 'Correo electrónico inválido', 'Ingresa
  // tu contraseña') and the focus moving to the password are auth-form.test.tsx's (decision 060).
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  const password = page.getByLabel('Contraseña', { exact: true });
  await password.fill('no-es-esta-clave');
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  const alert = toasts(page).getByRole('alert');
  await expect(alert).toContainText('Algo salió mal');
  await expect(alert).toContainText('Correo electrónico o contraseña incorrectos.');
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(account.email);
  await expect(password).toHaveValue('no-es-esta-clave');

  await password.fill(account.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expectLoggedIn(page, 'Lucía');
  await expect(page).toHaveURL(/\/user\/orders$/);
  await expect(page.getByText('Todavía no tienes compras')).toBeVisible();
});

test('resets a forgotten password through the e-mailed link', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL ?? '', { firstName: 'Sofía' });
  const newPassword = 'mate-amargo-en-la-rambla';

  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Restablecer contraseña' })).toBeVisible();
  // The e-mail typed on the login form comes along.
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(account.email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('status').getByText(/te enviamos un enlace/)).toBeVisible();

  const link = linkFrom((await waitForMail(account.email)).text);
  expect(link).toContain('/password-reset?token=');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Crea una contraseña nueva' })).toBeVisible();
  const passwordInput = page.getByLabel('Nueva contraseña');
  await passwordInput.fill('corta');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText('La contraseña debe tener al menos 8 caracteres.')).toBeVisible();
  await passwordInput.fill(newPassword);
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText('Tu contraseña fue actualizada. Ya puedes iniciar sesión.')).toBeVisible();

  // The link works once, and a used link says so as soon as it opens, before any password is typed.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText(
    'El enlace para restablecer la contraseña no es válido o ya expiró.',
  );
  await expect(page.getByLabel('Nueva contraseña')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Pedir un enlace nuevo' })).toBeVisible();

  // With a city chosen, so the logged-in top menu is on screen after the login.
  await chooseMontevideo(page);
  await page.goto('/login');
  await logInWithForm(page, account.email, newPassword);
  await expectLoggedIn(page, 'Sofía');
});

test('on a phone, the user button and swipes open and close the user menu @phone-only', async ({
  page,
  baseURL,
}) => {
  const account = await createAccount(baseURL ?? '', { firstName: 'Bruno' });
  await chooseMontevideo(page);

  // A visitor's user button opens the login popup, and no swipe opens a user menu.
  await swipe(page, { x: 350, y: 300 }, { x: 150, y: 300 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await bottomBarUserButton(page, false).click();
  await expect(page.getByRole('dialog', { name: 'Ingresa a tu cuenta' })).toBeVisible();
  // The popup's title follows its step ('Iniciar sesión' after the e-mail), so find it by role only.
  const popup = page.getByRole('dialog');
  await expect(popup.getByLabel('Correo electrónico')).toBeFocused();
  await logInWithForm(popup, account.email, account.password);
  await expectLoggedIn(page, 'Bruno');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The user button opens the menu; a tap on it again (over the backdrop) closes it.
  const userButton = bottomBarUserButton(page, true);
  const menu = page.getByRole('dialog', { name: 'Hola, Bruno' });
  await userButton.click();
  await expect(menu).toBeVisible();
  for (const entry of ['Mi Cuenta', 'Mis Compras', 'Mis Direcciones', 'Mi Billetera']) {
    await expect(menu.getByRole('link', { name: entry })).toBeVisible();
  }
  await expect(menu.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
  const box = await userButton.boundingBox();
  if (!box) throw new Error('The user button has no box');
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await expect(menu).toBeHidden();
  await expect(userButton).toHaveAttribute('aria-expanded', 'false');

  // Escape closes it too, and focus returns to the user button.
  await userButton.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(userButton).toBeFocused();

  // A swipe from the right edge opens it; a rightward and a leftward swipe elsewhere close it.
  await swipe(page, { x: 350, y: 300 }, { x: 180, y: 310 });
  await expect(menu).toBeVisible();
  await swipe(page, { x: 20, y: 300 }, { x: 200, y: 300 });
  await expect(menu).toBeHidden();
  await swipe(page, { x: 355, y: 400 }, { x: 200, y: 400 });
  await expect(menu).toBeVisible();
  await swipe(page, { x: 250, y: 300 }, { x: 60, y: 300 });
  await expect(menu).toBeHidden();
  // A short swipe from the edge does nothing.
  await swipe(page, { x: 350, y: 300 }, { x: 280, y: 300 });
  await expect(menu).toBeHidden();

  // An entry navigates and closes the menu.
  await userButton.click();
  await menu.getByRole('link', { name: 'Mi Billetera' }).click();
  await expect(page).toHaveURL(/\/user\/wallet$/);
  await expect(menu).toBeHidden();
  await expect(page.getByText('Crédito disponible')).toBeVisible();
});

test('analytics: a search list shown for more than 3 characters pushes one search event per term @desktop-only', async ({
  page,
}) => {
  await chooseMontevideo(page);
  const searches = async () => (await analyticsEvents(page)).filter((event) => event === 'search').length;
  await searchBox(page).fill('lec');
  await expect(page.getByRole('option').first()).toBeVisible();
  expect(await searches()).toBe(0);
  await searchBox(page).fill('leche');
  await expect(page.getByRole('option', { name: /^Leche / }).first()).toBeVisible();
  await expect.poll(searches).toBe(1);
  await searchBox(page).press('ArrowDown');
  expect(await searches()).toBe(1);
});
