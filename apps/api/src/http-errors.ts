import type { OutOfStockError } from '@mandado/shared/api-error.schemas';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';

/** An error a service throws to answer the caller with a 4xx in one of the spec's error shapes. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: { detail: string } | Record<string, string[]> | OutOfStockError,
    /** Headers the answer carries too (a 429's Retry-After). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super('detail' in body && typeof body.detail === 'string' ? body.detail : JSON.stringify(body));
  }
}

export function notFound(detail: string = SERVER_MESSAGES.notFound): HttpError {
  return new HttpError(404, { detail });
}
