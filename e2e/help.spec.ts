import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { createAccount, logInThroughApi } from './account.helpers.ts';
import { ADDRESS_POPUP_TITLE, addressOffer } from './address.helpers.ts';
import { expectNoSeriousViolations, OPEN_DIALOG } from './axe.helpers.ts';
import { test } from './server.fixtures.ts';
import { CITY_SCREEN_TITLE, chooseMontevideo, revealFooter } from './visitor.helpers.ts';

function helpDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Ayuda' });
}

function viewHeading(page: Page, name: string) {
  return helpDialog(page).getByRole('heading', { level: 3, name, exact: true });
}

function footer(page: Page) {
  return page.getByRole('contentinfo');
}

function ayudaParam(page: Page): string | null {
  return new URL(page.url()).searchParams.get('ayuda');
}

/** Every message the support inbox got in this run (the API mails contact messages and suggestions there). */
async function supportMailTexts(): Promise<string[]> {
  const dir = process.env.MANDADO_E2E_MAIL_DIR ?? '';
  const texts: string[] = [];
  for (const name of (await readdir(dir)).filter((file) => file.endsWith('.json'))) {
    const mail = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as {
      subject: string;
      text: string;
    };
    texts.push(`${mail.subject}\n${mail.text}`);
  }
  return texts;
}

