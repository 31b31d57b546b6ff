import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { createAccount, logInThroughApi } from './account.helpers.ts';
import { expectNoSeriousViolations } from './axe.helpers.ts';
import { test } from './server.fixtures.ts';

/** Issue 32 (Ley 18.331): the privacy policy a shopper accepts, and 'Descargar mis datos'. */

test('reads the privacy policy and downloads their own data as CSV from the account page @phone', async ({
  page,
  baseURL,
}) => {
  const account = await createAccount(baseURL ?? '', { firstName: 'Rosa' });
  await page.goto('/privacidad');
  await expect(page.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Quién trata tus datos' })).toBeVisible();
  await expect(page.getByText(/URCDP/).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'the privacy policy');

  await logInThroughApi(page, baseURL ?? '', account);
  await page.goto('/user');
  const section = page.getByRole('region', { name: 'Descargar mis datos' });
  await expect(section).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('link', { name: 'Descargar en CSV (Excel)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^mis-datos-mandado-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path()) ?? '', 'utf8');
  expect(text).toContain('sección;registro;campo;valor');
  expect(text).toContain(`cuenta;1;email;${account.email}`);
  expect(text).toContain('consentimientos;1;kind;');
});
