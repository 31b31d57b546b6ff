import { apiErrorText } from '@mandado/shared/api-error-text';

const API_BASE = '/v1';

/** A failed call: `message` is already the text to show (spec §8), `body` keeps the answer for field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(apiErrorText(body));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

async function request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    // An aborted query must stay an AbortError so TanStack Query treats it as a cancellation.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }
  const data = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, data);
  return data as T;
}

export function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return request<T>('GET', path, undefined, signal);
}

export function apiPost<T>(path: string, body: unknown): Promise<T> {
  return request<T>('POST', path, body);
}

/** Encodes one path segment (city names carry spaces and accents). */
export function segment(value: string | number): string {
  return encodeURIComponent(String(value));
}