test.describe('help overlay', () => {
  test('each footer help tab opens its view; Escape closes it, the link param goes and the page stays where it was; the terms page’s footer opens it too', async ({
    page,
  }) => {
    await chooseMontevideo(page);
    await revealFooter(page);
    const tabs = [
      { tab: 'Políticas de envío', heading: 'Políticas de envío', slug: 'politicas-de-envio' },
      { tab: 'Preguntas Frecuentes', heading: 'Preguntas Frecuentes', slug: 'preguntas-frecuentes' },
      { tab: 'Contáctanos', heading: 'Contáctanos', slug: 'contactenos' },
    ];
    for (const { tab, heading, slug } of tabs) {
      const button = footer(page).getByRole('button', { name: tab, exact: true });
      await button.scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled).toBeGreaterThan(0);
      await button.click();
      await expect(helpDialog(page)).toBeVisible();
      await expect(viewHeading(page, heading)).toBeVisible();
      await expect(
        helpDialog(page)
          .getByRole('navigation', { name: 'Secciones de ayuda' })
          .getByRole('button', { name: tab }),
      ).toHaveAttribute('aria-current', 'true');
      await expect.poll(() => ayudaParam(page)).toBe(slug);
      await page.keyboard.press('Escape');
      await expect(helpDialog(page)).toHaveCount(0);
      await expect.poll(() => ayudaParam(page)).toBeNull();
      await expect(page).toHaveURL(/\/stores$/);
      // Writing and removing the param is not a new page: the shopper is still at the footer.
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await expect(button).toBeFocused();
    }

    // The footer's support block: WhatsApp with a greeting, the support e-mail and the hours.
    const whatsapp = footer(page).getByRole('link', { name: 'Escríbenos por WhatsApp' });
    const url = new URL((await whatsapp.getAttribute('href')) ?? '');
    expect(url.origin).toBe('https://wa.me');
    expect(url.pathname).toMatch(/^\/\d{8,15}$/);
    expect(url.searchParams.get('text')).toMatch(/^Hola/);
    await expect(whatsapp).toHaveAttribute('target', '_blank');
    await expect(whatsapp).toHaveAttribute('rel', /noopener/);
    await expect(footer(page).getByRole('link', { name: 'soporte@mandado.uy' })).toBeVisible();
    await expect(footer(page).getByText('Atendemos de lunes a domingo, de 8:00 a 20:00')).toBeVisible();

    // The footer of the common layout (the terms page) opens the overlay too.
    await page.goto('/termsuse');
    await revealFooter(page);
    await footer(page).getByRole('button', { name: 'Preguntas Frecuentes' }).click();
    await expect(viewHeading(page, 'Preguntas Frecuentes')).toBeVisible();
    await expect.poll(() => ayudaParam(page)).toBe('preguntas-frecuentes');
  });

  test('the FAQ accordion works with the keyboard and passes axe', async ({ page }) => {
    await chooseMontevideo(page);
    await page.goto('/stores?ayuda=preguntas-frecuentes');
    await expect(viewHeading(page, 'Preguntas Frecuentes')).toBeVisible();
    const questions = helpDialog(page).locator('.faq__question');
    expect(await questions.count()).toBeGreaterThanOrEqual(15);
    const first = questions.first();

    // Tab from the menu to the first question.
    await helpDialog(page).getByRole('button', { name: 'Políticas de envío', exact: true }).focus();
    for (
      let step = 0;
      step < 8 && !(await first.evaluate((element) => element === document.activeElement));
      step++
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(first).toBeFocused();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    const answer = helpDialog(page).locator(`#${await first.getAttribute('aria-controls')}`);
    await expect(answer).toBeHidden();

    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(answer).toBeVisible();
    await expect(answer).toContainText('mayor de edad');
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(answer).toBeHidden();

    // The arrows move between questions; Space opens too.
    await page.keyboard.press('ArrowDown');
    await expect(questions.nth(1)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'true');
    await expect(helpDialog(page)).toContainText('24 a 48 horas, de lunes a viernes');

    // The shipping answer quotes the threshold from the settings.
    await helpDialog(page).getByRole('button', { name: '¿Cuánto cuesta el envío?' }).click();
    await expect(helpDialog(page)).toContainText(/En compras mayores a US\$ [\d.,]+ el envío es gratis/);

    await expectNoSeriousViolations(page, 'help overlay, FAQ', { within: OPEN_DIALOG });
  });

  test('the shareable link opens the contact form; empty fields are refused, then the message is sent and mailed', async ({
    page,
  }) => {
    await chooseMontevideo(page);
    await page.goto('/stores?ayuda=contactenos');
    await expect(viewHeading(page, 'Contáctanos')).toBeVisible();
    const dialog = helpDialog(page);
    const send = dialog.getByRole('button', { name: 'Enviar mensaje' });

    // Which boxes are refused, a failed send keeping what was typed and saying why, and the boxes cleared after
    // sending are contact-form.test.tsx's (decision 060); here axe reads the form with its messages.
    await send.click();
    await expect(dialog.getByText('Campo requerido').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'help overlay, contact form with errors', { within: OPEN_DIALOG });

    const subject = `Consulta ${Date.now().toString(36)}`;
    await dialog.getByLabel('Nombre', { exact: true }).fill('Lucía Pereira');
    await dialog.getByLabel('Correo electrónico', { exact: true }).fill('lucia.pereira@example.com');
    await dialog.getByLabel('Teléfono', { exact: true }).fill('+57 300 123 4567');
    await dialog.getByLabel('Asunto', { exact: true }).fill(subject);
    await dialog
      .getByLabel('Comentarios', { exact: true })
      .fill('¿Entregan en Ciudad de la Costa?\nGracias.');
    await send.click();

    await expect(dialog.getByRole('status').getByText('¡Mensaje enviado!')).toBeVisible();
    // Stored and mailed to the support address.
    await expect
      .poll(async () => (await supportMailTexts()).some((text) => text.includes(subject)), {
        timeout: 10_000,
      })
      .toBe(true);
  });

  test('a shared link opens help for a first-time visitor too: on the city screen, with no address popup over it', async ({
    page,
  }) => {
    // No city yet: a link to the city screen (the store list now implies Montevideo, the only served city).
    await page.goto('/?ayuda=contactenos');
    await expect(page.getByRole('heading', { level: 1, name: CITY_SCREEN_TITLE })).toBeAttached();
    await expect(viewHeading(page, 'Contáctanos')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(helpDialog(page)).toBeHidden();
    await expect.poll(() => ayudaParam(page)).toBeNull();

    // With a city and no address, the address is offered by a bar in the page, never a popup over it
    // (issue 30); the bar waits while help is open and comes back once it closes.
    await page.getByRole('button', { name: 'Montevideo' }).click();
    const addressPopup = page.getByRole('dialog', { name: ADDRESS_POPUP_TITLE });
    await expect(addressOffer(page)).toBeVisible();
    await expect(addressPopup).toHaveCount(0);
    await page.goto('/stores?ayuda=contactenos');
    await expect(viewHeading(page, 'Contáctanos')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Elige una tienda' })).toBeAttached();
    // The popup's panel is a lazy chunk: once the network is quiet it would be on screen if it were opening.
    await page.waitForLoadState('networkidle');
    await expect(addressPopup).toHaveCount(0);
    await expect(addressOffer(page)).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(helpDialog(page)).toBeHidden();
    await expect(addressOffer(page)).toBeVisible();
    await expect(addressPopup).toHaveCount(0);
  });

  test('the contact form is pre-filled for a logged-in remitter; the instructions follow their country', async ({
    page,
    baseURL,
  }) => {
    const account = await createAccount(baseURL ?? '', { firstName: 'Marta', lastName: 'Suárez' });
    await chooseMontevideo(page);
    await logInThroughApi(page, baseURL ?? '', account);
    await page.goto('/stores?ayuda=contactenos');
    const dialog = helpDialog(page);
    await expect(dialog.getByLabel('Nombre', { exact: true })).toHaveValue('Marta Suárez');
    await expect(dialog.getByLabel('Correo electrónico', { exact: true })).toHaveValue(account.email);
    await expect(dialog.getByLabel('Teléfono', { exact: true })).not.toHaveValue('');

    // Spec §8: a remitter whose phone is from outside the deposit countries (here the US) is asked to write
    // to support instead of being shown the bank blocks.
    await page.goto('/stores?ayuda=instrucciones-de-pago');
    await expect(dialog).toContainText('no están disponibles en tu país');
    await expect(dialog.getByRole('heading', { name: 'Desde Colombia' })).toHaveCount(0);
    await expect(
      dialog.locator('.help-view__unsupported').getByRole('link', { name: 'Escríbenos por WhatsApp' }),
    ).toBeVisible();
  });

  test('an FAQ answer leads to the suggestion form, which is sent; another opens the city selector', async ({
    page,
  }) => {
    await chooseMontevideo(page);
    await page.goto('/stores?ayuda=preguntas-frecuentes');
    const dialog = helpDialog(page);
    await dialog.getByRole('button', { name: '¿No encuentras un producto?', exact: true }).click();
    await dialog.getByRole('button', { name: '¿No encuentras un producto? Sugiérelo' }).click();
    await expect(viewHeading(page, 'Sugiere un producto')).toBeVisible();
    await expect.poll(() => ayudaParam(page)).toBe('sugerencias');

    const send = dialog.getByRole('button', { name: 'Enviar sugerencia' });
    await send.click();
    await expect(dialog.getByText('Campo requerido')).toHaveCount(4);

    const product = `Yerba orgánica ${Date.now().toString(36)}`;
    await dialog.getByLabel('Categoría').selectOption({ label: 'Farmacias' });
    await dialog.getByLabel('Nombre del producto').fill(product);
    await dialog.getByLabel('Descripción').fill('En paquete de 1 kg.');
    await dialog.getByLabel('Correo electrónico').fill('Ana@Example.com');
    await send.click();
    await expect(dialog.getByRole('status').getByText('¡Gracias por tu sugerencia!')).toBeVisible();
    await expect(dialog.getByLabel('Nombre del producto')).toHaveValue('');
    await expect
      .poll(async () => (await supportMailTexts()).some((text) => text.includes(product)), {
        timeout: 10_000,
      })
      .toBe(true);

    // Back to the visible menu.
    await dialog.getByRole('button', { name: /Volver a Preguntas Frecuentes/ }).click();
    await expect(viewHeading(page, 'Preguntas Frecuentes')).toBeVisible();

    // The cities answer links to the city selector.
    await dialog.getByRole('button', { name: '¿A qué ciudades envían?' }).click();
    await dialog.getByRole('button', { name: 'Ver las ciudades con servicio' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: CITY_SCREEN_TITLE })).toBeVisible();
    await expect(helpDialog(page)).toHaveCount(0);
  });

  test('the payment instructions quote the order number of the link and show the deposit countries', async ({
    page,
  }) => {
    await chooseMontevideo(page);
    await page.goto('/stores?ayuda=instrucciones-de-pago&orden=MV-10234');
    await expect(viewHeading(page, 'Instrucciones de pago')).toBeVisible();
    const dialog = helpDialog(page);
    await expect(dialog.getByText('No aceptamos Zelle.')).toBeVisible();
    await expect(dialog).toContainText('Mastercard, Visa, American Express, JCB, Discover y Diners Club');
    await expect(dialog).toContainText('desde Colombia, Chile y Perú en una sola cuenta');
    for (const country of ['Colombia', 'Chile', 'Perú']) {
      await expect(dialog.getByRole('heading', { name: `Desde ${country}` })).toBeVisible();
    }
    await expect(dialog.getByText('MV-10234').first()).toBeVisible();
    // Nothing widens the overlay past the screen (a phone at 360 px scrolls only vertically).
    expect(
      await dialog.locator('.dialog__body').evaluate((body) => body.scrollWidth <= body.clientWidth),
    ).toBe(true);
    const receipt = dialog.getByRole('link', { name: /@/ }).last();
    expect(decodeURIComponent((await receipt.getAttribute('href')) ?? '')).toContain(
      'subject=Comprobante MV-10234',
    );
    await expectNoSeriousViolations(page, 'help overlay, payment instructions', { within: OPEN_DIALOG });
  });
});
