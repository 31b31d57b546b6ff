import { randomUUID } from 'node:crypto';
import { type APIResponse, expect, type Locator, type Page } from '@playwright/test';
import { createAccount, expectLoggedIn, logInWithForm, toasts, WELCOME_MESSAGE } from './account.helpers.ts';
import { skipAddressPopup } from './address.helpers.ts';
import { addButton, openProductBySearch, registerInPage, YERBA } from './cart.helpers.ts';
import { test } from './server.fixtures.ts';
import { chooseMontevideo, openFirstStore } from './visitor.helpers.ts';

/** Issue 16 (decision 033): one voice, a Spanish 404 with its status, and phone layouts that fit. */

/** Whether an element is inside the viewport as the page first shows it (no scrolling). */
async function expectInFirstScreen(page: Page, locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  // Nothing scrolled: the page, or inside a dialog (the page behind it keeps the list's scroll) the dialog.
  const scrolled = await locator.evaluate((element) => {
    const dialog = element.closest('dialog');
    if (!dialog) return window.scrollY;
    let total = 0;
    for (
      let node: Element | null = element;
      node && node !== dialog.parentElement;
      node = node.parentElement
    ) {
      total += node.scrollTop;
    }
    return total;
  });
  expect(scrolled).toBe(0);
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('no box or no viewport');
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  // Not under the bottom bar or any other fixed layer: the button itself is what a tap at its centre hits.
  const hit = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return top !== null && element.contains(top);
  });
  expect(hit).toBe(true);
}

test("on a phone, a product's page shows 'Agregar al carrito' without scrolling @phone-only", async ({
  page,
}) => {
  await chooseMontevideo(page);
  await openProductBySearch(page, 'yerba', YERBA);
  await expectInFirstScreen(page, addButton(page, YERBA));
});

test("on a phone, a product opened over the store's list shows 'Agregar al carrito' without scrolling @phone-only", async ({
  page,
}) => {
  await chooseMontevideo(page);
  await openFirstStore(page);
  const card = page.locator('.product-card a').first();
  await card.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectInFirstScreen(page, dialog.getByRole('button', { name: /^Agregar al carrito/ }));
});

test('an unknown store path answers 404 with the Spanish 404 page', async ({ page }) => {
  await chooseMontevideo(page);
  const response = await page.goto('/TiendaQueNoExiste/products');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'No encontramos esta página' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver al inicio' })).toBeVisible();
  // A store that exists answers 200.
  const known = await page.goto('/SupermercadoElPuerto/products');
  expect(known?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Supermercado El Puerto' })).toBeVisible();
});

test('a login shows no welcome toast; the account menu greets instead', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL ?? '', { firstName: 'Renata' });
  await chooseMontevideo(page);
  await page.goto('/login');
  await logInWithForm(page, account.email, account.password);
  await expectLoggedIn(page, 'Renata');
  await expect(toasts(page).getByText(WELCOME_MESSAGE)).toHaveCount(0);
  await expect(toasts(page).getByText('¡Hola, Renata!')).toHaveCount(0);
});

async function csrfHeaders(page: Page, baseURL: string): Promise<Record<string, string>> {
  const { csrf_token } = (await (await page.request.get('/v1/csrf-token/')).json()) as { csrf_token: string };
  return { 'X-CSRFToken': csrf_token, Origin: baseURL };
}

async function json(response: APIResponse, status: number): Promise<unknown> {
  expect(response.status(), await response.text()).toBe(status);
  return response.json();
}

