import type { City } from '@mandado/shared/catalog.schemas';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchStartData } from './prefetch-start-data.ts';

const montevideo: City = { id: 1, name: 'Montevideo', state: 'Montevideo', state_id: 1 };

/** The API paths the app start asks for, answered with an empty JSON body. */
async function startCalls(
  savedCity: City | null,
  savedStoreId: number | null,
  location: { pathname: string; search: string },
): Promise<string[]> {
  const fetchMock = vi.fn(async () => new Response('{"results":[]}'));
  vi.stubGlobal('fetch', fetchMock);
  prefetchStartData(new QueryClient(), savedCity, savedStoreId, location);
  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
  await new Promise((resolve) => setTimeout(resolve, 0));
  return fetchMock.mock.calls.map((call) => String((call as unknown[])[0]));
}

afterEach(() => vi.unstubAllGlobals());

describe('prefetchStartData (decision 017)', () => {
  it("starts only the chosen store's products on a store page, never the whole city's catalog", async () => {
    const calls = await startCalls(montevideo, 7, { pathname: '/SupermercadoElPuerto/products', search: '' });
    expect(calls).toContain('/v1/stores/7/products/');
    expect(calls.some((url) => url.includes('/by-categories/'))).toBe(false);
  });

  it('starts the product of a product detail page, and no catalog', async () => {
    const calls = await startCalls(montevideo, 7, {
      pathname: '/SupermercadoElPuerto/productDetails',
      search: '?id=42',
    });
    expect(calls).toContain('/v1/products/42');
    expect(calls.some((url) => url.includes('/products/') && !url.endsWith('/products/42'))).toBe(false);
  });

  it('starts no catalog on the store list', async () => {
    const calls = await startCalls(montevideo, 7, { pathname: '/stores', search: '' });
    expect(calls.some((url) => url.includes('products'))).toBe(false);
  });
});
