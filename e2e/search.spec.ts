import { expect } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.helpers.ts';
import { test } from './server.fixtures.ts';
import { chooseMontevideo, searchBox } from './visitor.helpers.ts';

test.describe('product search', () => {
  test.beforeEach(async ({ page }) => {
    await chooseMontevideo(page);
  });

  test('finds a product without typing its accent and opens it; the desktop header and its dropdown pass axe', async ({
    page,
  }) => {
    // The desktop's own parts (accessibility.spec scans every page at 360 px): the header over the stores.
    await expectNoSeriousViolations(page, 'stores under the desktop header');
    await searchBox(page).fill('azucar');
    const result = page.getByRole('option', { name: /^Azúcar/ }).first();
    await expect(result).toBeVisible();
    await expectNoSeriousViolations(page, 'search dropdown', { within: 'search' });
    await expect(page.getByRole('status').filter({ hasText: /productos? encontrados?/ })).toBeAttached();
    await result.click();
    await expect(page).toHaveURL(/\/[^/]+\/productDetails\?id=\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Azúcar');
    await expect(page.getByRole('heading', { name: 'Frecuentemente comprados juntos' })).toBeVisible();
  });

  test('tolerates a typo and opens a result with the keyboard', async ({ page }) => {
    const box = searchBox(page);
    await box.fill('lehce');
    await expect(page.getByRole('option', { name: /^Leche / }).first()).toBeVisible();
    await box.press('ArrowDown');
    await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(/productDetails\?id=\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Leche/);
  });

  test('keeps what is typed while the dropdown is still loading', async ({ page }) => {
    // The dropdown's code loads on the box's first focus (search-box.tsx): hold it back a moment so the
    // typing happens before it arrives.
    await page.route(/\/assets\/search-panel-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    const box = searchBox(page);
    await box.click();
    await box.pressSequentially('azucar');
    await expect(box).toHaveValue('azucar');
    await expect(page.getByRole('option', { name: /^Azúcar/ }).first()).toBeVisible();
  });

  test('says when nothing matches, and waits for three characters', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('?search=')) requests.push(request.url());
    });
    const box = searchBox(page);
    await box.fill('az');
    await page.waitForTimeout(1200);
    expect(requests).toHaveLength(0);
    await expect(box).toHaveAttribute('aria-expanded', 'false');

    await box.fill('xqzwvy');
    await expect(
      page.getByText('No hay productos que coincidan con la búsqueda de "xqzwvy"', { exact: true }).first(),
    ).toBeVisible();
    expect(requests).toHaveLength(1);
    await box.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
  });
});
