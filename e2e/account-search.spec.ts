import { randomUUID } from 'node:crypto';
import { expect, type Page, request } from '@playwright/test';
import { tokenizeSandboxCard } from '../packages/shared/src/sandbox-cards.ts';
import { createAccount, logInWithForm, toasts } from './account.helpers.ts';
import { skipAddressPopup } from './address.helpers.ts';
import { expectNoSeriousViolations } from './axe.helpers.ts';
import { test } from './server.fixtures.ts';
import { chooseMontevideo, searchBox } from './visitor.helpers.ts';

/**
 * Issue 16 part B item 8 (parts): Enter in the search box opens /buscar, the account page changes the password
 * and deletes saved cards. Accounts and cards are made through the API; only the screens under test are used.
 * Layout does not matter here, so the desktop project runs them.
 */
const SLOW = { timeout: 20_000 };

async function apiLogin(baseURL: string, email: string, password: string) {
  const api = await request.newContext({ baseURL });
  const { csrf_token } = (await (await api.get('/v1/csrf-token/')).json()) as { csrf_token: string };
  const response = await api.post('/v1/login/', {
    headers: { 'X-CSRFToken': csrf_token, Origin: baseURL },
    data: { username: email, password },
  });
  return { api, status: response.status() };
}

async function logInOnPage(page: Page, email: string, password: string) {
  await skipAddressPopup(page);
  await page.goto('/login?next=%2Fuser');
  await logInWithForm(page, email, password);
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible(SLOW);
}

test('Enter in the search box opens the results page, which pages through the results @desktop-only', async ({
  page,
}) => {
  // A term with more than one page of results in the seed, found through the API like the page asks it.
  let term = '';
  for (const candidate of ['500', 'con', 'kg', 'para', 'sin', 'de l']) {
    const answer = (await (
      await page.request.get(`/v1/products/Montevideo/?search=${encodeURIComponent(candidate)}`)
    ).json()) as { has_next?: boolean };
    if (answer.has_next) {
      term = candidate;
      break;
    }
  }
  await chooseMontevideo(page);
  await searchBox(page).fill('leche');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(/\/buscar\?q=leche$/, SLOW);
  await expect(page.getByRole('heading', { level: 1, name: 'Resultados para “leche”' })).toBeVisible(SLOW);
  const results = page.getByRole('list', { name: 'Resultados de la búsqueda' });
  await expect(results.getByRole('listitem').first()).toBeVisible(SLOW);
  await expect(page.getByRole('status').filter({ hasText: /^Página 1: \d+ productos?$/ })).toBeVisible();

  // A reload of the page is a page of the app (the server answers 200, not its 404).
  const reloaded = await page.reload();
  expect(reloaded?.status()).toBe(200);
  await expect(results.getByRole('listitem').first()).toBeVisible(SLOW);

  // Fails, never skips: a seed without a two-page term would otherwise leave the paging below untested in silence.
  expect(term, 'a seed term with two pages of results (tried 500, con, kg, para, sin, de l)').not.toBe('');
  await searchBox(page).fill(term);
  await searchBox(page).press('Enter');
  const pages = page.getByRole('navigation', { name: 'Páginas de resultados' });
  await expect(pages).toBeVisible(SLOW);
  await expect(pages.getByText('Página 1')).toHaveAttribute('aria-current', 'page');
  const firstPage = await results.getByRole('listitem').allInnerTexts();
  await pages.getByRole('link', { name: 'Página siguiente' }).click();
  await expect(page).toHaveURL(/pagina=2/);
  await expect(pages.getByText('Página 2')).toHaveAttribute('aria-current', 'page');
  await expect(results.getByRole('listitem').first()).toBeVisible(SLOW);
  expect(await results.getByRole('listitem').first().innerText()).not.toBe(firstPage[0]);
  await pages.getByRole('link', { name: 'Página anterior' }).click();
  await expect(pages.getByText('Página 1')).toHaveAttribute('aria-current', 'page', SLOW);
});

test('the account page changes the password; the old one stops working and other sessions end @desktop-only', async ({
  page,
  baseURL,
}) => {
  const account = await createAccount(baseURL ?? '', { firstName: 'Lucía' });
  const other = await apiLogin(baseURL ?? '', account.email, account.password);
  expect(other.status).toBe(200);
  try {
    await logInOnPage(page, account.email, account.password);
    // The account page under the desktop header (accessibility.spec scans it at 360 px).
    await expectNoSeriousViolations(page, 'account page under the desktop header');
    const form = page.getByRole('region', { name: 'Cambiar contraseña' });
    // A wrong current password told under its field ('La contraseña actual no es correcta.') is
    // password-change-form.test.tsx's, the refusal itself password-change.test.ts's (decision 060).
    await form.getByLabel('Contraseña actual').fill(account.password);
    await form.getByLabel('Nueva contraseña').fill('mate-amargo-en-la-rambla');
    await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(toasts(page)).toContainText('Contraseña actualizada', SLOW);
    await expect(form.getByLabel('Contraseña actual')).toHaveValue('');

    // This browser stays logged in; the other session is over; only the new password logs in.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible(SLOW);
    const whoami = (await (await other.api.get('/v1/whoami/')).json()) as { whoami: unknown };
    expect(whoami.whoami).toBeNull();
    expect((await apiLogin(baseURL ?? '', account.email, account.password)).status).toBe(400);
    expect((await apiLogin(baseURL ?? '', account.email, 'mate-amargo-en-la-rambla')).status).toBe(200);
  } finally {
    await other.api.dispose();
  }
});

test('the account page lists saved cards and deletes one @desktop-only', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL ?? '');
  const session = await apiLogin(baseURL ?? '', account.email, account.password);
  try {
    const { csrf_token } = (await (await session.api.get('/v1/csrf-token/')).json()) as {
      csrf_token: string;
    };
    for (const number of ['4242 4242 4242 4242', '5555 5555 5555 4444']) {
      const tokenized = tokenizeSandboxCard({ number, expiry: '12/34', cvc: '123' }, new Date(), () =>
        randomUUID().replace(/-/g, ''),
      );
      if (!('token' in tokenized)) throw new Error('test card refused');
      const saved = await session.api.post('/v1/tokens/create/', {
        headers: { 'X-CSRFToken': csrf_token, Origin: baseURL ?? '' },
        data: { token: tokenized.token.token },
      });
      expect(saved.status(), await saved.text()).toBe(201);
    }

    await logInOnPage(page, account.email, account.password);
    const cards = page.getByRole('list', { name: 'Tarjetas guardadas' });
    await expect(cards.getByRole('listitem')).toHaveCount(2, SLOW);
    await expect(cards.getByText('Vence 12/34').first()).toBeVisible();
    const visa = cards.getByRole('listitem').filter({ hasText: 'terminada en 4242' });
    await visa.getByRole('button', { name: /^Eliminar .*4242$/ }).click();
    await visa.getByRole('button', { name: 'Cancelar' }).click();
    await expect(cards.getByRole('listitem')).toHaveCount(2);
    await visa.getByRole('button', { name: /^Eliminar .*4242$/ }).click();
    await visa.getByRole('button', { name: 'Sí, eliminar' }).click();
    await expect(toasts(page)).toContainText('Tarjeta eliminada', SLOW);
    await expect(cards.getByRole('listitem')).toHaveCount(1);
    await expect(cards).not.toContainText('4242');
    const left = (await (await session.api.get('/v1/cards/')).json()) as {
      results: Array<{ last4: string }>;
    };
    expect(left.results.map((card) => card.last4)).toEqual(['4444']);
  } finally {
    await session.api.dispose();
  }
});
