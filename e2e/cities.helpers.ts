import type { Page } from '@playwright/test';

/** A real Uruguayan city with a long name and, in these tests, no stores yet. */
export const COSTA = { id: 9001, name: 'Ciudad de la Costa', state: 'Canelones', state_id: 2 };

/**
 * The seed serves only Montevideo (spec §1): widens the served cities the browser receives with `city`, both
 * where the browser asks for them (`/v1/cities/`) and where a server-rendered page carries them in its HTML
 * (`mandado-city-data`, decisions 079 and 083). Everything else is the real app and API.
 */
export async function serveCityToo(page: Page, city: typeof COSTA = COSTA): Promise<void> {
  await page.route('**/v1/cities/', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { results: unknown[] };
    await route.fulfill({ response, json: { results: [...body.results, city] } });
  });
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /(<script type="application\/json" id="mandado-city-data">)(.*?)(<\/script>)/s,
      (_, open: string, json: string, close: string) => {
        const entries = JSON.parse(json) as Array<{ key: unknown[]; value: unknown }>;
        for (const entry of entries) {
          if (entry.key[0] === 'cities' && Array.isArray(entry.value)) entry.value.push(city);
        }
        return `${open}${JSON.stringify(entries).replaceAll('<', '\\u003c')}${close}`;
      },
    );
    await route.fulfill({ response, body: html });
  });
}
