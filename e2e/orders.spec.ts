import { randomUUID } from 'node:crypto';
import { type APIResponse, expect, type Page } from '@playwright/test';
import { tokenizeSandboxCard } from '../packages/shared/src/sandbox-cards.ts';
import { toasts } from './account.helpers.ts';
import { skipAddressPopup } from './address.helpers.ts';
import { expectNoSeriousViolations } from './axe.helpers.ts';
import { expandedCart, registerInPage, serverCartLines } from './cart.helpers.ts';
import { test } from './server.fixtures.ts';

/**
 * Issue 10, after the order: 'Mis Compras', the order detail, 'Repetir pedido', the family member's tracking
 * page and 'Mi Billetera'. Orders are placed through the API (as the checkout does: CSRF token, Idempotency-Key,
 * what the shopper saw), so these tests do not depend on the checkout screens.
 */

const BENEFICIARY = { first: 'Ana', last: 'Pérez', email: 'ana.perez@example.com' };

/**
 * Products no other spec counts on: a transfer keeps its stock until it is paid or expires, and the cart
 * tests check the seed's stock of NOODLES and OMEPRAZOLE.
 */
const NOODLES = 'Fideos Tallarines Las Acacias 500 g'; // Supermercado El Puerto, stock 181
const OMEPRAZOLE = 'Omeprazol 20 mg x 14'; // Farmacia Rambla, stock 128

interface PlacedOrder {
  number: string;
  trackingUrl: string;
  stores: string[];
  /** Each store's address, where a pick-up order is collected. */
  addresses: string[];
}

async function csrfHeaders(page: Page, baseURL: string): Promise<Record<string, string>> {
  const { csrf_token } = (await (await page.request.get('/v1/csrf-token/')).json()) as { csrf_token: string };
  return { 'X-CSRFToken': csrf_token, Origin: baseURL };
}

async function expectOk(response: APIResponse, status: number): Promise<unknown> {
  expect(response.status(), await response.text()).toBe(status);
  return response.json();
}

async function productId(page: Page, city: string, name: string): Promise<number> {
  const found = (await expectOk(
    await page.request.get(`/v1/products/${encodeURIComponent(city)}/?search=${encodeURIComponent(name)}`),
    200,
  )) as { results: Array<{ id: number; name: string }> };
  const product = found.results.find((candidate) => candidate.name === name);
  if (!product) throw new Error(`${name} is not sold in ${city}`);
  return product.id;
}

interface ServerCart {
  city: { id: number; name: string } | null;
  products: Array<{
    quantity: number;
    product: {
      id: number;
      price: string;
      merchant_discounted_price: string | null;
      discount: boolean;
      store_name: string;
    };
  }>;
  subtotal: string | null;
}

type Payment =
  | { method: 'bank_transfer' }
  | { method: 'card'; card_id: null; token: string; save_card: false };

const TRANSFER: Payment = { method: 'bank_transfer' };

/** A new card as the checkout's card form sends it: tokenized here, only the token goes to the server. */
function sandboxCard(number: string): Payment {
  const tokenized = tokenizeSandboxCard({ number, expiry: '12/34', cvc: '123' }, new Date(), () =>
    randomUUID().replace(/-/g, ''),
  );
  if (!('token' in tokenized)) throw new Error(`not a valid test card: ${tokenized.problem}`);
  return { method: 'card', card_id: null, token: tokenized.token.token, save_card: false };
}

/**
 * A logged-in remitter (the page's own context holds the session) buys NOODLES and OMEPRAZOLE from two stores
 * for Ana in Montevideo from Colombia (where transfers are offered), picked up at the stores (no shipping).
 */
