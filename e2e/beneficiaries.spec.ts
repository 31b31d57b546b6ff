import { expect, type Page } from '@playwright/test';
import { createAccount, logInThroughApi } from './account.helpers.ts';
import {
  ADDRESS_POPUP_DISMISSED_KEY,
  addressPopup,
  blockMapTiles,
  clickMap,
  MONTEVIDEO_POSITION,
  openAddressPopup,
  pickSuggestion,
} from './address.helpers.ts';
import { expectNoSeriousViolations, OPEN_DIALOG } from './axe.helpers.ts';
import { test } from './server.fixtures.ts';
import { chooseMontevideo, storeList } from './visitor.helpers.ts';

test.beforeEach(async ({ page }) => {
  await blockMapTiles(page);
});

async function openBeneficiaries(page: Page, baseURL: string | undefined) {
  const account = await createAccount(baseURL ?? '', { firstName: 'Lucía' });
  await chooseMontevideo(page);
  await logInThroughApi(page, baseURL ?? '', account);
  await page.goto('/user/beneficiaries');
  await expect(page).toHaveURL(/\/user\/beneficiaries$/);
  await expect(page.getByRole('heading', { name: 'Mis Direcciones' })).toBeVisible();
}

/** Drags the pin a little: the position moves and the reverse lookup answers again. */
async function dragPin(page: Page) {
  const pin = page.locator('.location-map__pin');
  const box = await pin.boundingBox();
  if (!box) throw new Error('no pin');
  const reverse = page.waitForResponse((response) => response.url().includes('/v1/geo/reverse/'));
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 2 + 10, { steps: 5 });
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 20, { steps: 5 });
  await page.mouse.up();
  expect((await reverse).status()).toBe(200);
}

function savedList(page: Page) {
  return page.getByRole('list', { name: 'Direcciones guardadas' });
}

test('adds a beneficiary with another address, edits it and deletes it', async ({ page, baseURL }) => {
  await openBeneficiaries(page, baseURL);
  await expect(page.getByText('Todavía no agregaste a nadie')).toBeVisible();
  await page.getByRole('button', { name: 'Agregar dirección' }).click();

  // Spec §5: nothing filled → 'Campo requerido'. Which boxes, the 400 ms shake and a failed save keeping the
  // values are beneficiary-form.test.tsx's (decision 060); here axe reads the form with its messages.
  const save = page.getByRole('button', { name: 'Guardar dirección' });
  await save.click();
  await expect(page.getByText('Campo requerido').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'beneficiary form with errors');

  await page.getByLabel('Nombre').fill('Ana');
  await page.getByLabel('Apellido').fill('Pérez');
  // The masks apply as the user types.
  await page.getByLabel('Celular').pressSequentially('091123456');
  await expect(page.getByLabel('Celular')).toHaveValue('(091) 123456');
  await page.getByLabel('Teléfono fijo (opcional)').pressSequentially('26221234');
  await expect(page.getByLabel('Teléfono fijo (opcional)')).toHaveValue('(2622) 1234');
  await page.getByLabel('Tipo de residencia').selectOption({ label: 'Casa' });
  await page.getByLabel('Indicaciones para el repartidor').fill('Portón azul, timbre 2');

  await pickSuggestion(page, 'Pocitos', /Pocitos/);
  await clickMap(page, page);
  await expect(page.getByRole('combobox', { name: 'Dirección' })).not.toHaveValue('');
  await dragPin(page);

  await save.click();

  const item = savedList(page).getByRole('listitem').filter({ hasText: 'Ana Pérez' });
  await expect(item).toBeVisible();
  await expect(item).toContainText('(091) 123456');

  // Spec §4: the new beneficiary is selected; a click on the selected item deselects it, another selects it.
  const pick = item.getByRole('button', { name: /Ana Pérez/ }).first();
  await expect(pick).toHaveAttribute('aria-pressed', 'true');
  await pick.click();
  await expect(pick).toHaveAttribute('aria-pressed', 'false');
  await pick.click();
  await expect(pick).toHaveAttribute('aria-pressed', 'true');

  // Edit copies the item into the form and clears the selection.
  await item.getByRole('button', { name: 'Editar Ana Pérez' }).click();
  await expect(page.getByLabel('Nombre')).toHaveValue('Ana');
  await expect(page.getByLabel('Celular')).toHaveValue('(091) 123456');
  await page.getByLabel('Nombre').fill('Anita');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  const edited = savedList(page).getByRole('listitem').filter({ hasText: 'Anita Pérez' });
  await expect(edited).toBeVisible();
  // The selection was cleared by the edit.
  await expect(edited.getByRole('button', { name: /Anita Pérez/ }).first()).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // Delete asks first.
  await edited.getByRole('button', { name: 'Eliminar Anita Pérez' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar Dirección' });
  await expect(confirm).toContainText('¿Estás seguro de que deseas eliminar esta dirección?');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Todavía no agregaste a nadie')).toBeVisible();
});

test('cancel returns to the list and keeps nothing', async ({ page, baseURL }) => {
  await openBeneficiaries(page, baseURL);
  await page.getByRole('button', { name: 'Agregar dirección' }).click();
  await page.getByLabel('Nombre').fill('Pedro');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByRole('button', { name: 'Agregar dirección' })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar dirección' }).click();
  await expect(page.getByLabel('Nombre')).toHaveValue('');
});

test.describe('current location', () => {
  test('granted: the position and its label fill the address', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(MONTEVIDEO_POSITION);
    await chooseMontevideo(page, { addressPopup: true });
    const popup = addressPopup(page);
    await expect(popup).toBeVisible();
    const reverse = page.waitForResponse((response) => response.url().includes('/v1/geo/reverse/'));
    await popup.getByLabel('Mi ubicación actual').check();
    expect((await reverse).status()).toBe(200);
    await expect(popup.getByRole('combobox', { name: 'Dirección' })).toHaveValue(/Montevideo|Pocitos/);
    await popup.getByRole('button', { name: 'Confirmar' }).click();
    await expect(popup).toBeHidden();
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('location') ?? 'null'));
    expect(stored).toMatchObject({
      latitude: expect.closeTo(MONTEVIDEO_POSITION.latitude, 4),
      longitude: expect.closeTo(MONTEVIDEO_POSITION.longitude, 4),
    });
  });

  test('denied: the popup says so in Spanish (issue 16)', async ({ page, context }) => {
    await context.clearPermissions();
    await chooseMontevideo(page, { addressPopup: true });
    const popup = addressPopup(page);
    await popup.getByLabel('Mi ubicación actual').check();
    await expect(popup.getByText('Buscando tu ubicación…')).toBeHidden();
    await expect(popup.getByRole('alert')).toHaveText(
      'No tenemos permiso para usar tu ubicación. Actívalo en la configuración de tu navegador o escribe la dirección.',
    );
    await expect(popup.getByRole('combobox', { name: 'Dirección' })).toHaveValue('');
    // Spec §5: with no position, 'Campo requerido'.
    await popup.getByRole('button', { name: 'Confirmar' }).click();
    await expect(popup.getByText('Campo requerido').first()).toBeVisible();
  });

  test('unavailable: the §8 alert', async ({ page }) => {
    await page.addInitScript(() => {
      Reflect.deleteProperty(Navigator.prototype, 'geolocation');
    });
    await chooseMontevideo(page, { addressPopup: true });
    const popup = addressPopup(page);
    await popup.getByLabel('Mi ubicación actual').check();
    await expect(popup.getByRole('alert')).toHaveText('La ubicación no está disponible en este navegador.');
  });
});

