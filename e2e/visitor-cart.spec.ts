import { expect, request } from '@playwright/test';
import { createAccount, toasts } from './account.helpers.ts';
import {
  addBySearch,
  cartButton,
  cartStrip,
  logInDuringVisit,
  PARACETAMOL,
  serverCartLines,
  viewCartButton,
  YERBA,
} from './cart.helpers.ts';
import { test } from './server.fixtures.ts';
import { chooseMontevideo } from './visitor.helpers.ts';

/**
 * Issue 16 part B item 3, decision 032: a visitor's cart survives a reload and a new tab, and joins the
 * account's cart at login. Runs on both projects: on a phone the cart shows as 'VER CARRITO'.
 */
const KEY = 'mandado:visitor-cart:v1';
/** Reading the saved cart back asks the catalog first: give a loaded machine time. */
const SLOW = { timeout: 20_000 };

/** Puts PARACETAMOL × 1 in an account's server cart through the API, in a context of its own. */
async function serverCartWithParacetamol(baseURL: string, account: { email: string; password: string }) {
  const api = await request.newContext({ baseURL });
  try {
    const csrf = async () =>
      ((await (await api.get('/v1/csrf-token/')).json()) as { csrf_token: string }).csrf_token;
    const login = await api.post('/v1/login/', {
      headers: { 'X-CSRFToken': await csrf(), Origin: baseURL },
      data: { username: account.email, password: account.password },
    });
    expect(login.status()).toBe(200);
    const headers = { 'X-CSRFToken': await csrf(), Origin: baseURL };
    expect((await api.put('/v1/cart/city/Montevideo', { headers })).status()).toBe(200);
    const found = (await (
      await api.get(`/v1/products/Montevideo/?search=${encodeURIComponent('paracetamol')}`)
    ).json()) as { results: Array<{ id: number; name: string }> };
    const product = found.results.find((candidate) => candidate.name === PARACETAMOL);
    if (!product) throw new Error('no paracetamol in Montevideo');
    const put = await api.put('/v1/cart/', { headers, data: [{ product_id: product.id, quantity: 1 }] });
    expect(put.status(), await put.text()).toBe(200);
  } finally {
    await api.dispose();
  }
}

test('a visitor’s cart survives a reload and a new tab, and joins the account’s cart at login', async ({
  page,
  context,
  baseURL,
  isMobile,
}) => {
  const account = await createAccount(baseURL ?? '');
  await serverCartWithParacetamol(baseURL ?? '', account);

  await chooseMontevideo(page);
  await addBySearch(page, 'yerba', YERBA);
  await expect(cartButton(page, 1)).toBeAttached();
  const saved = await page.evaluate((key) => window.localStorage.getItem(key), KEY);
  expect(saved).toContain(YERBA);
  expect(JSON.parse(saved ?? '{}')).toMatchObject({ version: 1, items: [{ count: 1 }] });

  // A reload: the cart is back, checked against the catalog, and shown as a cart with items is.
  await page.reload();
  await expect(cartButton(page, 1)).toBeAttached(SLOW);
  if (isMobile) await expect(viewCartButton(page)).toBeVisible();
  else await expect(cartStrip(page)).toContainText(YERBA);

  // A new tab of the same browser has it too.
  const tab = await context.newPage();
  await tab.goto('/stores');
  await expect(cartButton(tab, 1)).toBeAttached(SLOW);
  if (isMobile) await expect(viewCartButton(tab)).toBeVisible();
  else await expect(cartStrip(tab)).toContainText(YERBA);
  await tab.close();

  // The login keeps the account's paracetamol and adds the visitor's yerba; the browser's copy is then gone.
  await logInDuringVisit(page, isMobile, account);
  await expect(cartButton(page, 2)).toBeAttached(SLOW);
  await expect
    .poll(
      async () => (await serverCartLines(page)).map((line) => `${line.name} × ${line.quantity}`).sort(),
      SLOW,
    )
    .toEqual([`${PARACETAMOL} × 1`, `${YERBA} × 1`].sort());
  await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), KEY)).toBeNull();
});

test('a saved line the catalog changed is corrected when read back, and the shopper is told @desktop-only', async ({
  page,
}) => {
  await chooseMontevideo(page);
  await addBySearch(page, 'yerba', YERBA);
  await expect(cartButton(page, 1)).toBeAttached();
  // Someone (or an old visit) left a stale price and an impossible count in the saved copy.
  await page.evaluate((key) => {
    const copy = JSON.parse(window.localStorage.getItem(key) ?? '{}');
    copy.items[0].product.price = '1.00';
    copy.items[0].product.merchant_discounted_price = null;
    copy.items[0].count = 500;
    window.localStorage.setItem(key, JSON.stringify(copy));
  }, KEY);
  await page.reload();
  await expect(toasts(page)).toContainText('Actualizamos tu carrito', SLOW);
  // Capped at what the line may hold now (the stock, at most 99), at today's price.
  const found = (await (await page.request.get('/v1/products/Montevideo/?search=yerba')).json()) as {
    results: Array<{ name: string; stock: number }>;
  };
  const cap = Math.min(99, found.results.find((product) => product.name === YERBA)?.stock ?? 0);
  expect(cap).toBeGreaterThan(1);
  await expect(cartButton(page, cap)).toBeAttached(SLOW);
  const copy = JSON.parse((await page.evaluate((key) => window.localStorage.getItem(key), KEY)) ?? '{}');
  expect(copy.items[0].count).toBe(cap);
  expect(copy.items[0].product.price).not.toBe('1.00');

  // A copy of another version is ignored, not half read.
  await page.evaluate((key) => {
    window.localStorage.setItem(key, JSON.stringify({ version: 99, city_id: 1, items: [] }));
  }, KEY);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(SLOW);
  await expect(cartButton(page, 0)).toBeAttached(SLOW);
});
