import { expect, type Page } from '@playwright/test';
import { openAddressPopup, skipAddressPopup } from './address.helpers.ts';

export const CITY_SCREEN_TITLE = '¿A qué ciudad enviamos tu compra?';

/**
 * Waits until the shop's page is hydrated (state/hydration.ts marks `<html data-hydrated>`): a browse page's
 * server markup is visible at once (decisions 079, 083, 084), and a tap or typing before hydration does nothing.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html[data-hydrated]')).toBeAttached({ timeout: 15_000 });
}

/**
 * A new visitor lands on the city screen and picks Montevideo; the city has several stores. The address bar
 * a first visit shows over the store list is skipped unless the test is about the address popup, which it
 * then opens (issue 30: the popup no longer opens by itself).
 */
export async function chooseMontevideo(page: Page, options: { addressPopup?: boolean } = {}): Promise<void> {
  if (!options.addressPopup) await skipAddressPopup(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: CITY_SCREEN_TITLE })).toBeVisible();
  await hydrated(page);
  await page.getByRole('button', { name: 'Montevideo' }).click();
  await expect(page).toHaveURL(/\/stores$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Elige una tienda' })).toBeVisible();
  if (options.addressPopup) await openAddressPopup(page);
}

/** The store list's cards, once loaded. */
export function storeList(page: Page, label = 'Todas las tiendas') {
  return page.getByRole('list', { name: label });
}

/** Opens the first store of the list and waits for its products page. */
export async function openFirstStore(page: Page): Promise<string> {
  const link = storeList(page).getByRole('link').first();
  const name = (await link.textContent())?.trim() ?? '';
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return name;
}

/** The search box of the top menu (spec §2: placeholder 'Buscar'). */
export function searchBox(page: Page) {
  return page.getByRole('combobox', { name: 'Buscar productos' });
}

/**
 * The site footer loads when the shopper scrolls near it (it is never part of a page's first load): scroll to
 * the bottom like a person would, and wait for it.
 */
export async function revealFooter(page: Page): Promise<void> {
  // Scrolled again until it shows: content still arriving (a store list) can push the bottom further down.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByRole('contentinfo')).toBeVisible({ timeout: 1_000 });
  }).toPass();
}
