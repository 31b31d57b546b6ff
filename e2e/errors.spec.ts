import { expect } from '@playwright/test';
import { test } from './server.fixtures.ts';
import { CITY_SCREEN_TITLE } from './visitor.helpers.ts';

test('an unknown route shows the 404 page and the link home works', async ({ page }) => {
  const response = await page.goto('/una-pagina-que-no-existe');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'No encontramos esta página' })).toBeVisible();
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: CITY_SCREEN_TITLE })).toBeVisible();
});

test('a visitor without a city is sent to the city screen', async ({ page }) => {
  // /allstores: /stores itself now takes Montevideo, the only served city, as a shared store link does
  // (decision 084, e2e/ssr-stores.spec.ts).
  await page.goto('/allstores');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: CITY_SCREEN_TITLE })).toBeVisible();
  // Nothing to close before a city is chosen.
  await expect(page.getByRole('link', { name: 'Cerrar' })).toHaveCount(0);
});

test('the page title and language', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Mandado Compras Online');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});

test('a failure loading the cities shows the support notification', async ({ page }) => {
  await page.route('**/v1/cities/', (route) =>
    route.fulfill({ status: 503, json: { detail: 'Mantenimiento' } }),
  );
  // Home's HTML carries the cities and the city screen (decision 083); the browser asks for them itself when
  // the server sends the shell (a render over its budget): that shell, as the server sends it then.
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = (await response.text())
        .replace(/<script type="application\/json" id="mandado-city-data">.*?<\/script>/s, '')
        .replace(/<div id="root">.*<\/div>(\s*<noscript>)/s, '<div id="root"></div>$1');
      await route.fulfill({ response, body: html });
    },
  );
  await page.goto('/');
  await expect(page.getByText('Algo salió mal', { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('Por favor reporta este error a soporte@mandado.uy')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible();
});

test('a failed city request keeps the values and shows the server text', async ({ page }) => {
  await page.route('**/v1/city/request/', (route) =>
    route.fulfill({
      status: 429,
      json: { detail: 'Demasiadas solicitudes. Intenta de nuevo en unos segundos.' },
    }),
  );
  await page.goto('/');
  await page.getByRole('button', { name: 'No veo mi ciudad' }).click();
  const panel = page.getByRole('dialog', { name: '¿No ves tu ciudad?' });
  await panel.getByLabel('Ciudad', { exact: true }).fill('Rivera');
  await panel.getByLabel('Correo electrónico').fill('ana@example.com');
  await panel.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(panel.getByRole('alert')).toHaveText(
    'Demasiadas solicitudes. Intenta de nuevo en unos segundos.',
  );
  await expect(panel.getByLabel('Ciudad', { exact: true })).toHaveValue('Rivera');
  await expect(panel.getByLabel('Correo electrónico')).toHaveValue('ana@example.com');
});
