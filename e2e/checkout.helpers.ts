import { expect, type Page } from '@playwright/test';
import { createAccount, logInThroughApi, type TestAccount } from './account.helpers.ts';
import { cartButton, expandedCart, openExpandedCart, putServerCart, YERBA } from './cart.helpers.ts';
import { chooseMontevideo } from './visitor.helpers.ts';

export const CHECKOUT_STEPS = ['Contacto', 'Envío', 'Pago', 'Revisar Pedido'] as const;

/** The step indicator's current step (aria-current="step"). */
export function currentStep(page: Page) {
  return page.getByRole('navigation', { name: 'Pasos de la compra' }).locator('[aria-current="step"]');
}

export async function expectStep(page: Page, step: (typeof CHECKOUT_STEPS)[number]): Promise<void> {
  await expect(currentStep(page)).toContainText(step);
  await expect(page.getByRole('heading', { level: 2, name: step, exact: true })).toBeVisible();
}

/** Goes to checkout the way a shopper does: 'Pagar' in the strip (desktop) or in the expanded cart (phone). */
export async function goToCheckout(page: Page, isMobile: boolean): Promise<void> {
  if (isMobile) {
    await openExpandedCart(page, true);
    await expandedCart(page).getByRole('button', { name: 'Pagar' }).click();
  } else {
    await page.getByRole('region', { name: 'Carrito' }).getByRole('link', { name: 'Pagar' }).click();
  }
  await expect(page).toHaveURL(/\/checkout$/);
}

async function csrf(page: Page): Promise<string> {
  const body = (await (await page.request.get('/v1/csrf-token/')).json()) as { csrf_token: string };
  return body.csrf_token;
}

/** Saves a beneficiary in Montevideo through the API, as the logged-in browser (its session cookie). */
export async function createBeneficiaryInPage(
  page: Page,
  baseURL: string,
  firstName: string,
  position: { latitude: number; longitude: number } = { latitude: -34.9085, longitude: -56.149 },
): Promise<{ beneficiary_id: string }> {
  const cities = (await (await page.request.get('/v1/cities/')).json()) as {
    results: Array<{ id: number; name: string }>;
  };
  const montevideo = cities.results.find((city) => city.name === 'Montevideo');
  if (!montevideo) throw new Error('Montevideo is not served');
  const created = await page.request.post('/v1/beneficiaries/', {
    headers: { 'X-CSRFToken': await csrf(page), Origin: baseURL },
    data: {
      first_name: firstName,
      last_name: 'Rodríguez',
      address_line1: 'Av. Brasil 2500',
      city_id: montevideo.id,
      mobile_number: '(091) 123456',
      residency: 'house',
      ...position,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { data: { beneficiary_id: string } }).data;
}

/**
 * A remitter with a saved beneficiary and one product in the cart, logged in, on the store list: the usual
 * starting point of a checkout test.
 */
export async function remitterWithCart(
  page: Page,
  baseURL: string,
  beneficiaryName = 'Carmen',
  position?: { latitude: number; longitude: number },
  /** The account phone: its country decides whether transfers and cash deposits are offered. */
  phone?: string,
): Promise<TestAccount> {
  const account = await createAccount(baseURL, { firstName: 'Elena', ...(phone ? { phone } : {}) });
  await chooseMontevideo(page);
  // Logged in and given its data through the API: these tests are about the checkout (decision 035).
  await logInThroughApi(page, baseURL, account);
  await createBeneficiaryInPage(page, baseURL, beneficiaryName, position);
  await putServerCart(page, baseURL, [{ name: YERBA, quantity: 1 }]);
  await page.goto('/stores');
  await expect(page.getByRole('heading', { level: 1, name: 'Elige una tienda' })).toBeVisible();
  // The restored cart has arrived.
  await expect(cartButton(page, 1)).toBeVisible();
  return account;
}

/** From 'Contacto' to 'Pago' with the saved beneficiary chosen. */
export async function reachPayment(page: Page, beneficiaryName = 'Carmen'): Promise<void> {
  await expectStep(page, 'Contacto');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectStep(page, 'Envío');
  const beneficiary = page.getByRole('button', { name: new RegExp(`^${beneficiaryName} Rodríguez`) });
  await expect(beneficiary).toBeVisible();
  // A returning shopper finds the last order's beneficiary already selected (a click would unselect it).
  if ((await beneficiary.getAttribute('aria-pressed')) !== 'true') await beneficiary.click();
  await expect(beneficiary).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectStep(page, 'Pago');
}

/** Types a card into the sandbox form (test numbers only). */
export async function fillSandboxCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Número de tarjeta').fill(number);
  await page.getByLabel('Vencimiento (MM/AA)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

/** 'Realizar pedido' and the answer of `POST /v1/orders/`. */
export async function placeOrder(page: Page): Promise<number> {
  const answer = page.waitForResponse(
    (response) => response.url().endsWith('/v1/orders/') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Realizar pedido' }).click();
  return (await answer).status();
}

/** The confirmation page's order number (MV-…). */
export async function confirmationNumber(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/checkout\/confirmacion\/MV-\d+$/);
  const number = decodeURIComponent(page.url().split('/').pop() ?? '');
  await expect(page.getByText(`Número de pedido: ${number}`)).toBeVisible();
  return number;
}
