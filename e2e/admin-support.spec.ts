import { randomUUID } from 'node:crypto';
import { expect, type Page, request } from '@playwright/test';
import { openAsDemoOperator } from './admin.helpers.ts';
import { test } from './server.fixtures.ts';

/**
 * Issue 19: the support inbox. Two visitors write through the shop's contact form (the API call the form
 * makes); the operator finds both under 'Sin resolver', answers one (it is resolved by the answer) and marks
 * the other resolved: each leaves the list. The audit trail lists both actions.
 */
async function sendContactMessage(baseURL: string, subject: string): Promise<void> {
  const api = await request.newContext({ baseURL });
  try {
    const { csrf_token } = (await (await api.get('/v1/csrf-token/')).json()) as { csrf_token: string };
    const sent = await api.post('/v1/contact-us-email/', {
      headers: { 'X-CSRFToken': csrf_token, Origin: baseURL },
      data: {
        name: 'Lucía Fernández',
        email: 'lucia.fernandez@correo.com',
        phone: '+598 91 234 567',
        subject,
        comments: '¿Entregan en Punta del Este?',
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  } finally {
    await api.dispose();
  }
}

function card(page: Page, subject: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: subject }) });
}

test('an operator answers a message and resolves another from the inbox, and the audit trail lists both', async ({
  page,
  baseURL,
}) => {
  const tag = randomUUID().slice(0, 8);
  const answered = `Entregas en Maldonado ${tag}`;
  const resolved = `Pedido demorado ${tag}`;
  await sendContactMessage(baseURL ?? '', answered);
  await sendContactMessage(baseURL ?? '', resolved);

  await openAsDemoOperator(page, baseURL ?? '', '/admin/soporte', 'Soporte');
  await expect(page.getByRole('tab', { name: 'Mensajes' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Sin resolver', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await card(page, answered)
    .getByRole('button', { name: /^Responder/ })
    .click();
  const dialog = page.getByRole('dialog', { name: `Responder: ${answered}` });
  await dialog.getByLabel('Respuesta').fill('Sí, entregamos en Punta del Este de lunes a viernes.');
  await dialog.getByRole('button', { name: 'Enviar respuesta' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, answered)).toHaveCount(0);

  await card(page, resolved)
    .getByRole('button', { name: /^Marcar como resuelto/ })
    .click();
  await expect(card(page, resolved)).toHaveCount(0);

  await page.getByRole('navigation').getByRole('link', { name: 'Auditoría' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Auditoría' })).toBeVisible();
  await page.getByLabel('Acción').fill('support.');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/[?&]action=support\./);
  const rows = page.getByRole('list', { name: 'Acciones, la más reciente primero' }).getByRole('listitem');
  await expect(rows.filter({ hasText: 'support.handled' }).first()).toContainText('Resuelto: no → sí');
  await expect(rows.filter({ hasText: 'support.replied' }).first()).toContainText(
    'lucia.fernandez@correo.com',
  );
});
