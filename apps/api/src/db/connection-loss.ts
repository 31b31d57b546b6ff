/**
 * The one place that says "the connection to PostgreSQL is gone" (issue 27): the server ended the backend
 * (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now: starting or stopping), the protocol
 * lost its connection (class 08), or the socket failed under the driver. Such a statement never reached a
 * result, so the caller may run it again on a new connection when that is safe (a read, a whole transaction
 * that did not reach COMMIT); otherwise the request answers 503 and the client tries again.
 */
const CONNECTION_LOST_SQLSTATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const CONNECTION_LOST_SOCKET_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTCONN',
  'EHOSTUNREACH',
  'ECONNABORTED',
]);
/** node-postgres raises these as plain Errors, without a code. */
const CONNECTION_LOST_MESSAGES = [
  /Connection terminated/i,
  /connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /Cannot use a pool after calling end on the pool/i,
  /PGlite is closed/i,
];

/** Looks through Drizzle's wrapper (DrizzleQueryError keeps the driver's error as `cause`). */
export function isConnectionLost(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Object; depth++) {
    const code = (current as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (CONNECTION_LOST_SQLSTATES.has(code) || CONNECTION_LOST_SOCKET_CODES.has(code))
    ) {
      return true;
    }
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && CONNECTION_LOST_MESSAGES.some((pattern) => pattern.test(message))) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A statement that may run again after its connection died: one plain SELECT outside a transaction (the
 * pool's own query). Row locks (`for update`, `for share`) only make sense inside a transaction, and a
 * SELECT that takes one is left alone all the same; anything else (writes, `with ... update`) may have
 * committed before the connection went, so it is not repeated.
 */
export function isIdempotentRead(text: string): boolean {
  return /^\s*select\b/i.test(text) && !/\bfor\s+(update|no\s+key\s+update|share|key\s+share)\b/i.test(text);
}
