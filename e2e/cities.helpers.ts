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
        let only: unknown = null;
        for (const entry of entries) {
          if (entry.key[0] !== 'cities' || !Array.isArray(entry.value)) continue;
          if (entry.value.length === 1) only = entry.value[0];
          entry.value.push(city);
        }
        // /stores rendered for the only city names it, as a server with several cities does for the city
        // cookie's city (decision 084): the browser then hydrates that city's page. (A store or product page
        // names none: with several cities it shows with no city, decision 080.)
        const forCity = new URL(route.request().url()).pathname === '/stores';
        if (only && forCity && !entries.some((entry) => entry.key[0] === 'page-city')) {
          entries.push({ key: ['page-city'], value: only });
        }
        return `${open}${JSON.stringify(entries).replaceAll('<', '\\u003c')}${close}`;
      },
    );
    await route.fulfill({ response, body: html });
  });
}
