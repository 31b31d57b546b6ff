import { ApiError } from '../api-client.ts';
import { failureMessage } from '../failure-text.ts';

/** Keys of an error answer that are not about one field (spec §8). */
const GENERAL_KEYS = new Set(['detail', '__all__', 'non_field_errors', 'errors', 'error']);

function firstText(value: unknown): string | undefined {
  if (typeof value === 'string' && value.length > 0) return value;
  if (Array.isArray(value)) return firstText(value[0]);
  return undefined;
}

/**
 * The first message of each field in a 400 answer ({email: ['Ya existe…']}), with the server's field names
 * renamed to the form's (login sends the e-mail as `username`).
 */
export function apiFieldErrors(
  error: unknown,
  rename: Readonly<Record<string, string>> = {},
): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const body = error.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (GENERAL_KEYS.has(key)) continue;
    const text = firstText(value);
    if (text) fields[rename[key] ?? key] = text;
  }
  return fields;
}

/**
 * The notification text under 'Algo salió mal' (spec §8): the server's text in the §8 order, or the
 * first field message when the answer only has field errors; nothing when there is nothing more to say.
 */
export function failureText(error: unknown): string | undefined {
  return failureMessage(error) ?? Object.values(apiFieldErrors(error))[0];
}
