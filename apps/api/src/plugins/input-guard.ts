import { MESSAGES } from '@mandado/shared/messages';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http-errors.ts';

/** Whether a parsed JSON value (or query/params object) holds a NUL character in any string or key. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL anywhere in the input would fail deep in a query as a 500.
 * Nothing a person types contains one: refuse it up front as bad input.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw new HttpError(400, { detail: MESSAGES.invalidValue });
    }
  });
}
