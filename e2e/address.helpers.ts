import { expect, type Page } from '@playwright/test';

export const ADDRESS_POPUP_TITLE = 'Ingresa tu dirección de envío';
/** The session flag the address popup host keeps once dismissed (app/address/address-popup-host.tsx). */
export const ADDRESS_POPUP_DISMISSED_KEY = 'mandado:address-popup-dismissed';
/** A point in Pocitos, Montevideo. */
export const MONTEVIDEO_POSITION = { latitude: -34.9085, longitude: -56.149 };

/** Tests run offline: the tile server is never reached, and the map must work without its pictures. */
export async function blockMapTiles(page: Page): Promise<void> {
  await page.route('**/tile.openstreetmap.org/**', (route) => route.abort());
}

/** For tests about something else: the visit behaves as if the address popup had been dismissed. */
export async function skipAddressPopup(page: Page): Promise<void> {
  await page.addInitScript((key) => window.sessionStorage.setItem(key, '1'), ADDRESS_POPUP_DISMISSED_KEY);
}

/** The bar in the page's flow that offers the address on a first visit (issue 30 item 6). */
export function addressOffer(page: Page) {
  return page.getByRole('complementary', { name: 'Dirección de envío' });
}

/** Opens the address popup from the bar, as a shopper who wants the nearest stores does. */
export async function openAddressPopup(page: Page): Promise<void> {
  await addressOffer(page).getByRole('button', { name: 'Ingresar dirección' }).click();
}

export function addressPopup(page: Page) {
  return page.getByRole('dialog', { name: ADDRESS_POPUP_TITLE });
}

/** Types into the address box, waits for the geocoder's suggestions and picks the first one containing `pick`. */
export async function pickSuggestion(scope: Page | ReturnType<Page['locator']>, typed: string, pick: RegExp) {
  const box = scope.getByRole('combobox', { name: 'Dirección' });
  await box.fill(typed);
  const option = scope.getByRole('option', { name: pick }).first();
  await expect(option).toBeVisible();
  await option.click();
  await expect(box).toHaveValue(pick);
}

/** A click on the map a little off its centre: the pin moves there and the reverse lookup relabels it. */
export async function clickMap(page: Page, scope: Page | ReturnType<Page['locator']>) {
  const map = scope.getByRole('region', { name: 'Mapa de la dirección' });
  await map.scrollIntoViewIfNeeded();
  const box = await map.boundingBox();
  if (!box) throw new Error('map not laid out');
  const reverse = page.waitForResponse((response) => response.url().includes('/v1/geo/reverse/'));
  await map.click({ position: { x: box.width * 0.35, y: box.height * 0.4 } });
  expect((await reverse).status()).toBe(200);
}
