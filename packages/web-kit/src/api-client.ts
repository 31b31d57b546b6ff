import type { CsrfToken } from '@mandado/shared/account.schemas';
import { apiErrorText } from '@mandado/shared/api-error-text';
import { MESSAGES } from '@mandado/shared/messages';

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

/**
 * The CSRF token of the current session (or of the visitor's pre-session cookie). Every state change sends
 * it as X-CSRFToken (decision 007); it is fetched on first need and again when the server says it is stale
 * (after a login, a logout or an expired session).
 */
let csrfToken: string | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

async function fetchCsrfToken(): Promise<string> {
  const body = await send<CsrfToken>('GET', '/csrf-token/');
  csrfToken = body.csrf_token;
  return body.csrf_token;
}

async function send<T>(
  method: string,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
  csrf?: string,
  extraHeaders?: Readonly<Record<string, string>>,
): Promise<T> {
  const headers: Record<string, string> = { ...extraHeaders, Accept: 'application/json' };
  // A Blob (a photo) goes as it is, typed by its own MIME type; anything else as JSON.
  const raw = body instanceof Blob;
  if (body !== undefined)
    headers['Content-Type'] = raw ? body.type || 'application/octet-stream' : 'application/json';
  if (csrf) headers['X-CSRFToken'] = csrf;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? null : raw ? body : JSON.stringify(body),
      credentials: 'same-origin',
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

function isCsrfFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.message === MESSAGES.csrfFailed;
}

async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
  headers?: Readonly<Record<string, string>>,
): Promise<T> {
  if (method === 'GET') return send<T>(method, path, body, signal);
  const token = csrfToken ?? (await fetchCsrfToken());
  try {
    return await send<T>(method, path, body, signal, token, headers);
  } catch (error) {
    if (!isCsrfFailure(error)) throw error;
    return send<T>(method, path, body, signal, await fetchCsrfToken(), headers);
  }
}

export function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return request<T>('GET', path, undefined, signal);
}

/** `headers`: call-specific headers, e.g. checkout's `Idempotency-Key` (kept for retries of one attempt). */
export function apiPost<T>(
  path: string,
  body: unknown,
  headers?: Readonly<Record<string, string>>,
): Promise<T> {
  return request<T>('POST', path, body, undefined, headers);
}

export function apiPut<T>(path: string, body?: unknown): Promise<T> {
  return request<T>('PUT', path, body);
}

/** `body`: a DELETE that names what to remove (a push subscription's endpoint). */
export function apiDelete<T>(path: string, body?: unknown): Promise<T> {
  return request<T>('DELETE', path, body);
}

/** Posts a file as the raw body (the courier's photo), with the CSRF token like every state change. */
export function apiPostBody<T>(path: string, body: Blob): Promise<T> {
  return request<T>('POST', path, body);
}

/** Encodes one path segment (city names carry spaces and accents). */
export function segment(value: string | number): string {
  return encodeURIComponent(String(value));
}
