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

test('deletes the account after the password, with the server’s reason kept in the dialog @phone', async ({
  page,
  baseURL,
}) => {
  const account = await createAccount(baseURL ?? '', { firstName: 'Teodora' });
  await logInThroughApi(page, baseURL ?? '', account);
  await page.goto('/user');
  const section = page.getByRole('region', { name: 'Eliminar mi cuenta' });
  await section.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Eliminar tu cuenta?' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Contraseña').fill('no-es-mi-clave');
  await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await expect(dialog.getByText('La contraseña actual no es correcta.')).toBeVisible();
  await expect(dialog.getByLabel('Contraseña')).toHaveValue('no-es-mi-clave');

  await dialog.getByLabel('Contraseña').fill(account.password);
  await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await expect(
    page.getByText('Eliminamos tu cuenta y tus datos personales.', { exact: false }),
  ).toBeVisible();
  await expect(page).not.toHaveURL(/\/user/);
  // The e-mail and password open nothing any more.
  const login = await page.request.get('/v1/whoami/');
  expect(((await login.json()) as { whoami: unknown }).whoami).toBeNull();
});