async function placeOrder(page: Page, baseURL: string, payment: Payment = TRANSFER): Promise<PlacedOrder> {
  const headers = await csrfHeaders(page, baseURL);
  const cities = (await expectOk(await page.request.get('/v1/cities/'), 200)) as {
    results: Array<{ id: number; name: string }>;
  };
  const montevideo = cities.results.find((city) => city.name === 'Montevideo');
  if (!montevideo) throw new Error('Montevideo is not served');
  await expectOk(await page.request.put('/v1/cart/city/Montevideo', { headers }), 200);
  const omeprazole = await productId(page, 'Montevideo', OMEPRAZOLE);
  const lines = [
    { product_id: await productId(page, 'Montevideo', NOODLES), quantity: 2 },
    { product_id: omeprazole, quantity: 1 },
  ];
  await expectOk(await page.request.put('/v1/cart/', { headers, data: lines }), 200);
  const beneficiary = (await expectOk(
    await page.request.post('/v1/beneficiaries/', {
      headers,
      data: {
        first_name: BENEFICIARY.first,
        last_name: BENEFICIARY.last,
        address_line1: 'Av. 18 de Julio 1234',
        city_id: montevideo.id,
        mobile_number: '(091) 123456',
        phone_number: '',
        residency: 'house',
        latitude: -34.9058,
        longitude: -56.1913,
        email: BENEFICIARY.email,
        delivery_notes: '',
      },
    }),
    201,
  )) as { data: { beneficiary_id: string } };
  const cart = (await expectOk(await page.request.get('/v1/cart/'), 200)) as ServerCart;
  const body = {
    beneficiary_id: beneficiary.data.beneficiary_id,
    delivery: 'pickup',
    substitution: 'similar',
    coupon: null,
    credit: '0.00',
    payment,
    country: 'CO',
    display_currency: 'USD',
    lines: cart.products.map((line) => ({
      product_id: line.product.id,
      quantity: line.quantity,
      unit_price:
        line.product.discount && line.product.merchant_discounted_price !== null
          ? line.product.merchant_discounted_price
          : line.product.price,
      // One line chooses otherwise than the order ('similar'): the detail must keep that choice.
      substitution: line.product.id === omeprazole ? 'call' : null,
    })),
    expected_total: cart.subtotal ?? '0.00',
  };
  let response = await page.request.post('/v1/orders/', {
    headers: { ...headers, 'Idempotency-Key': `e2e-${randomUUID()}` },
    data: body,
  });
  if (response.status() === 409) {
    // The cart's preview and the order's pricing may round the dollar conversion apart: take the total the
    // server computed, as the checkout's review step does after a 409.
    const conflict = (await response.json()) as { changes: Array<{ change: string; now: string | null }> };
    const total = conflict.changes.find((change) => change.change === 'total')?.now;
    expect(total, JSON.stringify(conflict)).toBeTruthy();
    response = await page.request.post('/v1/orders/', {
      headers: { ...headers, 'Idempotency-Key': `e2e-${randomUUID()}` },
      data: { ...body, expected_total: total },
    });
  }
  const placed = (await expectOk(response, 201)) as {
    order: {
      number: string;
      tracking_url: string;
      stores: Array<{ store: { name: string; address: string } }>;
    };
    payment: { status: string };
  };
  expect(placed.payment.status).toBe(payment.method === 'card' ? 'succeeded' : 'pending');
  return {
    number: placed.order.number,
    trackingUrl: placed.order.tracking_url,
    stores: placed.order.stores.map((store) => store.store.name),
    addresses: placed.order.stores.map((store) => store.store.address),
  };
}

/** A new remitter, logged in in the page's context, with one order placed (by transfer unless told). */
async function remitterWithOrder(
  page: Page,
  baseURL: string | undefined,
  payment: Payment = TRANSFER,
): Promise<PlacedOrder> {
  await skipAddressPopup(page);
  // A remitter in Colombia, where transfers are offered (the account phone's country decides).
  await registerInPage(page, baseURL ?? '', '+57 310 1234567');
  return placeOrder(page, baseURL ?? '', payment);
}

