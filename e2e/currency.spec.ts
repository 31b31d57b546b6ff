import { expect } from '@playwright/test';
import { test } from './server.fixtures.ts';
import { chooseMontevideo, openFirstStore } from './visitor.helpers.ts';

test('switching the currency changes every price at once and survives a reload', async ({ page }) => {
  await chooseMontevideo(page);
  await openFirstStore(page);

  const currency = page.getByRole('combobox', { name: 'Moneda' });
  // Uruguay's currency by default (spec §4: the country decides it).
  await expect(currency).toHaveValue('UYU');
  const firstCard = page.getByRole('article').first();
  const uyuPrice = firstCard.getByText(/^\$U [\d.]+,\d{2}$/).first();
  await expect(uyuPrice).toBeVisible();
  const before = (await uyuPrice.textContent()) ?? '';

  await currency.selectOption('USD');
  // Dollars always read "US$" with their cents, never a bare "$" that reads as pesos (decision 034).
  const usdPrice = firstCard.getByText(/^US\$ [\d.]+,\d{2}$/).first();
  await expect(usdPrice).toBeVisible();
  expect(await usdPrice.textContent()).not.toBe(before);
  await expect(page.getByText(/^\$U [\d.]+,\d{2}$/)).toHaveCount(0);

  await currency.selectOption('EUR');
  await expect(firstCard.getByText(/^€ [\d.]+,\d{2}$/).first()).toBeVisible();

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Moneda' })).toHaveValue('EUR');
  await expect(
    page
      .getByRole('article')
      .first()
      .getByText(/^€ [\d.]+,\d{2}$/)
      .first(),
  ).toBeVisible();
});
