import { expect } from '@playwright/test';
import { createAccount, logInThroughApi } from './account.helpers.ts';
import { test } from './server.fixtures.ts';

// Review fix: '/.//example.com' and its encoded forms normalise to '//example.com'; a logged-in shopper sent
// to /login with such a `next` got React Router's "External navigation is not allowed" error page.
test('a logged-in shopper opening /login with a next that points off the site stays on the site @desktop-only', async ({
  page,
  baseURL,
}) => {
  const account = await createAccount(baseURL ?? '', { firstName: 'Inés' });
  await logInThroughApi(page, baseURL ?? '', account);

  for (const next of ['%2F.%2F%2Fexample.com', '%2F%2e%2F%2Fexample.com', '%2F.%2F%5Cexample.com']) {
    await page.goto(`/login?next=${next}`);
    // The city screen (no city chosen yet) is the safe fallback; no error page, no other host.
    await expect(page).toHaveURL(new RegExp(`^${baseURL}/$`));
    await expect(
      page.getByRole('heading', { level: 1, name: '¿A qué ciudad enviamos tu compra?' }),
    ).toBeVisible();
    await expect(page.getByText(/External navigation|Ocurrió un error/)).toHaveCount(0);
  }
});