test('a first-time visitor gives an address in the popup and the nearest stores come first', async ({
  page,
}) => {
  await chooseMontevideo(page, { addressPopup: true });
  const popup = addressPopup(page);
  await expect(popup).toBeVisible();
  await expectNoSeriousViolations(page, 'address popup', { within: OPEN_DIALOG });
  // The popup opens on a browse page's first load: the map (Leaflet and tiles) waits for a position.
  await expect(popup.getByRole('region', { name: 'Mapa de la dirección' })).toHaveCount(0);
  await expect(popup.getByRole('button', { name: 'Elegir en el mapa' })).toBeVisible();

  await pickSuggestion(popup, 'Pocitos', /Pocitos/);
  await clickMap(page, popup);
  await popup.getByRole('button', { name: 'Confirmar' }).click();
  await expect(popup).toBeHidden();

  // The store list now carries distances, nearest first.
  const cards = storeList(page).getByRole('listitem');
  await expect(cards.first()).toContainText(/\d+(,\d)? (km|m)/);
  const distances = await cards.evaluateAll((items) =>
    items
      .map((item) => item.querySelector('.chip--static')?.textContent ?? '')
      .filter((text) => text !== '')
      .map((text) => {
        const value = Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
        return text.endsWith(' m') ? value / 1000 : value;
      }),
  );
  expect(distances.length).toBeGreaterThan(0);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));

  // With a stored location the popup does not open again, and the near-stores page uses it without asking.
  await page.reload();
  await expect(storeList(page).getByRole('listitem').first()).toBeVisible();
  await expect(addressPopup(page)).toHaveCount(0);
  await page.goto('/allstoresNear');
  await expect(page.getByText(/^Cerca de /)).toBeVisible();
  await expect(storeList(page).getByRole('listitem').first()).toContainText(/\d+(,\d)? (km|m)/);
});

test('a dismissed popup does not come back in the same visit', async ({ page }) => {
  await chooseMontevideo(page, { addressPopup: true });
  const popup = addressPopup(page);
  await expect(popup).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  expect(await page.evaluate((key) => window.sessionStorage.getItem(key), ADDRESS_POPUP_DISMISSED_KEY)).toBe(
    '1',
  );
  await page.reload();
  await expect(storeList(page).getByRole('listitem').first()).toBeVisible();
  await expect(addressPopup(page)).toHaveCount(0);
});

test('a logged-in user picks a beneficiary in the popup', async ({ page, baseURL }) => {
  await openBeneficiaries(page, baseURL);
  await page.getByRole('button', { name: 'Agregar dirección' }).click();
  await page.getByLabel('Nombre').fill('Rosa');
  await page.getByLabel('Apellido').fill('Gómez');
  await page.getByLabel('Celular').fill('099765432');
  await page.getByLabel('Tipo de residencia').selectOption({ label: 'Apartamento' });
  await pickSuggestion(page, 'Cordón', /Cordón/);
  await page.getByRole('button', { name: 'Guardar dirección' }).click();
  await expect(savedList(page).getByRole('listitem').filter({ hasText: 'Rosa Gómez' })).toBeVisible();

  // A new visit (the session flag gone) on a store page offers the address; its popup lists the saved
  // beneficiaries (issue 30: the popup opens from the bar, never by itself).
  await page.evaluate((key) => window.sessionStorage.removeItem(key), ADDRESS_POPUP_DISMISSED_KEY);
  await page.addInitScript((key) => window.sessionStorage.removeItem(key), ADDRESS_POPUP_DISMISSED_KEY);
  await page.goto('/stores');
  await openAddressPopup(page);
  const popup = addressPopup(page);
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Confirmar' })).toHaveCount(0);
  await popup.getByLabel(/Rosa Gómez/).check();
  await popup.getByRole('button', { name: 'Confirmar' }).click();
  await expect(popup).toBeHidden();
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('location') ?? 'null'));
  expect(stored?.label).toMatch(/Cordón/);
});
