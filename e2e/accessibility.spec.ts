import { expect } from '@playwright/test';
import { bottomBarUserButton, createAccount, logInWithForm, openAccountMenu } from './account.helpers.ts';
import { expectNoSeriousViolations, OPEN_DIALOG } from './axe.helpers.ts';
import { test } from './server.fixtures.ts';
import { chooseMontevideo, openFirstStore, searchBox } from './visitor.helpers.ts';

/**
 * Every browse page and overlay is scanned at 360 px, the shop's first viewport. What only the desktop has is
 * scanned inside desktop tests that are there anyway (decision 044): its header over the stores and the search
 * dropdown under it (search.spec), the account page under that header (account-search.spec) and the account
 * dropdown (accounts.spec). The pages and dialogs themselves are the same components with the same labels,
 * roles and colours at both widths, and a scan is the most expensive step of the suite.
 */
test('the browse pages and their overlays pass the WCAG A/AA checks @phone-only', async ({ page }) => {
  await page.goto('/');
  await expectNoSeriousViolations(page, 'city screen');
  await page.getByRole('button', { name: 'No veo mi ciudad' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousViolations(page, 'not-my-city panel', { within: OPEN_DIALOG });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await chooseMontevideo(page);
  await expectNoSeriousViolations(page, 'stores');

  await openFirstStore(page);
  await expectNoSeriousViolations(page, 'store products');
  await page.getByRole('article').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousViolations(page, 'product detail', { within: OPEN_DIALOG });
  await page.keyboard.press('Escape');

  await searchBox(page).fill('leche');
  await expect(page.getByRole('option').first()).toBeVisible({ timeout: 5_000 });
  await expectNoSeriousViolations(page, 'search dropdown', { within: 'search' });

  await page.goto('/una/ruta/que/no/existe');
  await expectNoSeriousViolations(page, '404 page');
});

test('the login panel, the account forms and the account area pass the WCAG A/AA checks @phone-only', async ({
  page,
  baseURL,
}) => {
  const account = await createAccount(baseURL ?? '', { firstName: 'Elena' });
  await chooseMontevideo(page);

  // The bottom bar's user button opens the login panel for a visitor.
  await bottomBarUserButton(page, false).click();
  await expect(page.getByRole('dialog', { name: 'Ingresa a tu cuenta' })).toBeVisible();
  await expectNoSeriousViolations(page, 'login panel', { within: OPEN_DIALOG });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The registration form with its errors showing.
  await page.goto('/register');
  await page.getByRole('button', { name: 'Registrarse' }).click();
  await expect(page.getByText('Campo requerido').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'registration form with errors');

  await page.goto('/login?next=%2Fuser');
  await logInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/user$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
  await expectNoSeriousViolations(page, 'account page');
  await page.getByRole('button', { name: 'Editar' }).click();
  await expectNoSeriousViolations(page, 'account details form');

  await openAccountMenu(page, true, 'Elena');
  await expectNoSeriousViolations(page, 'mobile user menu');
});
