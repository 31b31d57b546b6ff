import { expect } from '@playwright/test';
import { test } from './server.fixtures.ts';

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
  // The empty form's shake has ended, so the next one is this submit's.
  await expect(send).not.toHaveClass(/is-shaking/);
  // The shake lasts 400 ms: a watcher on the button's class records it, so a slow machine whose polling
  // falls between two looks still sees that it happened.
  await send.evaluate((button) => {
    button.removeAttribute('data-shook');
    new MutationObserver((_changes, observer) => {
      if (!button.classList.contains('is-shaking')) return;
      button.setAttribute('data-shook', 'yes');
      observer.disconnect();
    }).observe(button, { attributes: true, attributeFilter: ['class'] });
  });
  await send.click();
  await expect(panel.getByText('Correo electrónico inválido')).toBeVisible();
  await expect(send).toHaveAttribute('data-shook', 'yes');
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

test('selecting text and letting go over the backdrop keeps the panel and what was typed @desktop-only', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'No veo mi ciudad' }).click();
  const panel = page.getByRole('dialog', { name: '¿No ves tu ciudad?' });
  const city = panel.getByLabel('Ciudad', { exact: true });
  await city.fill('Tacuarembó');
  const box = await city.boundingBox();
  if (!box) throw new Error('the city field has no box');
  // Press inside the field, drag the selection out of the panel, release over the dark backdrop.
  await page.mouse.move(box.x + box.width - 4, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(5, 5, { steps: 5 });
  await page.mouse.up();
  await expect(panel).toBeVisible();
  await expect(city).toHaveValue('Tacuarembó');

  // A real click on the backdrop still closes it.
  await page.mouse.click(5, 5);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
