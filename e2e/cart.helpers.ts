import { expect, type Page } from '@playwright/test';
import { bottomBarUserButton, DEFAULT_PASSWORD, logInWithForm, uniqueEmail } from './account.helpers.ts';
import { hydrated, searchBox } from './visitor.helpers.ts';

/** Seed products used by the cart tests: two stores, prices in UYU (rate 40.15, threshold 80 USD ≈ $U 3.212). */
export const YERBA = 'Yerba Mate Canarias 1 kg'; // Supermercado El Puerto, $U 279 (discounted from 329), stock 95
export const PARACETAMOL = 'Paracetamol 500 mg x 20'; // a pharmacy, $U 149
/** The seed's stock of PARACETAMOL: the most one cart line may hold (the stock notice test types more). */
export const PARACETAMOL_STOCK = 20;
export const OUT_OF_STOCK = 'Frutilla 500 g'; // a greengrocer, stock 0

/** The cart strip (desktop; phones show 'VER CARRITO' instead). */
export function cartStrip(page: Page) {
  return page.getByRole('region', { name: 'Carrito' });
}

export function expandedCart(page: Page) {
  return page.getByRole('dialog', { name: 'Tu carrito' });
}

/** The visible cart button (top menu on a desktop, bottom bar on a phone), named by its count. */
export function cartButton(page: Page, units: number) {
  return page.getByRole('button', { name: `Carrito, ${units === 1 ? '1 producto' : `${units} productos`}` });
}

export function viewCartButton(page: Page) {
  return page.getByRole('button', { name: /^VER CARRITO/ });
}

/** Opens a product's page through the search dropdown (the product's store does not matter). */
export async function openProductBySearch(page: Page, term: string, name: string): Promise<void> {
  await hydrated(page);
  await searchBox(page).fill(term);
  await page
    .getByRole('option', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** 'Agregar al carrito' on a product page. */
export function addButton(page: Page, name: string) {
  return page.getByRole('button', { name: new RegExp(`^Agregar al carrito: ${name}`) });
}

export async function addBySearch(page: Page, term: string, name: string): Promise<void> {
  await openProductBySearch(page, term, name);
  await addButton(page, name).click();
}

/** Opens the expanded cart the way the layout offers: 'Ver Todos' in the strip, or 'VER CARRITO' on a phone. */
export async function openExpandedCart(page: Page, isMobile: boolean): Promise<void> {
  if (isMobile) await viewCartButton(page).click();
  else await cartStrip(page).getByRole('button', { name: 'Ver Todos' }).click();
  await expect(expandedCart(page)).toBeVisible();
}

/** The expanded cart's row of a product. */
export function cartRow(page: Page, name: string) {
  return expandedCart(page).getByRole('row').filter({ hasText: name });
}

export function quantityField(page: Page, name: string) {
  return expandedCart(page).getByRole('spinbutton', { name: `Cantidad de ${name}` });
}

/**
 * Registers a remitter through the API in the page's own context, which logs the browser in (the session
 * cookie lands in the context's jar), as a real client does: CSRF token first, then the call with it.
 */
export async function registerInPage(
  page: Page,
  baseURL: string,
  /** The account phone; its country decides whether transfers and cash deposits are offered. */
  phone = '+598 91 234 567',
): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('carrito');
  const { csrf_token } = (await (await page.request.get('/v1/csrf-token/')).json()) as { csrf_token: string };
  const created = await page.request.post('/v1/users/create/', {
    headers: { 'X-CSRFToken': csrf_token, Origin: baseURL },
    data: {
      email,
      password: DEFAULT_PASSWORD,
      first_name: 'Carla',
      last_name: 'Ferreira',
      phone_number: phone,
      type: 'remitter',
      referral_token: '',
      terms_accepted: true,
      privacy_accepted: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { email, password: DEFAULT_PASSWORD };
}

/** The connection notice under 'Algo salió mal' when a call gets no answer. */
export const CONNECTION_FAILED =
  'No pudimos conectar con el servidor. Revisa tu conexión e intenta de nuevo.';

/** The products of the logged-in browser's server cart, as the API has them. */
export async function serverCartLines(page: Page): Promise<Array<{ name: string; quantity: number }>> {
  const response = await page.request.get('/v1/cart/');
  expect(response.status()).toBe(200);
  const body = (await response.json()) as {
    products: Array<{ quantity: number; product: { name: string } }>;
  };
  return body.products.map((line) => ({ name: line.product.name, quantity: line.quantity }));
}

/** Logs in without leaving the visit (the in-memory cart stays): the login page on a desktop, the popup on a phone. */
export async function logInDuringVisit(
  page: Page,
  isMobile: boolean,
  account: { email: string; password: string },
): Promise<void> {
  if (isMobile) {
    await bottomBarUserButton(page, false).click();
    await logInWithForm(page.getByRole('dialog'), account.email, account.password);
  } else {
    await page.getByRole('link', { name: 'Iniciar sesión' }).click();
    await logInWithForm(page, account.email, account.password);
  }
}

/** Adds a product by searching for it and waits until the server saved the line (a logged-in shopper). */
export async function addAndWaitForSave(page: Page, term: string, name: string): Promise<void> {
  const saved = page.waitForResponse(
    (response) => response.url().includes('/v1/cart/add/') && response.request().method() === 'POST',
  );
  await addBySearch(page, term, name);
  expect((await saved).status()).toBe(200);
}

/**
 * Fills the logged-in browser's server cart through the API (delivery to Montevideo, products by name), as
 * setup for tests that are not about adding to the cart (decision 035); the app restores it on its next load.
 */
export async function putServerCart(
  page: Page,
  baseURL: string,
  lines: Array<{ name: string; quantity: number }>,
): Promise<void> {
  const { csrf_token } = (await (await page.request.get('/v1/csrf-token/')).json()) as { csrf_token: string };
  const headers = { 'X-CSRFToken': csrf_token, Origin: baseURL };
  const city = await page.request.put('/v1/cart/city/Montevideo', { headers });
  expect(city.status(), await city.text()).toBe(200);
  const data: Array<{ product_id: number; quantity: number }> = [];
  for (const line of lines) {
    const found = (await (
      await page.request.get(`/v1/products/Montevideo/?search=${encodeURIComponent(line.name)}`)
    ).json()) as { results: Array<{ id: number; name: string }> };
    const product = found.results.find((candidate) => candidate.name === line.name);
    if (!product) throw new Error(`${line.name} is not sold in Montevideo`);
    data.push({ product_id: product.id, quantity: line.quantity });
  }
  const put = await page.request.put('/v1/cart/', { headers, data });
  expect(put.status(), await put.text()).toBe(200);
}
