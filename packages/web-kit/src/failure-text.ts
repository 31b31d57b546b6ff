import { MESSAGES } from '@mandado/shared/messages';
import { ApiError } from './api-client.ts';

/** A call that got no answer at all (offline, the server down): the API client's status 0. */
export const CONNECTION_FAILED_TEXT =
  'No pudimos conectar con el servidor. Revisa tu conexión e intenta de nuevo.';

/**
 * The text under 'Algo salió mal' (spec §8) for a failed call: the connection text when there was no
 * answer, else the server's text in the §8 order; nothing when it would only repeat the title.
 */
export function failureMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 0) return CONNECTION_FAILED_TEXT;
  return error.message === MESSAGES.serverError ? undefined : error.message;
}
