import { expect, type Page } from '@playwright/test';
import { toasts } from './account.helpers.ts';
import { expectNoSeriousViolations } from './axe.helpers.ts';
import { registerInPage, serverCartLines, YERBA } from './cart.helpers.ts';
import { EL_PUERTO, expectNoSideScroll, openAsDemoOwner } from './fulfilment.helpers.ts';
import { test } from './server.fixtures.ts';
import { chooseMontevideo, storeList } from './visitor.helpers.ts';

/**
 * Issue 18, the store's availability and statements on a 360 px phone: El Puerto's owner pauses it for an
 * hour; a logged-in shopper on another phone sees 'Pausada' on its card and is told why the yerba cannot be
 * added (the cart's server refuses it with the store's reason); the owner resumes and the shopper adds it.
 * Before that the owner changes the store's phone and Saturday's hours, which the shopper's store page shows.
 * Then the owner opens the weekly statements.
 */

const PHONE = {
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 1,
  locale: 'es-UY',
  timezoneId: 'America/Montevideo',
  reducedMotion: 'reduce' as const,
};

/** The demo merchant owns two stores: the first visit asks which one, later ones remember it. */
async function openStorePage(page: Page, baseURL: string): Promise<void> {
  await openAsDemoOwner(page, baseURL, '/comercio/tienda', 'Tu tienda');
  await expect(page.getByRole('main').getByText(EL_PUERTO, { exact: true })).toBeVisible();
}

/**
 * Other specs of this worker sell El Puerto's products: whatever happened in the test, the store ends open
 * (no pause, no closure), through the API with the owner's session.
 */
async function reopenElPuerto(page: Page, baseURL: string): Promise<void> {
  const { results } = (await (await page.request.get('/v1/merchant/stores/')).json()) as {
    results: Array<{ id: number; name: string }>;
  };
  const store = results.find((candidate) => candidate.name === EL_PUERTO);
  if (!store) throw new Error(`${EL_PUERTO} is not among the owner's stores`);
  const { csrf_token } = (await (await page.request.get('/v1/csrf-token/')).json()) as { csrf_token: string };
  const headers = { 'X-CSRFToken': csrf_token, Origin: baseURL };
  const answer = await page.request.put(`/v1/merchant/stores/${store.id}/availability/`, {
    data: { paused_until: null, closure: null },
    headers,
  });
  expect(answer.status(), await answer.text()).toBe(200);
  // No hours either: the seed's stores are always open (decision 047).
  const hours = await page.request.put(`/v1/merchant/stores/${store.id}/hours/`, {
    data: { hours: null },
    headers,
  });
  expect(hours.status(), await hours.text()).toBe(200);
}

/** El Puerto's 'Almacén' page, where the yerba is sold. */
async function openAlmacen(shopper: Page): Promise<void> {
  await shopper
    .getByRole('navigation', { name: 'Categorías' })
    .getByRole('link', { name: 'Almacén' })
    .click();
  await expect(shopper.getByRole('heading', { level: 1, name: 'Almacén' })).toBeVisible();
}

