/**
 * Unexpected errors (500s, failed outbox passes) go to a Sentry-compatible DSN when SENTRY_DSN is set (issue 27,
 * decision 055). The reporter is set once by the server; until then, and without a DSN, reporting does nothing.
 */
export interface ErrorContext {
  requestId?: string;
  /** The route's pattern (`/v1/orders/:number/`), never the path with its ids or tokens. */
  route?: string;
  method?: string;
  /** Where a background failure happened ('mail outbox', 'refund worker', …). */
  worker?: string;
}

export interface ErrorReporter {
  capture(error: unknown, context: ErrorContext): void;
  /** Waits until what was captured has been sent, up to `timeoutMs`; false when time ran out. */
  flush(timeoutMs: number): Promise<boolean>;
  close(timeoutMs: number): Promise<boolean>;
}

let current: ErrorReporter | null = null;

/** Installs the process's reporter (null removes it); the server calls it once, tests around their cases. */
export function setErrorReporter(reporter: ErrorReporter | null): void {
  current = reporter;
}

/** Reports an unexpected error, or does nothing when no DSN is configured. Never throws. */
export function reportError(error: unknown, context: ErrorContext = {}): void {
  try {
    current?.capture(error, context);
  } catch {
    // Reporting must never turn one failure into two.
  }
}