test.describe('after the order', () => {
  test("'Mis Compras' lists the order; its detail shows stores, timeline, transfer instructions and the links; the tracking link opens in a fresh browser without prices; 'Repetir pedido' refills the cart", async ({
    page,
    baseURL,
    context,
    browser,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const order = await remitterWithOrder(page, baseURL);
    await page.goto('/user/orders');
    await expect(page.getByRole('heading', { name: 'Mis Compras' })).toBeVisible();
    const card = page.getByRole('article', { name: `Pedido ${order.number}` });
    await expect(card).toBeVisible();
    for (const store of order.stores) await expect(card.getByText(store)).toBeVisible();
    // An unpaid transfer waits for the remitter: not "Confirmado" beside "Pago pendiente", nothing charged yet.
    await expect(card.getByText('Esperando tu pago')).toBeVisible();
    await expect(card.getByText('Confirmado')).toHaveCount(0);
    await expect(card.getByText('Total a pagar')).toBeVisible();
    // The list quotes the dollar record, the amount the order page quotes beside its total.
    const listed = (await card.locator('.order-card__total').innerText()).trim();
    expect(listed).toMatch(/^US\$ \d+,\d\d$/);
    await expect(card.getByText('Para Ana Pérez')).toBeVisible();
    await expectNoSeriousViolations(page, "'Mis Compras'");

    await card.getByRole('link', { name: `Pedido ${order.number}` }).click();
    await expect(page).toHaveURL(new RegExp(`/user/orders/${order.number}$`));
    await expect(page.getByRole('heading', { name: `Pedido ${order.number}` })).toBeVisible();

    // The transfer is pending: the company account and the order number to quote.
    const instructions = page.getByRole('region', { name: 'Cómo pagar tu pedido' });
    await expect(instructions).toBeVisible();
    await expect(instructions.getByText(order.number).first()).toBeVisible();
    await expect(instructions.getByText('en la descripción de la transferencia')).toBeVisible();
    await expect(page.getByText('Transferencia bancaria')).toBeVisible();
    // The deadline is in Montevideo time and says so.
    await expect(
      instructions.getByText(/Tienes hasta el .+ \(hora de Montevideo\) para pagar/),
    ).toBeVisible();
    // The order number and the account number copy with one click; "Copiado" for a second.
    const copyNumber = instructions.getByRole('button', { name: /el número de pedido$/ });
    await expect(copyNumber).toHaveAccessibleName('Copiar el número de pedido');
    await copyNumber.click();
    await expect(copyNumber).toHaveAccessibleName('Copiado el número de pedido');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(order.number);
    await expect(copyNumber).toHaveAccessibleName('Copiar el número de pedido', { timeout: 3000 });
    const copyAccount = instructions.getByRole('button', { name: /el número de cuenta$/ });
    await copyAccount.click();
    await expect(copyAccount).toHaveAccessibleName('Copiado el número de cuenta');
    // The order's own chip says the same, not "Confirmado".
    const header = page.locator('.order-detail__head');
    await expect(header).toContainText('Esperando tu pago');
    await expect(header).not.toContainText('Confirmado');

    // Each store order with its lines and its status timeline, an ordered list.
    for (const store of order.stores) {
      const timeline = page.getByRole('list', { name: `Estados de ${store}` });
      await expect(timeline).toBeVisible();
      await expect(timeline.getByRole('listitem').last()).toContainText('Pendiente');
    }
    await expect(page.getByText(NOODLES)).toBeVisible();
    // A line: quantity × the unit price in the product's own currency (pesos, as the catalog sells it), then the
    // line total in the display currency (pesos here too: the same amount, never converted back from dollars).
    const noodles = page.getByRole('listitem').filter({ hasText: NOODLES });
    const lineText = await noodles.innerText();
    const unit = /2 × \$U (\d+),(\d\d)/.exec(lineText);
    expect(unit, lineText).not.toBeNull();
    const cents = 2 * (Number(unit?.[1]) * 100 + Number(unit?.[2]));
    expect(lineText).toContain(`$U ${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, '0')}`);
    // The line's own substitution choice, differing from the order's, is kept.
    const pharmacy = order.stores.find((store) => store.includes('Rambla')) ?? '';
    await expect(
      page.getByRole('list', { name: `Productos de ${pharmacy}` }).getByText('Si falta: Llamarme antes'),
    ).toBeVisible();
    await expect(page.getByText('Si falta: Reemplazar por uno similar')).toHaveCount(0);

    // Each store block adds up on its own; the summary adds the stores up and is not a second discount.
    for (const store of order.stores) {
      const block = page.getByRole('region', { name: new RegExp(`^${store}`) });
      await expect(block.getByText('Subtotal')).toBeVisible();
      await expect(block.getByText('Total de la tienda')).toBeVisible();
    }
    const summary = page.getByRole('region', { name: 'Resumen' });
    await expect(summary.getByText('Total a pagar')).toBeVisible();
    await expect(summary.locator('.order-sums__total')).toContainText(listed);

    // Pick-up: each store's address, not the family member's home, and no delivery days.
    for (const address of order.addresses) await expect(page.getByText(`Retira en ${address}`)).toBeVisible();
    await expect(page.getByText('Av. 18 de Julio 1234, Montevideo')).toHaveCount(0);
    const delivery = page.getByRole('region', { name: 'Entrega' });
    await expect(delivery).toContainText('Listo para entregar');
    await expect(delivery).not.toContainText('Entre el');

    // The tracking link to share, and support quoting the number with the hours the footer shows.
    const share = page.getByRole('link', { name: 'Compartir por WhatsApp' });
    const shareUrl = new URL((await share.getAttribute('href')) ?? '');
    expect(shareUrl.origin + shareUrl.pathname).toBe('https://wa.me/');
    expect(shareUrl.searchParams.get('text')).toContain(order.trackingUrl);
    const mail = page.getByRole('link', { name: 'Enviar por correo' });
    expect(await mail.getAttribute('href')).toMatch(new RegExp(`^mailto:${BENEFICIARY.email}\\?subject=`));
    const support = page.getByRole('link', { name: 'Consultar por WhatsApp' });
    const supportUrl = new URL((await support.getAttribute('href')) ?? '');
    expect(supportUrl.pathname).toMatch(/^\/\d{8,15}$/);
    expect(supportUrl.searchParams.get('text')).toBe(`Hola, consulto por mi pedido ${order.number}`);
    await expect(
      page.getByRole('main').getByText('Atendemos de lunes a domingo, de 8:00 a 20:00'),
    ).toBeVisible();
    await expectNoSeriousViolations(page, 'order detail');

    // The tracking link opens in a fresh browser without an account or a city, and shows no prices.
    {
      const path = new URL(order.trackingUrl).pathname;
      expect(path).toMatch(/^\/seguimiento\/[A-Za-z0-9_-]{20,}$/);

      const family = await browser.newContext({ baseURL: baseURL ?? '', locale: 'es-UY' });
      try {
        const visit = await family.newPage();
        await visit.goto(path);
        await expect(visit).toHaveURL(new RegExp(`${path}$`));
        await expect(
          visit.getByRole('heading', { level: 1, name: `Hola, ${BENEFICIARY.first}` }),
        ).toBeVisible();
        // Each store: its status, how many products, the next step in plain words, and its timeline.
        for (const store of order.stores) {
          // NOODLES × 2 at El Puerto, OMEPRAZOLE × 1 at Farmacia Rambla (issue 31: products and units, one wording).
          const count = store.includes('Puerto') ? '1 producto · 2 unidades' : '1 producto · 1 unidad';
          const block = visit.getByRole('region', { name: store });
          await expect(block.getByRole('heading', { name: store })).toBeVisible();
          await expect(block.getByText('Pendiente').first()).toBeVisible();
          await expect(block.getByText(new RegExp(`^${count}`))).toBeVisible();
          await expect(block.getByText('Próximo paso:')).toBeVisible();
          await expect(block.getByRole('list', { name: `Estados de ${store}` })).toBeVisible();
        }
        // Picked up at the stores: no delivery days.
        await expect(visit.getByText(/^Entre el /)).toHaveCount(0);
        await expect(visit.getByText(/Listo para entregar/).first()).toBeVisible();
        // Support, quoting the order number, at the same hours as the order page.
        const help = visit.getByRole('link', { name: 'Consultar por WhatsApp' });
        expect(new URL((await help.getAttribute('href')) ?? '').searchParams.get('text')).toBe(
          `Hola, consulto por mi pedido ${order.number}`,
        );
        await expect(visit.getByText('Atendemos de lunes a domingo, de 8:00 a 20:00')).toBeVisible();
        // Nothing on the page names an amount: not the order's, and no shop footer with its free-shipping note.
        const text = await visit.locator('body').innerText();
        expect(text).not.toMatch(/\$|US\$|USD|UYU/);
        expect(text).not.toContain(BENEFICIARY.last);
        await expect(visit.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
        await expectNoSeriousViolations(visit, 'tracking page');

        // An unknown token says so, without an error page.
        await visit.goto('/seguimiento/no-such-token-aaaaaaaaaaaaaaaaaaaa');
        await expect(visit.getByText('Este enlace de seguimiento no es válido')).toBeVisible();
      } finally {
        await family.close();
      }
    }

    // 'Repetir pedido' refills the cart from the order and opens it.
    {
      const headers = await csrfHeaders(page, baseURL ?? '');
      // Whatever the placement left in the cart goes, so the refill is the repeat's doing.
      await expectOk(await page.request.delete('/v1/cart/', { headers }), 200);
      expect(await serverCartLines(page)).toEqual([]);

      // The server's real answer, plus a product it could not add (as when a product stopped being sold): the
      // page must say so rather than drop it silently.
      await page.route('**/v1/orders/*/repeat/', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { unavailable: Array<{ name: string; reason: string }> };
        body.unavailable.push({ name: 'Frutilla 500 g', reason: 'Sin stock' });
        await route.fulfill({ response, json: body });
      });
      await page.goto(`/user/orders/${order.number}`);
      await expect(page.getByRole('heading', { name: `Pedido ${order.number}` })).toBeVisible();
      await page.getByRole('button', { name: 'Repetir pedido' }).click();

      const cart = expandedCart(page);
      await expect(cart).toBeVisible();
      await expect(cart.getByRole('row').filter({ hasText: NOODLES })).toBeVisible();
      await expect(cart.getByRole('row').filter({ hasText: OMEPRAZOLE })).toBeVisible();
      await expect(cart.getByRole('spinbutton', { name: `Cantidad de ${NOODLES}` })).toHaveValue('2');
      await expect(toasts(page)).toContainText('1 producto del pedido no se pudo agregar');
      await expect(toasts(page)).toContainText('Frutilla 500 g (Sin stock)');
      await cart.getByRole('button', { name: 'Cerrar carrito' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'No pudimos agregar estos productos' }),
      ).toContainText('Frutilla 500 g — Sin stock');
      expect(await serverCartLines(page)).toEqual(
        expect.arrayContaining([
          { name: NOODLES, quantity: 2 },
          { name: OMEPRAZOLE, quantity: 1 },
        ]),
      );
      // The cart is the app's too: a reload restores it from the server.
      await page.reload();
      await expect(page.getByRole('heading', { name: `Pedido ${order.number}` })).toBeVisible();
      expect((await serverCartLines(page)).length).toBe(2);
    }
  });

  test('a card order paid with 4242 shows it paid, no instructions, and each store approved in its timeline', async ({
    page,
    baseURL,
    browser,
  }) => {
    const order = await remitterWithOrder(page, baseURL, sandboxCard('4242 4242 4242 4242'));
    await page.goto('/user/orders');
    const card = page.getByRole('article', { name: `Pedido ${order.number}` });
    await expect(card.getByText('Pagado', { exact: true })).toBeVisible();
    await expect(card.getByText('Aprobado')).toHaveCount(order.stores.length);

    await page.goto(`/user/orders/${order.number}`);
    await expect(page.getByText(/Tarjeta de débito o crédito · Visa •+ ?4242/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cómo pagar tu pedido' })).toHaveCount(0);
    for (const store of order.stores) {
      const steps = page.getByRole('list', { name: `Estados de ${store}` }).getByRole('listitem');
      await expect(steps).toHaveCount(2);
      await expect(steps.nth(0)).toContainText('Pendiente');
      await expect(steps.nth(1)).toContainText('Aprobado');
      await expect(steps.nth(1)).toHaveAttribute('aria-current', 'step');
    }

    // The family member sees the same steps, without an account.
    const family = await browser.newContext({ baseURL: baseURL ?? '', locale: 'es-UY' });
    try {
      const visit = await family.newPage();
      await visit.goto(new URL(order.trackingUrl).pathname);
      const first = order.stores[0] ?? '';
      const steps = visit.getByRole('list', { name: `Estados de ${first}` }).getByRole('listitem');
      await expect(steps).toHaveCount(2);
      await expect(steps.nth(1)).toContainText('Aprobado');
    } finally {
      await family.close();
    }
  });

  test("'Mi Billetera' shows the balance and its movements", async ({ page, baseURL }) => {
    await skipAddressPopup(page);
    await registerInPage(page, baseURL ?? '');
    await page.goto('/user/wallet');
    await expect(page.getByRole('heading', { name: 'Mi Billetera' })).toBeVisible();
    await expect(page.getByText('Crédito disponible')).toBeVisible();
    await expect(page.getByText(/US\$ 0,00/).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Movimientos' })).toBeVisible();
    await expect(page.getByText('Todavía no tienes movimientos')).toBeVisible();

    // Credit only moves through referrals, refunds and operators, none of which a test can trigger from the
    // browser yet: the movements are rendered from an answer in the API's shape.
    await page.route('**/v1/wallet/', (route) =>
      route.fulfill({
        json: {
          balance: '6.80',
          entries: [
            {
              id: 3,
              kind: 'spent',
              amount: '-3.20',
              order: 'MV-10999',
              note: '',
              created: '2026-11-22T15:00:00Z',
            },
            {
              id: 2,
              kind: 'earned',
              amount: '5.00',
              order: null,
              note: 'Invitaste a Luis',
              created: '2026-11-20T15:00:00Z',
            },
            {
              id: 1,
              kind: 'adjustment',
              amount: '5.00',
              order: null,
              note: '',
              created: '2026-11-19T15:00:00Z',
            },
          ],
        },
      }),
    );
    await page.reload();
    await expect(page.getByText('US$ 6,80').first()).toBeVisible();
    const movements = page.getByRole('region', { name: 'Movimientos' }).getByRole('listitem');
    await expect(movements).toHaveCount(3);
    await expect(movements.nth(0)).toContainText('Usado en una compra');
    await expect(movements.nth(0)).toContainText('−US$ 3,20');
    await expect(movements.nth(0).getByRole('link', { name: 'Pedido MV-10999' })).toHaveAttribute(
      'href',
      '/user/orders/MV-10999',
    );
    await expect(movements.nth(1)).toContainText('Ganado');
    await expect(movements.nth(1)).toContainText('+US$ 5,00');
    await expect(movements.nth(1)).toContainText('Invitaste a Luis');
    await expectNoSeriousViolations(page, "'Mi Billetera'");
  });

  test("a remitter without orders sees the empty 'Mis Compras' with the way to the shop, and no one else's order", async ({
    page,
    baseURL,
  }) => {
    await skipAddressPopup(page);
    await registerInPage(page, baseURL ?? '');
    await page.goto('/user/orders');
    await expect(page.getByText('Todavía no tienes compras')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver tiendas' })).toBeVisible();
    // A number that is not one of the remitter's orders (the API answers 404): not found, and the way back.
    await page.goto('/user/orders/MV-99999999');
    await expect(page.getByText('No encontramos ese pedido')).toBeVisible();
    await page.getByRole('link', { name: '← Mis Compras' }).click();
    await expect(page).toHaveURL(/\/user\/orders$/);
  });
});

test('the tracking page lists each store’s products and who sent them, first name only @desktop-only', async ({
  page,
  baseURL,
  browser,
}) => {
  const order = await remitterWithOrder(page, baseURL);
  const family = await browser.newContext({ baseURL: baseURL ?? '', locale: 'es-UY' });
  try {
    const visit = await family.newPage();
    await visit.goto(new URL(order.trackingUrl).pathname);
    // registerInPage's remitter is Carla Ferreira: her first name, never her surname.
    await expect(visit.getByText(/^Carla te envió una compra por Mandado\./)).toBeVisible({
      timeout: 20_000,
    });
    await expect(visit.locator('body')).not.toContainText('Ferreira');
    for (const store of order.stores) {
      const [name, units] = store.includes('Puerto') ? [NOODLES, '2 unidades'] : [OMEPRAZOLE, '1 unidad'];
      const products = visit.getByRole('list', { name: `Productos de ${store}` });
      const line = products.getByRole('listitem').filter({ hasText: name });
      await expect(line).toBeVisible();
      await expect(line).toContainText(units);
    }
    expect(await visit.locator('body').innerText()).not.toMatch(/\$|US\$|USD|UYU/);
  } finally {
    await family.close();
  }
});
