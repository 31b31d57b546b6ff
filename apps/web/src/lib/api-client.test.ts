import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost } from './api-client.ts';

function respond(status: number, body: unknown) {
  return vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('asks for JSON under /v1 and returns the body', async () => {
    const fetchMock = respond(200, { results: [] });
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiGet('/cities/')).resolves.toEqual({ results: [] });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v1/cities/');
    expect(init.headers).toEqual({ Accept: 'application/json' });
  });

  it('sends JSON bodies', async () => {
    const fetchMock = respond(201, { id: 1 });
    vi.stubGlobal('fetch', fetchMock);
    await apiPost('/city/request/', { city: 'Salto', email: 'a@b.uy' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"city":"Salto","email":"a@b.uy"}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('turns an error answer into the spec §8 text and keeps the body', async () => {
    vi.stubGlobal('fetch', respond(404, { detail: 'No encontrado.' }));
    const error = await apiGet('/products/9').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      message: 'No encontrado.',
      body: { detail: 'No encontrado.' },
    });
  });

  it('uses the generic text for field errors and non-JSON answers', async () => {
    vi.stubGlobal('fetch', respond(400, { email: ['Correo electrónico Invalido'] }));
    await expect(apiPost('/city/request/', {})).rejects.toMatchObject({ message: 'Oops Algo salio mal' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502 })),
    );
    await expect(apiGet('/cities/')).rejects.toMatchObject({ status: 502, message: 'Oops Algo salio mal' });
  });

  it('reports a network failure as an ApiError with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiGet('/cities/')).rejects.toMatchObject({ name: 'ApiError', status: 0 });
  });

  it('lets an abort through, so a cancelled query stays cancelled', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('aborted', 'AbortError');
      }),
    );
    await expect(apiGet('/cities/')).rejects.toMatchObject({ name: 'AbortError' });
  });
});
