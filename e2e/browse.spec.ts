import { expect } from '@playwright/test';
import { test } from './server.fixtures.ts';
import { chooseMontevideo, openFirstStore, revealFooter, storeList } from './visitor.helpers.ts';

test.describe('browsing as a new visitor', () => {
  test('chooses Montevideo, filters stores by kind, opens a store, a category and a product @desktop-only', async ({
    page,
  }) => {
    await chooseMontevideo(page);

    // Stores of several kinds, with the kind filter of spec §1.
    const kinds = page.getByRole('navigation', { name: 'Tipo de tienda' });
    await expect(kinds.getByRole('button', { name: /^Todas/ })).toHaveAttribute('aria-pressed', 'true');
    expect(await kinds.getByRole('button').count()).toBeGreaterThanOrEqual(4);
    const allCount = await storeList(page).getByRole('listitem').count();
    expect(allCount).toBeGreaterThan(2);

    await kinds.getByRole('button', { name: /^Farmacias/ }).click();
    const pharmacies = storeList(page, 'Farmacias').getByRole('listitem');
    await expect(pharmacies.first()).toBeVisible();
    const pharmacyCount = await pharmacies.count();
    expect(pharmacyCount).toBeLessThan(allCount);
    for (let index = 0; index < pharmacyCount; index += 1) {
      await expect(pharmacies.nth(index)).toContainText('Farmacias');
    }
    await kinds.getByRole('button', { name: /^Todas/ }).click();
    await expect(storeList(page).getByRole('listitem')).toHaveCount(allCount);

    // The promo banner counts down and the footer states the free-shipping threshold.
    await expect(page.getByRole('complementary', { name: 'Promoción' })).toContainText(/\d{2,}:\d{2}:\d{2}/);
    await revealFooter(page);
    await expect(page.getByText(/^Envío gratis en compras mayores a \$U [\d.]+,\d{2}$/)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Menú móvil' })).toBeHidden();

    const storeName = await openFirstStore(page);
    const categories = page.getByRole('navigation', { name: 'Categorías' });
    const category = categories.getByRole('link').nth(1);
    const categoryName = (await category.textContent())?.trim() ?? '';
    await category.click();
    await expect(page).toHaveURL(/\/[^/]+\/products\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: categoryName })).toBeVisible();
    await expect(page.getByRole('link', { name: storeName, exact: true })).toBeVisible();

    // A product opens over the category page; Escape closes it and the URL follows.
    const products = page.getByRole('list', { name: categoryName });
    const productLink = products.getByRole('link').first();
    const productName = (await productLink.textContent())?.trim() ?? '';
    await productLink.click();
    const dialog = page.getByRole('dialog', { name: productName });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/[?&]producto=\d+/);
    await expect(dialog.getByText(/\$U [\d.]+,\d{2}/).first()).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Frecuentemente comprados juntos' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/producto=/);
    await expect(page.getByRole('heading', { level: 1, name: categoryName })).toBeVisible();

    // Back closes the dialog too.
    await productLink.click();
    await expect(page.getByRole('dialog', { name: productName })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).not.toHaveURL(/producto=/);
  });

  test('sorts a category by price and by offers', async ({ page }) => {
    await chooseMontevideo(page);
    await openFirstStore(page);
    const sort = page.getByRole('combobox', { name: 'Ordenar por' });
    await expect(sort).toHaveValue('popular');
    await sort.selectOption({ label: 'Menor precio' });
    await expect(page).toHaveURL(/orden=menor-precio/);
    await sort.selectOption({ label: 'Ofertas' });
    await expect(page).toHaveURL(/orden=ofertas/);
    // With offers first, a category that has a discount shows it in its first card.
    const firstBadges = page.getByRole('list').filter({ has: page.getByText(/^-\d+%$/) });
    await expect(firstBadges.first().getByRole('listitem').first()).toContainText(/-\d+%/);
  });

  test('lists every store of a kind on /allstores', async ({ page }) => {
    await chooseMontevideo(page);
    await page.goto('/allstores/pharmacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Todas las tiendas' })).toBeVisible();
    const kinds = page.getByRole('navigation', { name: 'Tipo de tienda' });
    await expect(kinds.getByRole('link', { name: /^Farmacias/ })).toHaveAttribute('aria-current', 'page');
    await expect(storeList(page, 'Farmacias').getByRole('listitem').first()).toContainText('Farmacias');
  });
});

test.describe('on a phone', () => {
  test('browses with the bottom bar @phone-only', async ({ page }) => {
    await chooseMontevideo(page);
    const bar = page.getByRole('navigation', { name: 'Menú móvil' });
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Montevideo' })).toBeVisible();
    await expect(bar.getByRole('combobox', { name: 'Moneda' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Buscar productos' })).toBeVisible();

    await openFirstStore(page);
    const category = page.getByRole('navigation', { name: 'Categorías' }).getByRole('link').nth(1);
    const categoryName = (await category.textContent())?.trim() ?? '';
    await category.click();
    await expect(page.getByRole('heading', { level: 1, name: categoryName })).toBeVisible();

    const productLink = page.getByRole('list', { name: categoryName }).getByRole('link').first();
    const productName = (await productLink.textContent())?.trim() ?? '';
    await productLink.tap();
    const dialog = page.getByRole('dialog', { name: productName });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cerrar' }).tap();
    await expect(dialog).toBeHidden();

    await bar.getByRole('link', { name: 'Tiendas' }).tap();
    await expect(page).toHaveURL(/\/stores$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Elige una tienda' })).toBeVisible();

    await bar.getByRole('link', { name: 'Montevideo' }).tap();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Cerrar' })).toBeVisible();
    // The same city again goes back to the chosen store's products (spec §4).
    await page.getByRole('button', { name: 'Montevideo' }).tap();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('navigation', { name: 'Categorías' })).toBeVisible();
  });
});
