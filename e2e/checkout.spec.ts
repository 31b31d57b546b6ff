import { expect } from '@playwright/test';
import { analyticsEvents, createAccount, logInThroughApi, logInWithForm } from './account.helpers.ts';
import { blockMapTiles, pickSuggestion } from './address.helpers.ts';
import { expectNoSeriousViolations } from './axe.helpers.ts';
import { addAndWaitForSave, addBySearch, putServerCart, serverCartLines, YERBA } from './cart.helpers.ts';
import {
  confirmationNumber,
  currentStep,
  expectStep,
  fillSandboxCard,
  goToCheckout,
  placeOrder,
  reachPayment,
  remitterWithCart,
} from './checkout.helpers.ts';
import { test } from './server.fixtures.ts';
import { chooseMontevideo } from './visitor.helpers.ts';

const CART_PATH = '/cart';
/** Supermercado El Puerto, stock 35: unpaid transfers and deposits together may hold 7 (issue 27). */
const TOOTHPASTE = 'Pasta Dental Colgate Triple Acción 90 g';

/** "$U 1.277,15", "−US$ 2,28", "Gratis" as signed minor units (what a row adds to its block). */
function minorOf(text: string): number {
  if (text.includes('Gratis')) return 0;
  const match = /(\d{1,3}(?:\.\d{3})*),(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in ${text}`);
  const minor = Number((match[1] ?? '').replaceAll('.', '')) * 100 + Number(match[2]);
  return text.trim().startsWith('−') ? -minor : minor;
}

/** The rows of an amounts list: every row but the last (its total) must add up to the last. */
async function expectRowsAddUp(list: import('@playwright/test').Locator): Promise<void> {
  const values = (await list.locator('dd').allInnerTexts()).map(minorOf);
  const total = values.pop();
  expect(values.reduce((sum, value) => sum + value, 0)).toBe(total);
}

test.beforeEach(async ({ page }) => {
  await blockMapTiles(page);
});

// Phone only (decision 044): step 0's panel is the same on both layouts, and the desktop tests below go
// through checkout from the cart strip.
test('a visitor logs in at step 0 and keeps the cart @phone-only', async ({ page, baseURL, isMobile }) => {
  const account = await createAccount(baseURL ?? '', { firstName: 'Julia' });
  await chooseMontevideo(page);
  await addBySearch(page, 'yerba', YERBA);
  await goToCheckout(page, isMobile);

  // Step 0 for a visitor is the e-mail-first login/register panel; no cart strip on checkout.
  await expect(currentStep(page)).toContainText('Contacto');
  await expect(page.getByRole('region', { name: 'Carrito' })).toHaveCount(0);
  const panel = page.locator('.checkout-panel');
  await expect(panel.getByLabel('Correo electrónico')).toBeVisible();
  await expectNoSeriousViolations(page, 'checkout step 0 (visitor)');
  await logInWithForm(panel, account.email, account.password);

  // Logged in: checkout goes on at 'Contacto' with the remitter's data, and the cart is the visitor's (§4 Sync).
  await expectStep(page, 'Contacto');
  await expect(page.getByLabel('Nombre')).toHaveValue('Julia');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect.poll(() => serverCartLines(page)).toEqual([{ name: YERBA, quantity: 1 }]);
  await expectNoSeriousViolations(page, 'checkout Contacto');

  // The contact form keeps the user's values on error and saves with PUT /users/update/remitter/.
  await page.getByLabel('Nombre').fill('');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByLabel('Nombre')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Apellido')).toHaveValue('Suárez');
  await page.getByLabel('Nombre').fill('Julieta');
  const saved = page.waitForResponse((response) => response.url().includes('/v1/users/update/remitter/'));
  await page.getByRole('button', { name: 'Continuar' }).click();
  expect((await saved).status()).toBe(200);
  await expectStep(page, 'Envío');
  // The welcome toast does not follow the shopper onto the next step (it covered the step indicator).
  await expect(page.getByText('¡Hola, Julieta!').or(page.getByText('¡Hola, Julia!'))).toHaveCount(0);

  // The checkout survives a reload (the logged-in cart comes back from the server).
  await page.reload();
  await expectStep(page, 'Envío');
});

test('adding a beneficiary inside checkout selects it and moves on to Pago', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL ?? '', { firstName: 'Marcos' });
  await chooseMontevideo(page);
  await logInThroughApi(page, baseURL ?? '', account);
  await page.goto('/stores');
  await expect(page.getByRole('heading', { level: 1, name: 'Elige una tienda' })).toBeVisible();
  await addBySearch(page, 'yerba', YERBA);
  await page.goto('/checkout');
  await expectStep(page, 'Contacto');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectStep(page, 'Envío');
  await expect(page.getByText(/Entrega estimada: Entre el \S+ \d+ de \S+ y el \S+ \d+ de \S+/)).toBeVisible();
  await expectNoSeriousViolations(page, 'checkout Envío');

  // The delivery type and the substitution come first: saving the new address moves straight on to Pago.
  const deliveryTop = (await page.getByRole('group', { name: 'Tipo de entrega' }).boundingBox())?.y ?? 0;
  const substitutionTop = (await page.getByLabel('Si falta un producto').boundingBox())?.y ?? 0;
  const addTop = (await page.getByRole('button', { name: 'Agregar dirección' }).boundingBox())?.y ?? 0;
  expect(deliveryTop).toBeLessThan(addTop);
  expect(substitutionTop).toBeLessThan(addTop);

  await page.getByRole('button', { name: 'Agregar dirección' }).click();
  await page.getByLabel('Nombre').fill('Rosa');
  // 'Continuar' with the form open and unsaved says so, instead of only asking who receives.
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Guarda la dirección antes de continuar.' }),
  ).toBeVisible();
  await expectStep(page, 'Envío');
  await page.getByLabel('Apellido').fill('Gómez');
  await page.getByLabel('Celular').pressSequentially('099765432');
  await page.getByLabel('Tipo de residencia').selectOption({ label: 'Apartamento' });
  await pickSuggestion(page, 'Cordón', /Cordón/);
  await page.getByRole('button', { name: 'Guardar dirección' }).click();

  // Spec §4: after a successful create the new beneficiary is selected and the step moves to 2.
  await expectStep(page, 'Pago');
  await page.getByRole('button', { name: /Envío/ }).click();
  await expectStep(page, 'Envío');
  await expect(page.getByRole('button', { name: /^Rosa Gómez/ })).toHaveAttribute('aria-pressed', 'true');
});

test('a coupon, then a 4242 card: the order is placed and confirmed', async ({ page, baseURL }) => {
  await remitterWithCart(page, baseURL ?? '');
  await page.goto('/checkout');
  await reachPayment(page);
  await expectNoSeriousViolations(page, 'checkout Pago');

  // An unknown coupon: the Spanish 400 under the field, and the typed code stays.
  const coupon = page.getByLabel('Cupón de descuento');
  await coupon.fill('NOEXISTE');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText('Ese cupón no existe.')).toBeVisible();
  await expect(coupon).toHaveValue('NOEXISTE');
  await expect(coupon).toHaveAttribute('aria-invalid', 'true');

  const couponCode = process.env.E2E_COUPON ?? 'BIENVENIDA10';
  await coupon.fill(couponCode);
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText(`Cupón ${couponCode} aplicado.`)).toBeVisible();

  await expect(page.getByText('Modo de prueba').first()).toBeVisible();
  await fillSandboxCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectStep(page, 'Revisar Pedido');
  await expect(page.getByText('Descuento del cupón')).toBeVisible();
  // Unit prices as the catalog shows them, parts that add up to the shown total, and the exact charge.
  await expect(page.getByText(/c\/u/).first()).toBeVisible();
  await expectRowsAddUp(page.locator('.checkout-amounts--grand'));
  await expect(page.getByText(/^Se cobrará US\$ \d/)).toBeVisible();
  await expectNoSeriousViolations(page, 'checkout Revisar Pedido');

  // The card number never goes to our server: only the browser-made token does.
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/v1/')) sent.push(request.postData() ?? '');
  });
  expect(await placeOrder(page)).toBe(201);
  const number = await confirmationNumber(page);
  // Each store block shows its coupon share and adds up; the summary before the stores sums them.
  const storeAmounts = page.locator('.checkout-store .checkout-amounts');
  await expect(storeAmounts.first()).toContainText('Descuento del cupón');
  for (const list of await storeAmounts.all()) await expectRowsAddUp(list);
  const summary = page.getByRole('region', { name: 'Resumen' });
  await expect(summary).toContainText('Total cobrado');
  await expectRowsAddUp(summary.locator('dl'));
  await expect(summary).toContainText(/Se cobró US\$ \d/);
  expect(sent.join('\n')).not.toContain('4242424242424242');
  expect(sent.join('\n')).not.toContain('4242 4242 4242 4242');
  await expect(page.getByRole('link', { name: 'Compartir por WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\?text=.*seguimiento/,
  );
  await expect(page.getByRole('region', { name: 'Carrito' })).toHaveCount(0);
  expect(await analyticsEvents(page)).toContain('purchase');
  const purchase = await page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).find(
      (entry) => (entry as { event?: string }).event === 'purchase',
    ),
  );
  expect(purchase).toMatchObject({
    order: number,
    items: [{ name: YERBA, quantity: 1, item_price: expect.any(Number), id: expect.any(Number) }],
  });
  await expectNoSeriousViolations(page, 'checkout confirmation');
  expect(await serverCartLines(page)).toEqual([]);
});

test('a declined card (0002) keeps the shopper on Pago with the reason; 3-D Secure (3184) closed with Escape does too; approved, the order is confirmed', async ({
  page,
  baseURL,
}) => {
  await remitterWithCart(page, baseURL ?? '');
  await page.goto('/checkout');
  await reachPayment(page);
  await fillSandboxCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectStep(page, 'Revisar Pedido');
  // A new step opens from its top with focus on its heading (not at the old scroll position, on <body>).
  await expect(page.getByRole('heading', { level: 2, name: 'Revisar Pedido' })).toBeFocused();
  await expect(page.getByRole('heading', { level: 2, name: 'Revisar Pedido' })).toBeInViewport();
  expect(await placeOrder(page)).toBe(402);
  await expectStep(page, 'Pago');
  const declined = page.getByRole('alert').filter({ hasText: 'Tu tarjeta fue rechazada' });
  await expect(declined).toBeVisible();
  // The reason is where the eyes and the screen reader are, on a phone too (it was off-screen at scrollY 1100).
  await expect(declined).toBeInViewport();
  await expect(declined).toBeFocused();
  // The typed card stays so the shopper can correct it.
  await expect(page.getByLabel('Número de tarjeta')).toHaveValue('4000 0000 0000 0002');
  expect(await serverCartLines(page)).toEqual([{ name: YERBA, quantity: 1 }]);
  await expect(page).toHaveURL(/\/checkout$/);

  // 3-D Secure: Escape rejects like the bank page closing, and the shopper is back on Pago.
  await fillSandboxCard(page, '4000 0027 6000 3184');
  await page.getByRole('button', { name: 'Continuar' }).click();
  expect(await placeOrder(page)).toBe(201);
  const dialog = page.getByRole('dialog', { name: /3-D Secure/ });
  await expect(dialog).toBeVisible();
  // The focus is trapped in the dialog (native modal), and Escape answers 'Rechazar'.
  await expect(dialog.getByRole('button', { name: 'Aprobar' })).toBeVisible();
  const confirm = page.waitForResponse((response) => response.url().includes('/confirm/'));
  await page.keyboard.press('Escape');
  expect((await confirm).status()).toBe(402);
  await expectStep(page, 'Pago');
  const alert = page.getByRole('alert').filter({ hasText: '3-D Secure' });
  await expect(alert).toBeVisible();
  // The closing dialog does not take the focus back: the failure is read and seen.
  await expect(alert).toBeFocused();
  await expect(alert).toBeInViewport();
  expect(await serverCartLines(page)).toEqual([{ name: YERBA, quantity: 1 }]);

  // Approved on the sandbox page, the same cart becomes the order.
  await fillSandboxCard(page, '4000 0027 6000 3184');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectStep(page, 'Revisar Pedido');
  expect(await placeOrder(page)).toBe(201);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Modo de prueba');
  await expectNoSeriousViolations(page, 'checkout 3-D Secure');
  await dialog.getByRole('button', { name: 'Aprobar' }).click();
  await confirmationNumber(page);
  await expect(page.getByRole('heading', { name: '¡Gracias por tu compra!' })).toBeVisible();
});

test('a lost answer is retried with the same Idempotency-Key; a changed cart (409) lists the changes', async ({
  page,
  baseURL,
}) => {
  // A remitter in Peru (the account phone's country), where cash deposits are offered.
  await remitterWithCart(page, baseURL ?? '', 'Carmen', undefined, '+51 912 345 678');
  await page.goto('/checkout');
  await reachPayment(page);
  await page.getByLabel('Depósito en efectivo').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectStep(page, 'Revisar Pedido');

  const keys: string[] = [];
  let call = 0;
  await page.route('**/v1/orders/', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    call += 1;
    // 1: the connection drops; 2: the server says the cart changed (nothing charged); 3: the real server.
    if (call === 1) return route.abort('connectionreset');
    if (call === 2) {
      return route.fulfill({
        status: 409,
        json: {
          detail:
            'Tu carrito cambió desde que lo revisaste. Revisa los cambios antes de pagar; no se cobró nada.',
          changes: [{ product_id: 1, name: YERBA, change: 'price', now: '300.00' }],
        },
      });
    }
    return route.fallback();
  });
  const place = page.getByRole('button', { name: 'Realizar pedido' });
  await place.click();
  await expect(page.getByText(/No pudimos conectar/).first()).toBeVisible();
  await place.click();
  const changes = page.getByRole('alert').filter({ hasText: 'Tu carrito cambió' });
  await expect(changes).toContainText(`${YERBA} cambió de precio`);
  await expect(changes).toBeFocused();
  await expect(changes).toBeInViewport();
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  // The retry after the lost answer is the same attempt: the same key.
  expect(keys[1]).toBe(keys[0]);
  await expectNoSeriousViolations(page, 'checkout with the changes of a 409');
  // After a final answer the next try is a new attempt.
  await place.click();
  await confirmationNumber(page);
  expect(keys[2]).not.toBe(keys[0]);
});

test('a meeting-point address is told, pick-up has no shipping, and a saved card is offered next time', async ({
  page,
  baseURL,
}) => {
  // A point in the demo meeting-point zone 'Marconi'.
  await remitterWithCart(page, baseURL ?? '', 'Carmen', { latitude: -34.853, longitude: -56.17 });
  await page.goto('/checkout');
  await expectStep(page, 'Contacto');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: /^Carmen Rodríguez/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'punto de encuentro' })).toContainText('Marconi');
  await page.getByLabel(/Retiro en la tienda/).check();
  // A pick-up names who collects it (issue 16), not an address.
  await page.getByLabel('Nombre y apellido').fill('Carmen Rodríguez');
  await page.getByLabel('Celular').pressSequentially('99123456');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectStep(page, 'Pago');
  await fillSandboxCard(page, '4242 4242 4242 4242');
  await page.getByLabel('Guardar tarjeta').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectStep(page, 'Revisar Pedido');
  const totals = page.getByRole('definition').filter({ hasText: 'Gratis' });
  await expect(totals.first()).toBeVisible();
  expect(await placeOrder(page)).toBe(201);
  await confirmationNumber(page);
  await expect(page.getByText(/Retiro en la tienda/)).toBeVisible();
  // Each store's address, not the home address, and no home delivery window.
  await expect(page.getByText(/^Retira en .+/).first()).toBeVisible();
  await expect(page.getByText(/Entre el /)).toHaveCount(0);

  // The next checkout offers the saved card (only its brand and last 4 digits).
  await page.goto('/stores');
  await addAndWaitForSave(page, 'yerba', YERBA);
  await page.goto('/checkout');
  await expectStep(page, 'Contacto');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectStep(page, 'Envío');
  // The returning shopper finds the last order's beneficiary selected.
  await expect(page.getByRole('button', { name: /^Carmen Rodríguez/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectStep(page, 'Pago');
  await page.getByLabel(/Visa •••• 4242/).check();
  await expect(page.getByLabel('Número de tarjeta')).toHaveCount(0);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectStep(page, 'Revisar Pedido');
  await expect(page.getByText('Tarjeta •••• 4242')).toBeVisible();
  // Each choice can be edited from the review, and the cart is one link away.
  await page.getByRole('button', { name: 'Editar Entrega' }).click();
  await expectStep(page, 'Envío');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectStep(page, 'Pago');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectStep(page, 'Revisar Pedido');
  await page.getByRole('button', { name: 'Editar Pago' }).click();
  await expectStep(page, 'Pago');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectStep(page, 'Revisar Pedido');
  await expect(page.getByRole('link', { name: 'Volver al carrito' })).toHaveAttribute('href', CART_PATH);
  expect(await placeOrder(page)).toBe(201);
  await confirmationNumber(page);
});

test('a bank transfer from Colombia shows the instructions with the order number', async ({
  page,
  baseURL,
}) => {
  // The shopper's country is the account phone's: a remitter living in Colombia.
  await remitterWithCart(page, baseURL ?? '', 'Carmen', undefined, '+57 310 1234567');
  await page.goto('/checkout');
  await reachPayment(page);
  await page.getByLabel('Transferencia bancaria').check();
  // The card issuer's conversion note is not about a transfer in dollars.
  await expect(page.getByText(/tu banco hace la conversión final/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectStep(page, 'Revisar Pedido');
  expect(await placeOrder(page)).toBe(201);
  const number = await confirmationNumber(page);
  // Nothing has been charged yet: the total is to pay, the deadline is Montevideo's, delivery follows payment.
  await expect(page.getByText('Total a pagar', { exact: true })).toBeVisible();
  await expect(page.getByText('Total cobrado')).toHaveCount(0);
  await expect(page.getByRole('main').getByText(/\(hora de Montevideo\)/)).toBeVisible();
  await expect(page.getByText(/Entregamos 24–48 h hábiles después de recibir tu pago/)).toBeVisible();
  const instructions = page.getByRole('region', { name: 'Instrucciones para tu transferencia o depósito' });
  await expect(instructions).toBeVisible();
  await expect(instructions).toContainText(number);
  await expect(instructions).toContainText('descripción de la transferencia');
  await expectNoSeriousViolations(page, 'confirmation with bank instructions');
});

test('past the share unpaid transfers may hold, the review step says to pay by card (issue 27)', async ({
  page,
  baseURL,
}) => {
  await remitterWithCart(page, baseURL ?? '', 'Carmen', undefined, '+57 310 1234567');
  // 35 in stock: all unpaid transfers and deposits together may hold 7; 8 is within the account's own cap.
  await putServerCart(page, baseURL ?? '', [{ name: TOOTHPASTE, quantity: 8 }]);
  await page.goto('/checkout');
  await reachPayment(page);
  await page.getByLabel('Transferencia bancaria').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectStep(page, 'Revisar Pedido');
  expect(await placeOrder(page)).toBe(422);
  await expect(
    page.getByText(
      new RegExp(
        `De «${TOOTHPASTE}» solo puedes pedir \\d+ unidades? con transferencia o depósito en este momento`,
      ),
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
});

test('outside the manual-payment countries the §8 text asks to contact support', async ({
  page,
  baseURL,
}) => {
  await remitterWithCart(page, baseURL ?? '');
  await page.goto('/checkout');
  await reachPayment(page);
  await expect(page.getByLabel('Transferencia bancaria')).toHaveCount(0);
  await expect(page.getByText(/no están disponibles en tu país/)).toBeVisible();
});

test('on a phone the total stays reachable without horizontal scrolling @phone-only', async ({
  page,
  baseURL,
}) => {
  await remitterWithCart(page, baseURL ?? '');
  await page.goto('/checkout');
  await reachPayment(page);
  const bar = page.getByRole('complementary', { name: 'Total a pagar' });
  await expect(bar).toBeInViewport();
  // Against the phone's 360 px, not innerWidth: a mobile viewport widens its layout to fit what overflows.
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(page.viewportSize()?.width ?? 360);
  // Nothing in the 'Pago' panel reaches past its padding: a fieldset's default min-width (min-content) made
  // the panel's column 311 px inside a 296 px box, the content touching the card's right edge.
  const panelOverflow = await page.locator('.checkout-panel').evaluateAll((panels) =>
    panels.flatMap((panel) => {
      const box = panel.getBoundingClientRect();
      const right = box.right - Number.parseFloat(getComputedStyle(panel).paddingRight);
      return [...panel.querySelectorAll('fieldset, .checkout-choice__option, .form__field')]
        .map((child) => child.getBoundingClientRect().right - right)
        .filter((excess) => excess > 0.5);
    }),
  );
  expect(panelOverflow).toEqual([]);
  // The expiry and CVC boxes stay side by side and aligned, and the test-mode badge beside the title.
  const expiry = await page.getByLabel('Vencimiento (MM/AA)').boundingBox();
  const cvc = await page.getByLabel('CVC').boundingBox();
  expect(Math.abs((expiry?.y ?? 0) - (cvc?.y ?? 100))).toBeLessThanOrEqual(1);
  const legend = await page.locator('.sandbox-card__legend').boundingBox();
  const badge = await page.locator('.sandbox-card__badge').boundingBox();
  expect(
    Math.abs((legend?.y ?? 0) + (legend?.height ?? 0) / 2 - ((badge?.y ?? 100) + (badge?.height ?? 0) / 2)),
  ).toBeLessThanOrEqual(4);
});
