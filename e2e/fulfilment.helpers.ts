import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type APIResponse, expect, type Page, request } from '@playwright/test';
import { tokenizeSandboxCard } from '../packages/shared/src/sandbox-cards.ts';
import { DEFAULT_PASSWORD, logInThroughApi, uniqueEmail } from './account.helpers.ts';
import { DEMO_MERCHANT } from './staff.helpers.ts';

/**
 * Issue 17's store side, made through the API as a real client does: a remitter in a request context of its
 * own pays by card for products of Supermercado El Puerto (the demo merchant's store), so the order reaches the
 * store's inbox paid; and the tracking answer the beneficiary's page reads (its delivery code).
 */

export const EL_PUERTO = 'Supermercado El Puerto';

/** Products of El Puerto no other spec counts the stock of. */
export const COFFEE = 'Café Molido El Chaná 250 g';
export const RICE = 'Arroz Saman Blanco 1 kg';

export interface PaidStoreOrder {
  /** The checkout's number (MV-10234) and El Puerto's store order's (MV-10234-1). */
  groupNumber: string;
  storeOrderNumber: string;
  /** Every store order of the checkout, by its store's name. */
  storeOrders: Array<{ number: string; storeName: string }>;
  /** Who paid: to log the remitter in and read their e-mail. */
  remitter: { email: string; password: string };
  beneficiaryName: string;
  /** The token of the family member's `/seguimiento/<token>` page. */
  trackingToken: string;
  /** What the checkout charges, USD decimal ('12.34'): a bank statement's row pays exactly this. */
  total: string;
}

async function expectOk(response: APIResponse, status: number): Promise<unknown> {
  expect(response.status(), await response.text()).toBe(status);
  return response.json();
}

async function csrfHeaders(api: APIRequestContext, baseURL: string): Promise<Record<string, string>> {
  const { csrf_token } = (await (await api.get('/v1/csrf-token/')).json()) as { csrf_token: string };
  return { 'X-CSRFToken': csrf_token, Origin: baseURL };
}

async function productId(api: APIRequestContext, name: string): Promise<number> {
  const found = (await expectOk(
    await api.get(`/v1/products/Montevideo/?search=${encodeURIComponent(name)}`),
    200,
  )) as { results: Array<{ id: number; name: string }> };
  const product = found.results.find((candidate) => candidate.name === name);
  if (!product) throw new Error(`${name} is not sold in Montevideo`);
  return product.id;
}