/** A transfer order of one product, picked up at the store, placed through the API as the checkout does. */
async function placeTransferOrder(
  page: Page,
  baseURL: string,
): Promise<{ number: string; tracking: string }> {
  await registerInPage(page, baseURL, '+57 310 1234567');
  const headers = await csrfHeaders(page, baseURL);
  const cities = (await json(await page.request.get('/v1/cities/'), 200)) as {
    results: Array<{ id: number; name: string }>;
  };
  const montevideo = cities.results.find((city) => city.name === 'Montevideo');
  if (!montevideo) throw new Error('Montevideo is not served');
  await json(await page.request.put('/v1/cart/city/Montevideo', { headers }), 200);
  const found = (await json(
    await page.request.get(`/v1/products/Montevideo/?search=${encodeURIComponent('yerba')}`),
    200,
  )) as { results: Array<{ id: number; name: string }> };
  const product = found.results.find((candidate) => candidate.name === YERBA);
  if (!product) throw new Error('no yerba');
  await json(
    await page.request.put('/v1/cart/', { headers, data: [{ product_id: product.id, quantity: 1 }] }),
    200,
  );
  const beneficiary = (await json(
    await page.request.post('/v1/beneficiaries/', {
      headers,
      data: {
        first_name: 'Ana',
        last_name: 'Pérez',
        address_line1: 'Av. 18 de Julio 1234',
        city_id: montevideo.id,
        mobile_number: '(091) 123456',
        phone_number: '',
        residency: 'house',
        latitude: -34.9058,
        longitude: -56.1913,
        email: 'ana.perez@example.com',
        delivery_notes: '',
      },
    }),
    201,
  )) as { data: { beneficiary_id: string } };
  const cart = (await json(await page.request.get('/v1/cart/'), 200)) as {
    products: Array<{
      quantity: number;
      product: { id: number; price: string; merchant_discounted_price: string | null; discount: boolean };
    }>;
    subtotal: string | null;
  };
  const body = {
    beneficiary_id: beneficiary.data.beneficiary_id,
    delivery: 'pickup',
    substitution: 'similar',
    coupon: null,
    credit: '0.00',
    payment: { method: 'bank_transfer' },
    country: 'CO',
    display_currency: 'USD',
    lines: cart.products.map((line) => ({
      product_id: line.product.id,
      quantity: line.quantity,
      unit_price:
        line.product.discount && line.product.merchant_discounted_price !== null
          ? line.product.merchant_discounted_price
          : line.product.price,
      substitution: null,
    })),
    expected_total: cart.subtotal ?? '0.00',
  };
  const post = (expected: string) =>
    page.request.post('/v1/orders/', {
      headers: { ...headers, 'Idempotency-Key': `e2e-${randomUUID()}` },
      data: { ...body, expected_total: expected },
    });
  let response = await post(body.expected_total);
  if (response.status() === 409) {
    // The preview and the order's pricing may round the conversion apart: take the server's total.
    const conflict = (await response.json()) as { changes: Array<{ change: string; now: string | null }> };
    response = await post(conflict.changes.find((change) => change.change === 'total')?.now ?? '0.00');
  }
  const placed = (await json(response, 201)) as { order: { number: string; tracking_url: string } };
  return { number: placed.order.number, tracking: new URL(placed.order.tracking_url, baseURL).pathname };
}

/** Every order number on the page sits on one line (one box), whatever the width. */
async function expectOrderNumbersWhole(page: Page, where: string): Promise<void> {
  const numbers = page.locator('.order-number');
  await expect(numbers.first()).toBeVisible();
  const lines = await numbers.evaluateAll((elements) =>
    elements.map((element) => ({ text: element.textContent, boxes: element.getClientRects().length })),
  );
  for (const line of lines) expect(line.boxes, `${where}: ${line.text}`).toBe(1);
  for (const line of lines) expect(line.text, where).toMatch(/^MV-\d+(-\d+)?$/);
}

test('order numbers never break at 360 px: list, detail, confirmation and tracking @phone-only', async ({
  page,
  baseURL,
}) => {
  await skipAddressPopup(page);
  const order = await placeTransferOrder(page, baseURL ?? '');
  await page.goto('/user/orders');
  await expect(page.getByRole('heading', { name: 'Mis Compras' })).toBeVisible();
  await expectOrderNumbersWhole(page, 'Mis Compras');
  await page.goto(`/user/orders/${order.number}`);
  await expect(page.getByRole('heading', { name: `Pedido ${order.number}` })).toBeVisible();
  await expectOrderNumbersWhole(page, 'detalle');
  await page.goto(`/checkout/confirmacion/${order.number}`);
  await expect(page.getByText(`Número de pedido: ${order.number}`)).toBeVisible();
  await expectOrderNumbersWhole(page, 'confirmación');
  await page.goto(order.tracking);
  await expect(page.getByRole('heading', { level: 1, name: 'Hola, Ana' })).toBeVisible();
  await expectOrderNumbersWhole(page, 'seguimiento');
});
