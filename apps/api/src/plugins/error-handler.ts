import { MESSAGES } from '@mandado/shared/messages';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionLost } from '../db/connection-loss.ts';
import { HttpError } from '../http-errors.ts';

/** Seconds a client waits before trying again after a lost database connection: a restart takes a few. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const FRAMEWORK_DETAILS: Record<string, { status: number; detail: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, detail: SERVER_MESSAGES.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, detail: SERVER_MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, detail: SERVER_MESSAGES.invalidJson },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, detail: SERVER_MESSAGES.invalidJson },
};

/**
 * Turns every failure into one of the spec's error shapes with a Spanish text: body and query problems as a
 * list per field (`non_field_errors` for the whole object), a bad path parameter as a 404 (no such
 * resource), a lost database connection as a 503 with Retry-After, and anything unexpected as a logged 500
 * that reveals nothing.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send(error.body);

    if (hasZodFastifySchemaValidationErrors(error)) {
      if (error.validationContext === 'params')
        return reply.status(404).send({ detail: SERVER_MESSAGES.notFound });
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.split('/').filter(Boolean)[0] ?? 'non_field_errors';
        fields[field] = [...(fields[field] ?? []), issue.message ?? MESSAGES.invalidValue];
      }
      return reply.status(400).send(fields);
    }

    const known = error.code ? FRAMEWORK_DETAILS[error.code] : undefined;
    if (known) return reply.status(known.status).send({ detail: known.detail });
    if (error.statusCode === 429) return reply.status(429).send({ detail: SERVER_MESSAGES.tooManyRequests });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ detail: MESSAGES.invalidValue });
    }

    // The database went away and the statement could not safely run again (a write outside a transaction, a
    // COMMIT whose outcome is unknown, or the database is still down): try again, not a 500 (issue 27).
    if (isConnectionLost(error)) {
      request.log.warn({ err: error }, 'database connection lost');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send({ detail: SERVER_MESSAGES.serviceUnavailable });
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: MESSAGES.serverError });
  });
}
