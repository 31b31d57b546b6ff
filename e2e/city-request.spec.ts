import { expect, test } from '@playwright/test';

test('"No veo mi ciudad" validates the e-mail and sends the request', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/v1/city/request/')) sent.push(request.postData() ?? '');
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'No veo mi ciudad' }).click();
  const panel = page.getByRole('dialog', { name: '¿No ves tu ciudad?' });
  await expect(panel).toBeVisible();
  const send = panel.getByRole('button', { name: 'Enviar solicitud' });

  await send.click();
  await expect(panel.getByText('Campo requerido')).toHaveCount(2);

  await panel.getByLabel('Ciudad', { exact: true }).fill('Salto');
  await panel.getByLabel('Correo electrónico').fill('correo-sin-arroba');
  await send.click();
  await expect(panel.getByText('Correo electrónico Invalido')).toBeVisible();
  await expect(send).toHaveClass(/is-shaking/);
  expect(sent).toHaveLength(0);

  const email = panel.getByLabel('Correo electrónico');
  await email.fill(' Ana.Perez@Example.COM ');
  await email.blur();
  await expect(email).toHaveValue('ana.perez@example.com');
  await send.click();

  await expect(page.getByText('Solicitud Enviada')).toBeVisible();
  await expect(panel).toBeHidden();
  expect(sent).toHaveLength(1);
  expect(JSON.parse(sent[0] ?? '{}')).toEqual({ city: 'Salto', email: 'ana.perez@example.com' });

  // The form starts empty next time.
  await page.getByRole('button', { name: 'No veo mi ciudad' }).click();
  await expect(page.getByRole('dialog').getByLabel('Ciudad', { exact: true })).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