test('an owner pauses the store, a shopper is told why they cannot add, the owner resumes; the statements open @phone-only', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = baseURL ?? '';
  await openStorePage(page, origin);
  try {
    const nav = page.getByRole('navigation', { name: 'Secciones de la tienda' });
    await expect(nav.getByRole('link', { name: 'Tienda' })).toHaveAttribute('aria-current', 'page');
    const state = page.getByRole('status').filter({ has: page.locator('.store-state__title') });
    await expect(state).toContainText('Recibiendo pedidos');
    // 'Perfil' and 'Horario' load under the state: the checks below cover them too.
    await expect(page.getByRole('heading', { level: 2, name: 'Horario' })).toBeVisible();
    await expectNoSideScroll(page, "the store's page");
    await expectNoSeriousViolations(page, "the store's page");

    // The profile's phone and Saturday's hours, each saved with its button, still there after a reload.
    await page.getByLabel('Teléfono').fill('099 765 432');
    await page.getByRole('button', { name: 'Guardar perfil' }).click();
    await expect(toasts(page).getByText('Guardaste el perfil de tu tienda')).toBeVisible();
    const saturday = page.getByRole('group', { name: 'Sábado' });
    await saturday.getByLabel('Abre el sábado').fill('10:00');
    await saturday.getByLabel('Cierra el sábado').fill('14:00');
    await saturday.getByRole('button', { name: '+ Agregar turno el sábado' }).click();
    await saturday.getByLabel('Abre el sábado (turno 2)').fill('16:00');
    await saturday.getByLabel('Cierra el sábado (turno 2)').fill('19:30');
    await page.getByRole('button', { name: 'Guardar horario' }).click();
    await expect(toasts(page).getByText('Guardaste el horario')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Teléfono')).toHaveValue('+59899765432');
    await expect(saturday.getByLabel('Abre el sábado (turno 1)')).toHaveValue('10:00');
    await expect(saturday.getByLabel('Cierra el sábado (turno 2)')).toHaveValue('19:30');

    // 'Pausar ahora' → 1 h: the state turns to what the shoppers see.
    await page.getByRole('button', { name: 'Pausar ahora' }).click();
    const choices = page.getByRole('dialog', { name: '¿Por cuánto tiempo pausas los pedidos?' });
    await expect(choices).toBeVisible();
    await expectNoSeriousViolations(page, 'the pause choices', { within: 'dialog[open]' });
    await choices.getByRole('button', { name: /^1 h hasta el/ }).click();
    await expect(choices).toBeHidden();
    await expect(toasts(page).getByText('Tienda pausada')).toBeVisible();
    await expect(state).toContainText('Pausada');
    await expect(state).toContainText(`${EL_PUERTO} pausó sus pedidos: vuelve a recibirlos el`);
    const reason = (await state.locator('.store-state__text').textContent())?.trim() ?? '';
    await expect(page.getByRole('button', { name: 'Reanudar' })).toBeVisible();

    const shopperContext = await browser.newContext({ baseURL: origin, ...PHONE });
    try {
      const shopper = await shopperContext.newPage();
      await chooseMontevideo(shopper);
      await registerInPage(shopper, origin);
      await shopper.reload();
      const card = storeList(shopper)
        .getByRole('article')
        .filter({ has: shopper.getByRole('link', { name: EL_PUERTO }) });
      await expect(card.getByText('Pausada', { exact: true })).toBeVisible();
      await card.getByRole('link', { name: EL_PUERTO }).click();
      await expect(shopper.getByRole('heading', { level: 1, name: EL_PUERTO })).toBeVisible();
      await expect(shopper.getByText(reason)).toBeVisible();
      // The hours the owner saved: open or closed now, and when that changes (Montevideo's clock).
      await expect(
        shopper.getByText(/^(Abierta · cierra a las? \d|Cerrada · abre (hoy|mañana|el \p{L}+) a las? \d)/u),
      ).toBeVisible();

      // The cart's server refuses the yerba with the store's reason, and the cart stays empty.
      await openAlmacen(shopper);
      const refused = shopper.waitForResponse(
        (response) => response.url().includes('/v1/cart/add/') && response.request().method() === 'POST',
      );
      await shopper.getByRole('button', { name: new RegExp(`^Agregar: ${YERBA}`) }).click();
      expect((await refused).status()).toBe(400);
      await expect(toasts(shopper).getByText(reason)).toBeVisible();
      // The shop takes its cart back from the server: the yerba is not in it.
      await expect(
        shopper.getByRole('button', { name: new RegExp(`^Agregar: ${YERBA}`) }),
      ).toHaveAccessibleName(`Agregar: ${YERBA}`);
      expect(await serverCartLines(shopper)).toEqual([]);

      // 'Reanudar': the store takes orders again, and after a reload the shopper adds the yerba.
      await page.getByRole('button', { name: 'Reanudar' }).click();
      await expect(toasts(page).getByText('Tu tienda recibe pedidos otra vez')).toBeVisible();
      await expect(state).toContainText('Recibiendo pedidos');
      await expect(page.getByRole('button', { name: 'Pausar ahora' })).toBeVisible();

      await shopper.reload();
      await expect(shopper.getByRole('heading', { level: 1, name: 'Almacén' })).toBeVisible();
      const saved = shopper.waitForResponse(
        (response) => response.url().includes('/v1/cart/add/') && response.request().method() === 'POST',
      );
      await shopper.getByRole('button', { name: new RegExp(`^Agregar: ${YERBA}`) }).click();
      expect((await saved).status()).toBe(200);
      expect(await serverCartLines(shopper)).toEqual([{ name: YERBA, quantity: 1 }]);
    } finally {
      await shopperContext.close();
    }

    // A closure from tomorrow: the server's refusal lands under 'Hasta' with the boxes kept; saved, then removed.
    // A day on Montevideo's clock (UTC−3), as the date boxes take it.
    const day = (offset: number) =>
      new Date(Date.now() - 3 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Día de inicio').fill(day(1));
    await page.getByLabel('Hora de inicio').fill('08:00');
    await page.getByLabel('Día de fin').fill(day(800));
    await page.getByLabel('Hora de fin').fill('20:00');
    await page.getByLabel('Nota').fill('Inventario anual');
    await page.getByRole('button', { name: 'Guardar cierre' }).click();
    await expect(page.getByText('Programa cierres de hasta 366 días')).toBeVisible();
    await expect(page.getByLabel('Nota')).toHaveValue('Inventario anual');
    await page.getByLabel('Día de fin').fill(day(2));
    await page.getByRole('button', { name: 'Guardar cierre' }).click();
    await expect(toasts(page).getByText('Cierre programado')).toBeVisible();
    await expect(page.getByText('Programado:')).toBeVisible();
    await expect(page.getByLabel('Hora de inicio')).toHaveValue('08:00');
    await page.getByRole('button', { name: 'Quitar cierre' }).click();
    await expect(toasts(page).getByText('Quitaste el cierre programado')).toBeVisible();
    await expect(page.getByText('Programado:')).toBeHidden();
    await expect(page.getByLabel('Día de inicio')).toHaveValue('');

    // The weekly statements: a week's card (the demo may have delivered orders) or the empty state.
    await nav.getByRole('link', { name: 'Liquidaciones' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Liquidaciones' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Liquidaciones' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Liquidaciones' })).toBeInViewport();
    const week = page.getByRole('article').first();
    const empty = page.getByText('Todavía no tienes liquidaciones.');
    await expect(week.or(empty)).toBeVisible();
    if (await week.isVisible()) {
      await week.getByRole('button', { name: 'Ver los pedidos' }).click();
      await expect(week.getByRole('link', { name: 'Descargar CSV' })).toBeVisible();
    }
    await expectNoSideScroll(page, 'the statements');
    await expectNoSeriousViolations(page, 'the statements');
  } finally {
    await reopenElPuerto(page, origin);
  }
});
