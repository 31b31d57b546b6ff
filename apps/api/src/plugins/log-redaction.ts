import { trace } from '@opentelemetry/api';
import type { FastifyServerOptions } from 'fastify';

/**
 * Secrets that travel in paths (issue 17 security review): the courier's link (`/v1/courier/<token>/…`,
 * `/entrega/<token>`), the family's tracking link (`/v1/tracking/<token>/`, `/seguimiento/<token>`) and a
 * store's invitation (`/v1/store-invitations/<token>/`, `/comercio/invitacion/<token>`, issue 27). The token is
 * the credential, so a log line with it would hand the order's address and actions to whoever reads the logs.
 * Case-insensitive and across repeated slashes, which the router also accepts.
 */
const TOKEN_IN_PATH = /(\/(?:courier|tracking|entrega|seguimiento|store-invitations|invitacion)\/+)[^/?#]+/gi;

/** The URL with every path token replaced by '…'; the rest (query included) unchanged. */
export function maskPathTokens(url: string): string {
  return url.replace(TOKEN_IN_PATH, '$1…');
}

/**
 * The URL as logs and traces show it (issue 27): path tokens masked and every query value dropped, keeping
 * the names. Query strings carry a reset link's token (`/password-reset?token=`), PayPal's return parameters
 * and searches typed by people (an address in the geocoder, an e-mail or a phone in the back office).
 */
export function maskUrlForLog(url: string): string {
  const masked = maskPathTokens(url);
  const question = masked.indexOf('?');
  if (question < 0) return masked;
  const query = masked
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals < 0 ? pair : `${pair.slice(0, equals)}=…`;
    })
    .join('&');
  return `${masked.slice(0, question)}?${query}`;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** International numbers as people type them (+598 99 123 456, +1-555-0100); bare digit runs are ids and times. */
const PHONE = /\+\d(?:[\s-]?\d){6,14}/g;

/**
 * The last net under every log line and error report (issue 27): e-mail addresses and international phone
 * numbers that reached a message anyway (an SMTP server's refusal, a database error's detail) are masked.
 * The first defence is not logging them: bodies, headers and query values never are.
 */
export function scrubPersonalData(text: string): string {
  return text.replace(EMAIL, '[email]').replace(PHONE, '[phone]');
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** Fastify's default `req` serializer, with the URL masked. */
export function serializeRequestForLog(request: LoggedRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: maskUrlForLog(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Secrets a careless `log.info({ headers })` or `{ body }` would write; the serializers above log neither, so
 * this is a second guard (pino replaces the values with '[Redacted]').
 */
export const REDACTED_LOG_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'headers.cookie',
  'headers.authorization',
  'headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.email',
  '*.phone',
  '*.address',
  '*.cardNumber',
  // A push service's WebPushError carries the subscription's endpoint, a capability URL.
  'err.endpoint',
];

/** The logger every app builds (pino through Fastify): masked URLs, redacted secrets, scrubbed lines. */
export function loggerOptions(
  level: string,
  options: {
    stream?: NodeJS.WritableStream | undefined;
    /** With tracing on, each line written inside a span names its trace, so logs and traces join up. */
    traceIds?: boolean;
  } = {},
): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: { req: serializeRequestForLog },
    redact: REDACTED_LOG_PATHS,
    hooks: { streamWrite: scrubPersonalData },
    ...(options.traceIds ? { mixin: traceIdOfActiveSpan } : {}),
    ...(options.stream ? { stream: options.stream } : {}),
  };
}

function traceIdOfActiveSpan(): Record<string, string> {
  const span = trace.getActiveSpan();
  return span ? { traceId: span.spanContext().traceId } : {};
}
