import { expect, type Page } from '@playwright/test';
import { openAsDemoOperator } from './admin.helpers.ts';
import { test } from './server.fixtures.ts';
import { chooseMontevideo, revealFooter } from './visitor.helpers.ts';

/** The registry's default: other specs (the cart's free-shipping bar, the footer) expect it. */
const DEFAULT_THRESHOLD = '80.00';

/** Puts the threshold back through the API with the operator's session, whatever the test's outcome. */
async function restoreThreshold(page: Page, baseURL: string): Promise<void> {
  const { csrf_token } = (await (await page.request.get('/v1/csrf-token/')).json()) as { csrf_token: string };
  const restored = await page.request.put('/v1/admin/settings/free_shipping_threshold/', {
    headers: { 'X-CSRFToken': csrf_token, Origin: baseURL },
    data: { value: DEFAULT_THRESHOLD },
  });
  expect(restored.status(), await restored.text()).toBe(200);
}

/**
 * Issue 19: an operator edits the free-shipping threshold in /admin/ajustes and the shop, in the same
 * browser, states the new figure at once (settings are read per request; nothing caches the old one). The
 * setting's history lists the change. The threshold is put back at the end: the server is shared.
 */
test('an operator edits the free-shipping threshold and the shop shows the new figure, in its terms too', async ({
  page,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  await openAsDemoOperator(page, origin, '/admin/ajustes', 'Ajustes');
  try {
    const card = page.getByRole('article', { name: 'Envío gratis desde' });
    await card.getByRole('textbox', { name: 'Envío gratis desde' }).fill('95,5');
    await card.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Envío gratis desde: US$ 95,50')).toBeVisible();
    await card.getByRole('button', { name: 'Ver el historial' }).click();
    await expect(card.getByRole('listitem').first()).toContainText('US$ 80 → US$ 95,50');

    await chooseMontevideo(page);
    await page.getByRole('combobox', { name: 'Moneda' }).selectOption('USD');
    await revealFooter(page);
    await expect(
      page.getByText('Envío gratis en compras mayores a US$ 95,50', { exact: true }),
    ).toBeVisible();
    // The terms quote the settings too, not figures written into the page.
    await page.goto('/termsandconditions');
    await expect(page.getByText(/y es gratis en las compras mayores a US\$ 95,50\./)).toBeVisible();
  } finally {
    await restoreThreshold(page, origin);
  }
});
