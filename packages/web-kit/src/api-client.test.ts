import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost, setCsrfToken } from './api-client.ts';

function respond(status: number, body: unknown) {
  return vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

/** A fetch that answers the CSRF-token call with `tokens` in turn and every other call with `answers` in turn. */
function server(tokens: string[], answers: Array<[number, unknown]>) {
  return vi.fn(async (url: string) => {
    if (url === '/v1/csrf-token/') return new Response(JSON.stringify({ csrf_token: tokens.shift() }));
    const [status, body] = answers.shift() ?? [500, null];
    return new Response(JSON.stringify(body), { status });
  });
}

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
    const fetchMock = server(['token-1'], [[201, { id: 1 }]]);
    vi.stubGlobal('fetch', fetchMock);
    await apiPost('/city/request/', { city: 'Salto', email: 'a@b.uy' });
    const [, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"city":"Salto","email":"a@b.uy"}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('fetches the CSRF token once and sends it with every state change', async () => {
    const fetchMock = server(
      ['token-1'],
      [
        [201, {}],
        [200, {}],
      ],
    );
    vi.stubGlobal('fetch', fetchMock);
    await apiPost('/city/request/', {});
    await apiPost('/logout/', undefined);
    const urls = fetchMock.mock.calls.map(([url]) => url);
    expect(urls).toEqual(['/v1/csrf-token/', '/v1/city/request/', '/v1/logout/']);
    for (const call of fetchMock.mock.calls.slice(1)) {
      const init = (call as unknown as [string, RequestInit])[1];
      expect(init.headers).toMatchObject({ 'X-CSRFToken': 'token-1' });
      expect(init.credentials).toBe('same-origin');
    }
  });

  it('fetches a fresh token and retries once when the server says the token is stale', async () => {
    const stale = { detail: 'No pudimos verificar la solicitud. Recarga la página e intenta de nuevo.' };
    const fetchMock = server(
      ['old', 'new'],
      [
        [403, stale],
        [201, { ok: true }],
      ],
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiPost('/city/request/', {})).resolves.toEqual({ ok: true });
    const sent = fetchMock.mock.calls
      .filter(([url]) => url === '/v1/city/request/')
      .map(
        (call) =>
          ((call as unknown as [string, RequestInit])[1].headers as Record<string, string>)['X-CSRFToken'],
      );
    expect(sent).toEqual(['old', 'new']);
  });

  it('does not retry other refusals', async () => {
    const fetchMock = server(['token-1'], [[403, { detail: 'Prohibido.' }]]);
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiPost('/cart/', {})).rejects.toMatchObject({ status: 403, message: 'Prohibido.' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
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
    setCsrfToken('token-1');
    vi.stubGlobal('fetch', respond(400, { email: ['Correo electrónico inválido'] }));
    await expect(apiPost('/city/request/', {})).rejects.toMatchObject({ message: 'Algo salió mal' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502 })),
    );
    await expect(apiGet('/cities/')).rejects.toMatchObject({ status: 502, message: 'Algo salió mal' });
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
