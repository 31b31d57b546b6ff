import { expect, type Page } from '@playwright/test';
import { createAccount, logInThroughApi, toasts, uniqueEmail } from './account.helpers.ts';
import { expectNoSeriousViolations } from './axe.helpers.ts';
import { EL_PUERTO, expectNoSideScroll, openAsDemoOwner } from './fulfilment.helpers.ts';
import { linkFrom, waitForMailWithSubject } from './mail.helpers.ts';
import { test } from './server.fixtures.ts';
import { DEMO_MERCHANT } from './staff.helpers.ts';

/**
 * Issue 18 on a 360 px phone: El Puerto's owner imports a CSV (the dry run shows the bad row and offers no
 * 'Importar'; the fixed file imports), then invites a staff member by e-mail. The invited person registers,
 * opens the e-mail's link, accepts, and works the orders without the catalog.
 */

const PHONE = {
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 1,
  locale: 'es-UY',
  timezoneId: 'America/Montevideo',
  reducedMotion: 'reduce' as const,
};

/** The catalog's price message (packages/shared/src/messages.ts invalidPrice). */
const PRICE_PROBLEM = 'Ingresa un precio mayor que 0, como 1250 o 1250,50';

function csv(rows: readonly string[]): { name: string; mimeType: string; buffer: Buffer } {
  return {
    name: 'productos.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${['nombre,categoria,precio,stock', ...rows].join('\n')}\n`),
  };
}

/** The demo owner's catalog of El Puerto. */
async function openCatalog(page: Page, baseURL: string): Promise<void> {
  await openAsDemoOwner(page, baseURL, '/comercio/catalogo', `Catálogo de ${EL_PUERTO}`);
}

test('an owner imports a CSV after its dry run shows the bad row, and an invited staff member joins and sees orders but not the catalog @phone-only', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = baseURL ?? '';
  // A retry on the same server finds the first attempt's products: each attempt names its own, so the fixed
  // file still creates two.
  const attempt = test.info().retry + 1;
  const tea = `Té Verde E2E ${attempt}`;
  const coffee = `Café E2E ${attempt}`;

  // The import: the dry run of a file with one bad price.
  await openCatalog(page, origin);
  await page.getByRole('link', { name: 'Importar CSV' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Importar CSV' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Descargar plantilla' })).toHaveAttribute(
    'href',
    /\/products\/template\/$/,
  );
  const file = page.getByLabel('Elegir archivo CSV');
  await file.setInputFiles(csv([`${tea},Almacén,120,5`, `${coffee},Almacén,doce,3`]));
  const errors = page.getByRole('list', { name: 'Errores del archivo' });
  await expect(errors.getByRole('listitem')).toHaveCount(1);
  await expect(errors.getByText('Fila 3')).toBeVisible();
  await expect(errors.getByText(PRICE_PROBLEM)).toBeVisible();
  await expect(page.getByText('1 de 2 filas tiene errores.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importar' })).toHaveCount(0);
  await expectNoSideScroll(page, 'the import with errors');
  await expectNoSeriousViolations(page, 'the import page');

  // The fixed file: its dry run, then the import.
  await file.setInputFiles(csv([`${tea},Almacén,120,5`, `${coffee},Almacén,"12,50",3`]));
  await expect(
    page.getByText('2 filas: 2 nuevos, 0 cambian, 0 sin cambios, 0 categorías nuevas.'),
  ).toBeVisible();
  await expect(errors).toHaveCount(0);
  await page.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByRole('heading', { name: 'Listo: importamos el archivo' })).toBeVisible();
  await expect(page.getByText(/^2 nuevos, 0 actualizados/)).toBeVisible();
  await expect(toasts(page).getByText('Catálogo importado')).toBeVisible();

  // The team: invite a new e-mail as staff.
  await page
    .getByRole('navigation', { name: 'Secciones de la tienda' })
    .getByRole('link', { name: 'Equipo' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `Equipo de ${EL_PUERTO}` })).toBeVisible();
  const members = page.getByRole('region', { name: 'Quién trabaja en la tienda' });
  await expect(members.getByRole('listitem').filter({ hasText: DEMO_MERCHANT.email })).toContainText('Tú');
  const staffEmail = uniqueEmail('personal');
  await page.getByLabel('Correo electrónico').fill(staffEmail);
  await page.getByRole('radio', { name: 'Personal' }).check();
  await page.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(toasts(page).getByText('Invitación enviada')).toBeVisible();
  const pending = page.getByRole('region', { name: 'Invitaciones pendientes' }).getByRole('listitem');
  await expect(pending.filter({ hasText: staffEmail })).toContainText(/Personal\s*Vence el/);
  await expectNoSideScroll(page, 'the team page');
  await expectNoSeriousViolations(page, 'the team page');

  // The invited person: an account with that e-mail, then the e-mail's link.
  const mail = await waitForMailWithSubject(staffEmail, /te invitó a Supermercado El Puerto/);
  const invitationPath = new URL(linkFrom(mail.text)).pathname;
  expect(invitationPath).toMatch(/^\/comercio\/invitacion\/[A-Za-z0-9_-]{43}$/);
  const staffContext = await browser.newContext({ baseURL: origin, ...PHONE });
  try {
    const staff = await staffContext.newPage();
    // As a visitor first: what the link offers, and the ways in that come back here.
    await staff.goto(invitationPath);
    await expect(
      staff.getByRole('heading', { level: 1, name: `Te invitaron a ${EL_PUERTO} como personal` }),
    ).toBeVisible();
    await expect(staff.getByText(staffEmail)).toBeVisible();
    const next = encodeURIComponent(invitationPath);
    await expect(staff.getByRole('link', { name: 'Ingresar' })).toHaveAttribute(
      'href',
      `/login?next=${next}`,
    );
    await expect(staff.getByRole('link', { name: 'Crear cuenta' })).toHaveAttribute(
      'href',
      `/register?next=${next}`,
    );
    await expectNoSideScroll(staff, 'the invitation page');
    await expectNoSeriousViolations(staff, 'the invitation page');

    const account = await createAccount(origin, {
      email: staffEmail,
      firstName: 'Pablo',
      lastName: 'Personal',
    });
    await logInThroughApi(staff, origin, account);
    await staff.reload();
    await staff.getByRole('button', { name: 'Aceptar invitación' }).click();
    await expect(staff).toHaveURL(/\/comercio$/);
    await expect(
      staff.getByRole('main').getByRole('heading', { level: 1, name: `Pedidos de ${EL_PUERTO}` }),
    ).toBeVisible();
    const nav = staff.getByRole('navigation', { name: 'Secciones de la tienda' });
    await expect(nav.getByRole('link', { name: 'Pedidos' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Catálogo' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Equipo' })).toHaveCount(0);
    await staff.goto('/comercio/catalogo');
    await expect(staff.getByText('Solo los dueños de la tienda pueden cambiar el catálogo')).toBeVisible();
  } finally {
    await staffContext.close();
  }
});
