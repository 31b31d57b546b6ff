import { ApiError } from '@mandado/web-kit/api-client.ts';

/** An answer and the ETag it came with (null when the server sent none). */
export interface Tagged<T> {
  body: T;
  etag: string | null;
}

/**
 * A GET that sends the last ETag as If-None-Match and answers the previous body on 304 (the inbox polls every
 * few seconds: most polls change nothing and cost the server a header comparison, the phone a few bytes).
 * A request with If-None-Match skips the browser's HTTP cache (Fetch §4.5), so the 304 reaches us as it is.
 */
export async function conditionalGet<T>(
  url: string,
  previous: Tagged<T> | undefined,
  signal?: AbortSignal,
): Promise<Tagged<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (previous?.etag) headers['If-None-Match'] = previous.etag;
  let response: Response;
  try {
    response = await fetch(url, {
      headers,
      credentials: 'same-origin',
      cache: 'no-store',
      signal: signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }
  if (response.status === 304 && previous) return previous;
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return { body: data as T, etag: response.headers.get('ETag') };
}
