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

  it("starts a shared store link's products for a visitor without a city when one city is served (issue 30)", async () => {
    const fetchMock = vi.fn(async (url: string) => {
      if (url.endsWith('/v1/cities/')) return new Response(JSON.stringify({ results: [montevideo] }));
      if (url.endsWith('/v1/stores/city/Montevideo')) {
        return new Response(JSON.stringify([{ id: 7, slug: 'SupermercadoElPuerto' }]));
      }
      return new Response('{"results":[]}');
    });
    vi.stubGlobal('fetch', fetchMock);
    prefetchStartData(new QueryClient(), null, null, {
      pathname: '/SupermercadoElPuerto/products',
      search: '',
    });
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.map((call) => String(call[0]))).toContain('/v1/stores/7/products/'),
    );
  });

  it("finds a shared store link's store by its slug when several cities are served, and starts its products", async () => {
    const costa: City = { id: 2, name: 'Ciudad de la Costa', state: 'Canelones', state_id: 2 };
    const fetchMock = vi.fn(async (url: string) => {
      if (url.endsWith('/v1/cities/')) return new Response(JSON.stringify({ results: [montevideo, costa] }));
      if (url.endsWith('/v1/stores/slug/SupermercadoElPuerto')) {
        return new Response(JSON.stringify({ id: 7, slug: 'SupermercadoElPuerto' }));
      }
      return new Response('{"results":[]}');
    });
    vi.stubGlobal('fetch', fetchMock);
    prefetchStartData(new QueryClient(), null, null, {
      pathname: '/SupermercadoElPuerto/products',
      search: '',
    });
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.map((call) => String(call[0]))).toContain('/v1/stores/7/products/'),
    );
    expect(fetchMock.mock.calls.some((call) => String(call[0]).includes('/stores/city/'))).toBe(false);
  });

  it("starts a results page's search with the page's term and page (its first photo is then preloaded)", async () => {
    const calls = await startCalls(montevideo, null, { pathname: '/buscar', search: '?q=yerba&pagina=2' });
    expect(calls).toContain('/v1/products/Montevideo/?search=yerba&page=2');
    const tooShort = await startCalls(montevideo, null, { pathname: '/buscar', search: '?q=ye' });
    expect(tooShort.some((url) => url.includes('search='))).toBe(false);
  });
});