function sandboxCardPayment() {
  const tokenized = tokenizeSandboxCard(
    { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    new Date(),
    () => randomUUID().replace(/-/g, ''),
  );
  if (!('token' in tokenized)) throw new Error(`not a valid test card: ${tokenized.problem}`);
  return { method: 'card', card_id: null, token: tokenized.token.token, save_card: false } as const;
}

/**
 * A new remitter buys `lines` from El Puerto by card (or by transfer, left pending) for a beneficiary in Montevideo, delivered to the door
 * (or picked up), in a request context of its own: the browser under test stays whoever it was.
 */
export async function placePaidStoreOrder(
  baseURL: string,
  options: {
    lines?: Array<{ name: string; quantity: number }>;
    delivery?: 'standard' | 'pickup';
    beneficiaryFirstName?: string;
    /** 'transfer': a remitter in Colombia (where transfers are offered) leaves it pending payment. */
    payment?: 'card' | 'transfer';
  } = {},
): Promise<PaidStoreOrder> {
  const api = await request.newContext({ baseURL });
  const remitter = { email: uniqueEmail('remite'), password: DEFAULT_PASSWORD };
  try {
    let headers = await csrfHeaders(api, baseURL);
    await expectOk(
      await api.post('/v1/users/create/', {
        headers,
        data: {
          email: remitter.email,
          password: remitter.password,
          first_name: 'Elena',
          last_name: 'Suárez',
          // Transfers are offered by the account phone's country (not the body's): a Colombian one for them.
          phone_number: options.payment === 'transfer' ? '+57 310 123 4567' : '+1 213 373 4253',
          type: 'remitter',
          referral_token: '',
          terms_accepted: true,
          privacy_accepted: true,
        },
      }),
      201,
    );
    // The session rotates the CSRF token.
    headers = await csrfHeaders(api, baseURL);
    const cities = (await expectOk(await api.get('/v1/cities/'), 200)) as {
      results: Array<{ id: number; name: string }>;
    };
    const montevideo = cities.results.find((city) => city.name === 'Montevideo');
    if (!montevideo) throw new Error('Montevideo is not served');
    await expectOk(await api.put('/v1/cart/city/Montevideo', { headers }), 200);
    const wanted = options.lines ?? [{ name: COFFEE, quantity: 2 }];
    const cartLines = [];
    for (const line of wanted) {
      cartLines.push({ product_id: await productId(api, line.name), quantity: line.quantity });
    }
    await expectOk(await api.put('/v1/cart/', { headers, data: cartLines }), 200);
    const firstName = options.beneficiaryFirstName ?? 'Carmen';
    const beneficiary = (await expectOk(
      await api.post('/v1/beneficiaries/', {
        headers,
        data: {
          first_name: firstName,
          last_name: 'Rodríguez',
          address_line1: 'Av. Brasil 2500',
          city_id: montevideo.id,
          mobile_number: '(091) 123456',
          phone_number: '',
          residency: 'house',
          latitude: -34.9085,
          longitude: -56.149,
          delivery_notes: 'Timbre 3',
        },
      }),
      201,
    )) as { data: { beneficiary_id: string } };
    const cart = (await expectOk(await api.get('/v1/cart/'), 200)) as {
      products: Array<{
        quantity: number;
        product: { id: number; price: string; merchant_discounted_price: string | null; discount: boolean };
      }>;
      subtotal: string | null;
    };
    const body = {
      beneficiary_id: beneficiary.data.beneficiary_id,
      delivery: options.delivery ?? 'standard',
      substitution: 'similar',
      coupon: null,
      credit: '0.00',
      payment: options.payment === 'transfer' ? { method: 'bank_transfer' } : sandboxCardPayment(),
      country: options.payment === 'transfer' ? 'CO' : 'US',
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
    let response = await api.post('/v1/orders/', {
      headers: { ...headers, 'Idempotency-Key': `e2e-${randomUUID()}` },
      data: body,
    });
    if (response.status() === 409) {
      // Shipping and the dollar conversion: take the total the server computed, as the review step does.
      const conflict = (await response.json()) as { changes: Array<{ change: string; now: string | null }> };
      const total = conflict.changes.find((change) => change.change === 'total')?.now;
      expect(total, JSON.stringify(conflict)).toBeTruthy();
      response = await api.post('/v1/orders/', {
        headers: { ...headers, 'Idempotency-Key': `e2e-${randomUUID()}` },
        data: { ...body, expected_total: total },
      });
    }
    const placed = (await expectOk(response, 201)) as {
      order: {
        number: string;
        tracking_url: string;
        total: string;
        stores: Array<{ number: string; store: { name: string } }>;
      };
      payment: { status: string };
    };
    if (options.payment !== 'transfer') expect(placed.payment.status).toBe('succeeded');
    const storeOrder = placed.order.stores.find((store) => store.store.name === EL_PUERTO);
    if (!storeOrder) throw new Error('the order has no store order of El Puerto');
    return {
      groupNumber: placed.order.number,
      storeOrderNumber: storeOrder.number,
      storeOrders: placed.order.stores.map((store) => ({
        number: store.number,
        storeName: store.store.name,
      })),
      remitter,
      beneficiaryName: `${firstName} Rodríguez`,
      trackingToken: placed.order.tracking_url.split('/').pop() ?? '',
      total: placed.order.total,
    };
  } finally {
    await api.dispose();
  }
}

/** The delivery code the beneficiary reads on the tracking page (null once delivered or before payment). */
export async function deliveryCodeFromTracking(
  baseURL: string,
  trackingToken: string,
  storeOrderNumber: string,
): Promise<string> {
  const api = await request.newContext({ baseURL });
  try {
    const tracking = (await expectOk(await api.get(`/v1/tracking/${trackingToken}/`), 200)) as {
      stores: Array<{ number: string; delivery_code: string | null }>;
    };
    const code = tracking.stores.find((store) => store.number === storeOrderNumber)?.delivery_code;
    if (!code) throw new Error(`no delivery code for ${storeOrderNumber}`);
    return code;
  } finally {
    await api.dispose();
  }
}

/**
 * The demo merchant, logged in in the page's context, on the inbox of El Puerto (the store picker asks a
 * member of two stores which one; the choice is remembered in this context only).
 */
export async function openStoreInbox(page: Page, baseURL: string): Promise<void> {
  await openAsDemoOwner(page, baseURL, '/comercio', `Pedidos de ${EL_PUERTO}`);
}

/**
 * Logs the demo owner in and opens a page of the store area at `path`, choosing El Puerto when the store
 * picker asks (the demo owner owns two stores; later visits remember the choice), until the page's h1 shows.
 */
export async function openAsDemoOwner(
  page: Page,
  baseURL: string,
  path: string,
  heading: string,
): Promise<void> {
  await logInThroughApi(page, baseURL, DEMO_MERCHANT);
  await page.goto(path);
  const picker = page.getByRole('heading', { name: '¿En qué tienda trabajas ahora?' });
  const title = page.getByRole('heading', { level: 1, name: heading });
  await expect(picker.or(title)).toBeVisible();
  if (await picker.isVisible()) await page.getByRole('button', { name: new RegExp(EL_PUERTO) }).click();
  await expect(title).toBeVisible();
}

/** An order's card in the inbox, found by its store order number. */
export function orderCard(page: Page, storeOrderNumber: string) {
  return page
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: new RegExp(storeOrderNumber) }) });
}

/** 360 px first: nothing on the page is wider than the phone (no sideways scroll). */
export async function expectNoSideScroll(page: Page, where: string): Promise<void> {
  // Against the phone's width, not window.innerWidth: a mobile viewport widens its layout to fit content
  // that is too wide, so innerWidth grows with the overflow and hides it.
  const width = page.viewportSize()?.width ?? 360;
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${where} scrolls sideways`).toBeLessThanOrEqual(width);
}
