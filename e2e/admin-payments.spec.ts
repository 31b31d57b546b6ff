import { expect, type Page } from '@playwright/test';
import { openAsDemoOperator } from './admin.helpers.ts';
import { expectNoSideScroll, placePaidStoreOrder } from './fulfilment.helpers.ts';
import { test } from './server.fixtures.ts';

/**
 * Issue 19, 'Pagos': two transfers wait in the queue; the operator imports the bank's statement (a row paying
 * one of them, with a decimal comma, and a row that matches nothing), sees the preview, confirms, and the paid
 * order leaves the queue. On a phone the queue is cards, and 'Marcar pagado' records a reference.
 */

/** "24.50" → "24,50": how a Uruguayan bank writes the amount. */
function decimalComma(total: string): string {
  return total.replace('.', ',');
}

function queueRow(page: Page, number: string) {
  return page.locator('.payment-queue tbody tr').filter({ has: page.getByText(number, { exact: true }) });
}

test('an operator imports a bank statement that pays one of two transfers and leaves a row unmatched', async ({
  page,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const [paying, waiting] = await Promise.all([
    placePaidStoreOrder(origin, { payment: 'transfer' }),
    placePaidStoreOrder(origin, { payment: 'transfer' }),
  ]);
  await openAsDemoOperator(page, origin, '/admin/pagos', 'Pagos');
  await expect(queueRow(page, paying.groupNumber)).toBeVisible();
  await expect(queueRow(page, waiting.groupNumber)).toBeVisible();

  const statement = [
    'Fecha;Descripción;Importe',
    `2026-11-24;TRANSFERENCIA ${paying.groupNumber} ELENA SUAREZ;${decimalComma(paying.total)}`,
    '2026-11-24;DEPOSITO SIN REFERENCIA;10,00',
  ].join('\r\n');
  await page.getByLabel('Archivo CSV del extracto').setInputFiles({
    name: 'extracto-brou.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${statement}\r\n`, 'utf8'),
  });
  const preview = page.getByRole('region', { name: /Vista previa: extracto-brou\.csv/ });
  const rows = preview.locator('.statement-rows tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Coincide');
  await expect(rows.nth(0)).toContainText(paying.groupNumber);
  await expect(rows.nth(1)).toContainText('Sin coincidencia');

  await preview.getByRole('button', { name: 'Confirmar y marcar 1 pago' }).click();
  const result = page.getByRole('region', { name: /Resultado: extracto-brou\.csv/ });
  await expect(result.locator('.statement-rows tbody tr').nth(0)).toContainText('Pagado');
  await expect(result.getByText('1 pedido marcado como pagado')).toBeVisible();
  await expect(queueRow(page, paying.groupNumber)).toHaveCount(0);
  await expect(queueRow(page, waiting.groupNumber)).toBeVisible();
});

test('on a phone the transfer queue is cards, one is marked paid with a reference, and its order page fits 360 px @phone-only', async ({
  page,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const order = await placePaidStoreOrder(origin, { payment: 'transfer' });
  await openAsDemoOperator(page, origin, '/admin/pagos', 'Pagos');
  const row = queueRow(page, order.groupNumber);
  await expect(row).toBeVisible();
  await expectNoSideScroll(page, 'the transfer queue');

  await row.getByRole('button', { name: `Marcar pagado ${order.groupNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Marcar pagado ${order.groupNumber}` });
  await dialog.getByLabel('Referencia de la transferencia o el depósito').fill('BROU 0042-77');
  await dialog.getByRole('button', { name: 'Marcar pagado' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  await expectNoSideScroll(page, 'the payments page');

  // The order's page on the same phone (one test for both 360 px screens: CI time): its timeline and the
  // refund dialog fit the width.
  await page.goto(`/admin/pedidos/${order.groupNumber}`);
  await expect(page.getByRole('heading', { level: 1, name: `Pedido ${order.groupNumber}` })).toBeVisible();
  await expect(page.getByRole('list', { name: /Todo lo que pasó con el pedido/ })).toBeVisible();
  await expectNoSideScroll(page, 'the order page');
  await page.getByRole('button', { name: 'Devolver' }).first().click();
  await expect(page.getByRole('dialog', { name: `Devolver dinero de ${order.groupNumber}` })).toBeVisible();
  await expectNoSideScroll(page, 'the refund dialog');
});
