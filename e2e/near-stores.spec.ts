import { expect } from '@playwright/test';
import { test } from './server.fixtures.ts';
import { chooseMontevideo, storeList } from './visitor.helpers.ts';

test.describe('stores near me', () => {
  test.use({ geolocation: { latitude: -34.9058, longitude: -56.1913 }, permissions: ['geolocation'] });

  test('lists the nearest stores first, with their distance', async ({ page }) => {
    await chooseMontevideo(page);
    await page.getByRole('link', { name: 'Tiendas cerca de mí' }).click();
    await expect(page).toHaveURL(/\/allstoresNear$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tiendas cerca de mí' })).toBeVisible();
    const cards = storeList(page).getByRole('listitem');
    await expect(cards.first()).toContainText(/\d+(,\d)? (km|m)/);

    await page
      .getByRole('navigation', { name: 'Tipo de tienda' })
      .getByRole('link', { name: 'Farmacias' })
      .click();
    await expect(page).toHaveURL(/\/allstoresNear\/pharmacy$/);
    await expect(storeList(page, 'Farmacias').getByRole('listitem').first()).toContainText('Farmacias');
  });
});

test('says so when the browser has no geolocation', async ({ page }) => {
  await page.addInitScript(() => {
    // A browser without the Geolocation API.
    Reflect.deleteProperty(Navigator.prototype, 'geolocation');
  });
  await chooseMontevideo(page);
  await page.goto('/allstoresNear');
  await expect(page.getByRole('alert')).toHaveText('La ubicación no está disponible en este navegador.');
});
