import { PAGE_DATA_ELEMENT_ID } from '@mandado/shared/web-page-data';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seedPageData } from './page-data.ts';
import { prefetchStartData } from './prefetch-start-data.ts';

/** A document holding only the server's data block (decision 066), with `text` as its content. */
function documentWith(text: string | null): Document {
  const element = text === null ? null : { textContent: text };
  return { getElementById: (id: string) => (id === PAGE_DATA_ELEMENT_ID ? element : null) } as Document;
}

afterEach(() => vi.unstubAllGlobals());

describe('seedPageData (decision 066)', () => {
  it('puts the embedded product in the cache, so the app start does not ask the API for it again', async () => {
    const fetchMock = vi.fn(async () => new Response('{"results":[]}'));
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    const product = { id: 42, name: 'Yerba Canarias 1 kg' };
    seedPageData(queryClient, documentWith(JSON.stringify([{ key: ['product', 42], value: product }])));
    expect(queryClient.getQueryData(['product', 42])).toEqual(product);

    prefetchStartData(queryClient, null, null, { pathname: '/ElPuerto/productDetails', search: '?id=42' });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    const calls = fetchMock.mock.calls.map((call) => String((call as unknown[])[0]));
    expect(calls.some((url) => url.includes('/v1/products/42'))).toBe(false);
  });

  it('leaves the cache empty without a block or with a broken one', () => {
    const queryClient = new QueryClient();
    seedPageData(queryClient, documentWith(null));
    seedPageData(queryClient, documentWith('[{"key": ["product", 1], "value": '));
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});
