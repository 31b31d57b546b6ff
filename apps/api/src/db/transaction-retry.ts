/**
 * PostgreSQL's codes for "this transaction lost a race, run it again": a serialization failure and a
 * detected deadlock (decision 036). Both abort the whole transaction and guarantee it changed nothing, so
 * running it again from the start is the documented answer; any other error is the caller's.
 */
const RETRYABLE_CODES = new Set(['40001', '40P01']);

export interface RetryOptions {
  /** Runs of the transaction in all, the first included. */
  attempts: number;
  /** The first wait in milliseconds; each retry doubles it, with full jitter. */
  baseDelayMs: number;
  /** Tests count retries with it; the server logs nothing (a retry that succeeds is not news). */
  onRetry?: (error: unknown, attempt: number) => void;
  /**
   * Which errors run the transaction again; by default a lost race (40001, 40P01). The database handle adds
   * a lost connection before COMMIT (issue 27).
   */
  isRetryable?: (error: unknown) => boolean;
  /** The first wait for an error `isRetryable` accepted that is not a lost race (a reconnect takes longer). */
  slowBaseDelayMs?: number;
}

export const defaultRetryOptions: RetryOptions = { attempts: 5, baseDelayMs: 15, slowBaseDelayMs: 100 };

/** The SQLSTATE of a driver error, looking through Drizzle's wrapper (DrizzleQueryError keeps it as `cause`). */
export function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Object; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isRetryableTransactionError(error: unknown): boolean {
  const code = sqlStateOf(error);
  return code !== undefined && RETRYABLE_CODES.has(code);
}

/**
 * Runs `run` (one whole transaction) and runs it again when PostgreSQL aborted it as a deadlock victim or a
 * serialization failure, a bounded number of times with exponential back-off and full jitter, so the
 * transactions that collided do not collide again in step. The last error is thrown as it was.
 */
export async function withTransactionRetries<T>(
  run: () => Promise<T>,
  options: RetryOptions = defaultRetryOptions,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const lostRace = isRetryableTransactionError(error);
      if (attempt >= options.attempts || !(lostRace || options.isRetryable?.(error))) throw error;
      options.onRetry?.(error, attempt);
      const base = lostRace ? options.baseDelayMs : (options.slowBaseDelayMs ?? options.baseDelayMs);
      const ceiling = base * 2 ** (attempt - 1);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
    }
  }
}
