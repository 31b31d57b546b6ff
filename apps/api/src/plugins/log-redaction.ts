/**
 * Secrets that travel in paths (issue 17 security review): the courier's link (`/v1/courier/<token>/…`,
 * `/entrega/<token>`) and the family's tracking link (`/v1/tracking/<token>/`, `/seguimiento/<token>`). The
 * token is the credential, so a log line with it would hand the order's address and actions to whoever reads
 * the logs. Case-insensitive and across repeated slashes, which the router also accepts.
 */
const TOKEN_IN_PATH = /(\/(?:courier|tracking|entrega|seguimiento)\/+)[^/?#]+/gi;

/** The URL with every path token replaced by '…'; the rest (query included) unchanged. */
export function maskPathTokens(url: string): string {
  return url.replace(TOKEN_IN_PATH, '$1…');
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
    url: maskPathTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
